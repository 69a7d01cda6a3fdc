import { useId, useMemo } from 'react';
import './export.css';
import { downloadText } from '../components/figures/exportImage.ts';
import { useCopy } from '../components/useCopy.ts';
import { formatInteger, SAMPLING_LABELS } from '../core/labels.ts';
import { tableToCsv, tableToLatex, type ExportTable } from '../figures/exportTable.ts';
import { estimatesExport, resultsExport, type EstimatesExportInput } from '../figures/resultsExport.ts';
import type { ExactIntervals } from '../figures/resultsTable.ts';
import type { TableResult } from '../state/store.ts';

export interface ExportBarProps {
  /** The table as shown; null while there is none. */
  readonly table: ExportTable | null;
  /** The files' base name: "metrics" → metrics.csv, metrics.tex. */
  readonly fileName: string;
  /** What is exported, for the group's accessible name: "the metrics table". */
  readonly what: string;
}

/** "CSV", "LaTeX" (downloads) and "Copy LaTeX" for a results table; where copying is refused, the LaTeX to select. */
export function ExportBar({ table, fileName, what }: ExportBarProps) {
  const id = useId();
  const { status, copy } = useCopy();
  const latex = useMemo(() => (table ? tableToLatex(table) : ''), [table]);
  if (!table) return null;
  return (
    <div className="export-bar" role="group" aria-label={`Export ${what}`}>
      <span className="export-label">Export:</span>
      <button
        type="button"
        title="Download the values at full precision as CSV"
        onClick={() => downloadText(tableToCsv(table), `${fileName}.csv`)}
      >
        CSV
      </button>
      <button
        type="button"
        title="Download a LaTeX tabular (booktabs), values at 3 decimals"
        onClick={() => downloadText(latex, `${fileName}.tex`, 'application/x-tex')}
      >
        LaTeX
      </button>
      <button type="button" title="Copy the LaTeX tabular to the clipboard" onClick={() => void copy(latex)}>
        Copy LaTeX
      </button>
      {status === 'copied' ? (
        <span role="status" className="export-status">
          LaTeX copied.
        </span>
      ) : null}
      {status === 'failed' ? (
        <div className="export-fallback">
          <label htmlFor={`${id}-latex`}>The clipboard is not available: copy the LaTeX from here</label>
          <textarea id={`${id}-latex`} readOnly rows={6} value={latex} onFocus={(e) => e.target.select()} />
        </div>
      ) : null}
    </div>
  );
}

/** The export bar of the exact vs. sampled metrics table, its headers naming n, m and the sampling law. */
export function ResultsExportBar(props: {
  readonly result: TableResult;
  readonly intervals: ExactIntervals | null;
  /** "each user’s own n (1,393–3,687)" when the users have their own n; null: all n items. */
  readonly itemCountText: string | null;
}) {
  const { result, intervals, itemCountText } = props;
  const table = useMemo(
    () =>
      resultsExport({
        rows: result.rows,
        metrics: result.metrics,
        intervals,
        itemCountText: itemCountText ?? `all n = ${formatInteger(result.itemCount)} items`,
        sampleSize: result.sampleSize,
        samplingText: SAMPLING_LABELS[result.sampling],
        definitions: result.definitions,
      }),
    [result, intervals, itemCountText],
  );
  return <ExportBar table={table} fileName="metrics" what="the metrics table" />;
}

/** The export bar of the estimates table of one metric (the value and interval arrays the table is built from). */
export function EstimatesExportBar(props: Omit<EstimatesExportInput, 'digits'>) {
  const { metric, recommenders, methods, value, interval, caption, variants } = props;
  const table = useMemo(
    () => estimatesExport({ metric, recommenders, methods, value, interval, caption, variants }),
    [metric, recommenders, methods, value, interval, caption, variants],
  );
  return <ExportBar table={table} fileName={`estimates-${metric.replace('@', '-at-')}`} what="the estimates table" />;
}
