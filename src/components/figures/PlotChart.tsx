import { useId, useRef, useState, type ReactNode } from 'react';
import type { PlotFigure } from '../../figures/plot.ts';
import { readAt, readingText } from '../../figures/readout.ts';
import { toPixel } from '../../figures/scale.ts';
import { ExportButtons } from './ExportButtons.tsx';
import { FigureLegend } from './FigureLegend.tsx';
import { PlotPanelView, type PanelCursor } from './PlotPanelView.tsx';

export interface PlotChartProps {
  readonly figure: PlotFigure;
  /** Figure-specific controls (axis scales, zoom, metric), shown above the plot. */
  readonly controls?: ReactNode;
  /** True while newer data are being computed: the plot is dimmed. */
  readonly busy?: boolean;
  /** The legend's hidden series and toggle (controlled, so that the page can keep them); kept here when absent. */
  readonly legend?: { readonly hidden: ReadonlySet<string>; readonly onToggle: (id: string) => void };
}

/**
 * Renders a plot model as <figure><svg/><figcaption/></figure>: a legend that shows and hides series, a crosshair
 * with a tooltip of exact values (pointer, or keyboard on the focused panel), export as SVG and PNG, and the caption
 * that says in words what the figure shows (also the SVG's description).
 */
export function PlotChart({ figure, controls, busy = false, legend }: PlotChartProps) {
  const id = useId();
  const svgRef = useRef<SVGSVGElement>(null);
  const [ownHidden, setOwnHidden] = useState<ReadonlySet<string>>(new Set());
  const [cursor, setCursor] = useState<PanelCursor | null>(null);
  const hidden = legend?.hidden ?? ownHidden;
  const active = cursor ? figure.panels.find((p) => p.id === cursor.panel) : undefined;
  const reading = active?.readout && cursor ? readAt(active.readout, cursor.x, hidden) : null;
  const toggle =
    legend?.onToggle ??
    ((seriesId: string) => {
      const next = new Set(ownHidden);
      if (next.has(seriesId)) next.delete(seriesId);
      else next.add(seriesId);
      setOwnHidden(next);
    });
  const tip =
    active && reading
      ? {
          left: (100 * toPixel(active.x, reading.x)) / figure.width,
          top: (100 * (cursor?.py ?? active.frame.y + 8)) / figure.height,
          flip: toPixel(active.x, reading.x) > figure.width * 0.62,
        }
      : null;

  return (
    <figure className={busy ? 'plot busy' : 'plot'} aria-labelledby={`${id}-title`} aria-busy={busy}>
      <div className="plot-head ends">
        <FigureLegend entries={figure.legend} hidden={hidden} onToggle={toggle} />
        <div className="plot-tools">
          {controls}
          <ExportButtons svgRef={svgRef} figure={figure} hidden={hidden} />
        </div>
      </div>
      <div className="plot-stage">
        <svg
          ref={svgRef}
          className="chart-svg plot-svg"
          viewBox={`0 0 ${figure.width} ${figure.height}`}
          width={figure.width}
          height={figure.height}
          aria-labelledby={`${id}-title`}
          aria-describedby={`${id}-caption`}
        >
          <title id={`${id}-title`}>{figure.title}</title>
          {figure.panels.map((panel) => (
            <PlotPanelView
              key={panel.id}
              panel={panel}
              hidden={hidden}
              clipId={`${id}-clip-${panel.id}`}
              reading={panel === active ? reading : null}
              cursorPy={panel === active ? (cursor?.py ?? null) : null}
              valueText={panel === active ? readingText(reading) : 'no point selected'}
              onCursor={setCursor}
            />
          ))}
        </svg>
        {tip && reading ? (
          <div
            className={tip.flip ? 'plot-tooltip flip' : 'plot-tooltip'}
            style={{ left: `${tip.left}%`, top: `${tip.top}%` }}
            aria-hidden="true"
          >
            <div className="tooltip-x">{reading.xText}</div>
            {reading.rows.map((row) => (
              <div key={row.id} className="tooltip-row">
                <span className="swatch-dot" style={{ background: row.stroke }} />
                <span className="tooltip-label">{row.label}</span>
                <span className="tooltip-value">{row.text}</span>
              </div>
            ))}
          </div>
        ) : null}
      </div>
      <p className="visually-hidden" aria-live="polite">
        {reading ? readingText(reading) : ''}
      </p>
      <figcaption id={`${id}-caption`}>{figure.caption}</figcaption>
    </figure>
  );
}
