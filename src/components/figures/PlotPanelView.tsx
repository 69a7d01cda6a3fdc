import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import type { PlotPanel } from '../../figures/plot.ts';
import { pointCount, stepX, type Reading } from '../../figures/readout.ts';
import { fromPixel, toPixel } from '../../figures/scale.ts';
import { AxisTitle } from '../AxisTitle.tsx';

export interface PanelCursor {
  readonly panel: string;
  /** Data x of the cursor (snapped to a data point by the read-out). */
  readonly x: number;
  /** Pointer y in SVG units, for the horizontal crosshair line; null from the keyboard. */
  readonly py: number | null;
}

export interface PlotPanelViewProps {
  readonly panel: PlotPanel;
  readonly hidden: ReadonlySet<string>;
  readonly clipId: string;
  /** The read-out at the cursor when the cursor is in this panel. */
  readonly reading: Reading | null;
  readonly cursorPy: number | null;
  readonly valueText: string;
  readonly onCursor: (cursor: PanelCursor | null) => void;
}

const TICK = 5;

/** One panel: grid, axes, bars, lines, rules, points, labels, the crosshair, and a focusable read-out slider. */
export function PlotPanelView(props: PlotPanelViewProps) {
  const { panel, hidden, clipId, reading, cursorPy, valueText, onCursor } = props;
  const { frame, x, y, readout } = panel;
  const bottom = frame.y + frame.height;
  const right = frame.x + frame.width;
  const hitRef = useRef<SVGRectElement>(null);
  const shown = <T extends { series: string | null }>(items: readonly T[]) =>
    items.filter((item) => item.series === null || !hidden.has(item.series));

  const onPointerMove = (event: PointerEvent<SVGRectElement>) => {
    const matrix = hitRef.current?.getScreenCTM();
    if (!matrix || !readout) return;
    const point = new DOMPoint(event.clientX, event.clientY).matrixTransform(matrix.inverse());
    onCursor({ panel: panel.id, x: fromPixel(x, point.x), py: point.y });
  };
  const onKeyDown = (event: KeyboardEvent<SVGRectElement>) => {
    if (!readout) return;
    const current = reading?.x ?? stepX(readout, x.domain[0], 0, hidden);
    const page = Math.max(1, Math.round(pointCount(readout) / 20));
    const steps: Record<string, number> = {
      ArrowRight: 1,
      ArrowUp: 1,
      ArrowLeft: -1,
      ArrowDown: -1,
      PageUp: page,
      PageDown: -page,
      Home: -Infinity,
      End: Infinity,
    };
    if (event.key === 'Escape') return onCursor(null);
    if (!(event.key in steps)) return;
    event.preventDefault();
    onCursor({ panel: panel.id, x: stepX(readout, current, steps[event.key], hidden), py: null });
  };
  const cx = reading ? toPixel(x, reading.x) : null;

  return (
    <g className="panel">
      <clipPath id={clipId}>
        <rect x={frame.x - 2} y={frame.y - 2} width={frame.width + 4} height={frame.height + 4} />
      </clipPath>
      <text className="panel-title" x={frame.x} y={frame.y - 10}>
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
      <text className="axis-title" x={frame.x + frame.width / 2} y={bottom + TICK + 31} textAnchor="middle">
        <AxisTitle parts={x.title} />
      </text>
      <text
        className="axis-title"
        transform={`translate(${frame.x - 44},${frame.y + frame.height / 2}) rotate(-90)`}
        textAnchor="middle"
      >
        <AxisTitle parts={y.title} />
      </text>
      <g clipPath={`url(#${clipId})`}>
        {shown(panel.areas ?? []).map((a, i) => (
          <path key={`a${i}`} className="band" d={a.d} fill={a.fill} />
        ))}
        {shown(panel.bars).map((b, i) => (
          <rect key={`b${i}`} className="bar" x={b.x} y={b.y} width={b.width} height={b.height} fill={b.fill} />
        ))}
        {shown(panel.rules).map((r, i) => (
          <line
            key={`r${i}`}
            className={`rule rule-${r.kind}`}
            x1={r.x1}
            x2={r.x2}
            y1={r.y1}
            y2={r.y2}
            stroke={r.stroke}
            strokeDasharray={r.dash ?? undefined}
          />
        ))}
        {shown(panel.lines).map((l, i) => (
          <path
            key={`l${i}`}
            className="series"
            d={l.d}
            stroke={l.stroke}
            strokeWidth={l.width}
            strokeDasharray={l.dash ?? undefined}
          />
        ))}
        {shown(panel.points).map((p, i) => (
          <circle key={`p${i}`} className="point" cx={p.cx} cy={p.cy} r={p.r} fill={p.fill} />
        ))}
      </g>
      {panel.texts.map((t, i) => (
        <text
          key={`t${i}`}
          className={`plot-text text-${t.kind}`}
          x={t.x}
          y={t.y}
          textAnchor={t.anchor}
          transform={t.vertical ? `rotate(90 ${t.x} ${t.y})` : undefined}
        >
          {t.text}
        </text>
      ))}
      {reading && cx !== null ? (
        <g className="cursor" aria-hidden="true">
          <line x1={cx} x2={cx} y1={frame.y} y2={bottom} />
          {cursorPy !== null ? <line x1={frame.x} x2={right} y1={cursorPy} y2={cursorPy} /> : null}
          {reading.rows.map((row) => {
            const cy = toPixel(y, row.value);
            return Number.isFinite(cy) && cy >= frame.y - 1 && cy <= bottom + 1 ? (
              <circle key={row.id} cx={toPixel(x, row.x)} cy={cy} r={3.5} fill={row.stroke} />
            ) : null;
          })}
        </g>
      ) : null}
      {readout ? (
        <rect
          ref={hitRef}
          className="hit"
          x={frame.x}
          y={frame.y}
          width={frame.width}
          height={frame.height}
          tabIndex={0}
          role="slider"
          aria-label={`Read values: ${panel.title}. Arrow keys move, Page Up and Down jump, Escape clears.`}
          aria-valuemin={x.domain[0]}
          aria-valuemax={x.domain[1]}
          aria-valuenow={reading?.x ?? x.domain[0]}
          aria-valuetext={valueText}
          onPointerMove={onPointerMove}
          onPointerLeave={() => onCursor(null)}
          onKeyDown={onKeyDown}
          onFocus={() => {
            if (!reading) onCursor({ panel: panel.id, x: stepX(readout, x.domain[0], 0, hidden), py: null });
          }}
          onBlur={() => onCursor(null)}
        />
      ) : null}
    </g>
  );
}
