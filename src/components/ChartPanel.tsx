import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { axisPosition, axisValue } from '../figures/axes.ts';
import type { Panel } from '../figures/metricVsRank.ts';
import { AxisTitle } from './AxisTitle.tsx';

export interface ChartPanelProps {
  readonly panel: Panel;
  readonly hidden: ReadonlySet<string>;
  /** The rank under the read-out cursor, or null. */
  readonly cursor: number | null;
  readonly onCursor: (rank: number | null) => void;
  /** Text for screen readers describing the values at the cursor. */
  readonly valueText: string;
  readonly clipId: string;
  /** Values of the visible series at the cursor, drawn as dots. */
  readonly markers: readonly { readonly id: string; readonly stroke: string; readonly value: number }[];
}

const TICK = 5;

/** One panel of a line chart: grid, axes with ticks and titles, the series, and a rank cursor (a slider). */
export function ChartPanel({ panel, hidden, cursor, onCursor, valueText, clipId, markers }: ChartPanelProps) {
  const { frame, x, y } = panel;
  const bottom = frame.y + frame.height;
  const right = frame.x + frame.width;
  const [lo, hi] = x.domain;
  const hitRef = useRef<SVGRectElement>(null);
  const clamp = (rank: number) => Math.min(hi, Math.max(lo, Math.round(rank)));
  const inPanel = cursor !== null && cursor >= lo && cursor <= hi;

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    const matrix = hitRef.current?.getScreenCTM();
    if (!matrix) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    onCursor(clamp(axisValue(x, point.x)));
  };
  const onKeyDown = (event: KeyboardEvent<SVGRectElement>) => {
    const current = inPanel ? cursor : lo;
    const page = Math.max(1, Math.round((hi - lo) / 10));
    const steps: Record<string, number> = {
      ArrowRight: current + 1,
      ArrowUp: current + 1,
      ArrowLeft: current - 1,
      ArrowDown: current - 1,
      PageUp: current + page,
      PageDown: current - page,
      Home: lo,
      End: hi,
    };
    if (!(event.key in steps)) return;
    event.preventDefault();
    onCursor(clamp(steps[event.key]));
  };

  return (
    <g className="panel">
      <clipPath id={clipId}>
        <rect x={frame.x - 2} y={frame.y - 2} width={frame.width + 4} height={frame.height + 4} />
      </clipPath>
      <text className="panel-title" x={frame.x} y={frame.y - 12}>
        {panel.title}
      </text>
      {y.ticks.map((t) => (
        <g key={`y${t.value}`}>
          <line className="grid" x1={frame.x} x2={right} y1={t.position} y2={t.position} />
          <line className="tick" x1={frame.x - TICK} x2={frame.x} y1={t.position} y2={t.position} />
          <text className="tick-label" x={frame.x - TICK - 3} y={t.position} textAnchor="end" dominantBaseline="middle">
            {t.label}
          </text>
        </g>
      ))}
      {x.ticks.map((t) => (
        <g key={`x${t.value}`}>
          <line className="tick" x1={t.position} x2={t.position} y1={bottom} y2={bottom + TICK} />
          <text className="tick-label" x={t.position} y={bottom + TICK + 12} textAnchor="middle">
            {t.label}
          </text>
        </g>
      ))}
      <line className="axis" x1={frame.x} x2={right} y1={bottom} y2={bottom} />
      <line className="axis" x1={frame.x} x2={frame.x} y1={frame.y} y2={bottom} />
      <text className="axis-title" x={frame.x + frame.width / 2} y={bottom + TICK + 32} textAnchor="middle">
        <AxisTitle parts={x.title} />
      </text>
      <text
        className="axis-title"
        transform={`translate(${frame.x - 40},${frame.y + frame.height / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        <AxisTitle parts={y.title} />
      </text>
      <g clipPath={`url(#${clipId})`}>
        {panel.series
          .filter((s) => !hidden.has(s.id))
          .map((s) => (
            <path key={s.id} className="series" d={s.d} stroke={s.stroke} strokeDasharray={s.dash ?? undefined} />
          ))}
      </g>
      {inPanel ? (
        <g className="cursor">
          <line x1={axisPosition(x, cursor)} x2={axisPosition(x, cursor)} y1={frame.y} y2={bottom} />
          {markers.map((m) => (
            <circle key={m.id} cx={axisPosition(x, cursor)} cy={axisPosition(y, m.value)} r={3.5} fill={m.stroke} />
          ))}
        </g>
      ) : null}
      <rect
        ref={hitRef}
        className="hit"
        x={frame.x}
        y={frame.y}
        width={frame.width}
        height={frame.height}
        tabIndex={0}
        role="slider"
        aria-label={`Rank cursor: ${panel.title}`}
        aria-valuemin={lo}
        aria-valuemax={hi}
        aria-valuenow={inPanel ? cursor : lo}
        aria-valuetext={valueText}
        onPointerMove={onPointerMove}
        onPointerLeave={() => onCursor(null)}
        onKeyDown={onKeyDown}
        onFocus={() => onCursor(inPanel ? cursor : lo)}
      />
    </g>
  );
}
