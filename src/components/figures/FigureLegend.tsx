import type { LegendItem } from '../../figures/plot.ts';

export interface FigureLegendProps {
  readonly entries: readonly LegendItem[];
  readonly hidden: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
}

/** The series legend: each entry is a toggle button that shows or hides its series in every panel. */
export function FigureLegend({ entries, hidden, onToggle }: FigureLegendProps) {
  return (
    <ul className="legend" aria-label="Legend: show or hide a series">
      {entries.map((entry) => (
        <li key={entry.id}>
          <button
            type="button"
            className="legend-item"
            aria-pressed={!hidden.has(entry.id)}
            onClick={() => onToggle(entry.id)}
          >
            <svg width="28" height="12" aria-hidden="true" className="swatch">
              {entry.mark === 'bar' ? (
                <rect x="7" y="1" width="14" height="10" fill={entry.stroke} />
              ) : (
                <line x1="1" x2="27" y1="6" y2="6" stroke={entry.stroke} strokeDasharray={entry.dash ?? undefined} />
              )}
            </svg>
            {entry.label}
          </button>
        </li>
      ))}
    </ul>
  );
}
