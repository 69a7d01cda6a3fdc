import { useId, useState } from 'react';
import type { MetricVsRankFigure } from '../figures/metricVsRank.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { Legend } from './Legend.tsx';

export interface MetricVsRankChartProps {
  readonly figure: MetricVsRankFigure;
  /** M(r) of the legend entry at `index` (legend order) for the 1-based rank `rank`, for the read-out. */
  readonly valueAt: (index: number, rank: number) => number;
  /** Ids of the hidden series, and the legend's toggle (controlled: the page keeps them in its view). */
  readonly hidden: ReadonlySet<string>;
  readonly onToggle: (id: string) => void;
}

/** Renders the figure model of "metric value vs. rank" as <figure><svg/><figcaption/></figure>. */
export function MetricVsRankChart({ figure, valueAt, hidden, onToggle }: MetricVsRankChartProps) {
  const id = useId();
  const [cursor, setCursor] = useState<number | null>(null);
  const visible = figure.legend.map((entry, index) => ({ ...entry, index })).filter((e) => !hidden.has(e.id));
  const readout =
    cursor === null
      ? null
      : visible.map((e) => ({ id: e.id, label: e.label, stroke: e.stroke, value: valueAt(e.index, cursor) }));
  const valueText =
    readout === null
      ? 'no rank selected'
      : `rank ${cursor}: ${readout.map((r) => `${r.label} ${r.value.toFixed(3)}`).join(', ')}`;

  return (
    <figure className="chart" aria-labelledby={`${id}-title`}>
      <div className="chart-head">
        <Legend entries={figure.legend} hidden={hidden} onToggle={onToggle} />
        <p className="readout" aria-live="polite">
          {readout === null ? (
            <span className="muted">Point at a panel, or focus it and use the arrow keys, to read M(r).</span>
          ) : (
            <>
              <span className="readout-rank">
                <i>r</i> = {cursor?.toLocaleString('en-US')}
              </span>
              {readout.map((r) => (
                <span key={r.id} className="readout-item">
                  <span className="swatch-dot" style={{ background: r.stroke }} aria-hidden="true" />
                  {r.label} {r.value.toFixed(3)}
                </span>
              ))}
            </>
          )}
        </p>
      </div>
      <svg
        className="chart-svg"
        viewBox={`0 0 ${figure.width} ${figure.height}`}
        width={figure.width}
        height={figure.height}
        aria-labelledby={`${id}-title`}
      >
        <title id={`${id}-title`}>{figure.title}</title>
        {figure.panels.map((panel) => (
          <ChartPanel
            key={panel.id}
            panel={panel}
            hidden={hidden}
            cursor={cursor}
            onCursor={setCursor}
            valueText={valueText}
            clipId={`${id}-clip-${panel.id}`}
            markers={readout ?? []}
          />
        ))}
      </svg>
      <figcaption>{figure.caption}</figcaption>
    </figure>
  );
}
