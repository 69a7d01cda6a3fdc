import { useState, type RefObject } from 'react';
import type { PlotFigure } from '../../figures/plot.ts';
import { downloadPng, downloadSvg, figureSvg } from './exportImage.ts';

export interface ExportButtonsProps {
  readonly svgRef: RefObject<SVGSVGElement | null>;
  readonly figure: Pick<PlotFigure, 'id' | 'title' | 'legend'>;
  readonly hidden: ReadonlySet<string>;
}

/** "SVG" and "PNG" buttons that download the figure as it is shown (hidden series stay hidden). */
export function ExportButtons({ svgRef, figure, hidden }: ExportButtonsProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const markup = () => (svgRef.current ? figureSvg(svgRef.current, figure.title, figure.legend, hidden) : null);
  const onSvg = () => {
    const svg = markup();
    if (svg) downloadSvg(svg, figure.id);
  };
  const onPng = () => {
    const svg = markup();
    if (!svg) return;
    setProblem(null);
    downloadPng(svg, figure.id).catch((error: unknown) =>
      setProblem(error instanceof Error ? error.message : String(error)),
    );
  };
  return (
    <span className="export-buttons" role="group" aria-label={`Download ${figure.title}`}>
      <button type="button" onClick={onSvg} title="Download this figure as an SVG file">
        SVG
      </button>
      <button type="button" onClick={onPng} title="Download this figure as a PNG image (2× resolution)">
        PNG
      </button>
      {problem ? (
        <span role="alert" className="export-problem">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
