import type { LegendEntry } from '../figures/metricVsRank.ts';

export interface LegendProps {
  readonly entries: readonly LegendEntry[];
  readonly hidden: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
}

/** The series legend: each entry is a toggle button that shows or hides its line. */
export function Legend({ entries, hidden, onToggle }: LegendProps) {
  return (
    <ul className="legend" aria-label="Legend: show or hide a metric">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            className="legend-item"
            aria-pressed={!hidden.has(entry.id)}
            onClick={() => onToggle(entry.id)}
          >
            <svg width="28" height="10" aria-hidden="true" className="swatch">
              <line x1="1" x2="27" y1="5" y2="5" stroke={entry.stroke} strokeDasharray={entry.dash ?? undefined} />
            </svg>
            {entry.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
