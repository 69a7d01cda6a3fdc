import type { ReactNode } from 'react';
import type { ResultsTableModel } from '../figures/resultsTable.ts';

export interface ResultsTableProps {
  readonly model: ResultsTableModel;
  /** The caption, e.g. which n and m the numbers are for. */
  readonly caption: string;
  readonly exactHeading: ReactNode;
  readonly sampledHeading: ReactNode;
  /** True while newer numbers are being computed: the table is dimmed and marked busy. */
  readonly busy: boolean;
}

function Best() {
  return (
    <span className="best-mark" aria-hidden="true">
      ▲
    </span>
  );
}

/** Exact and expected sampled metrics side by side (the paper's Tables 1 and 2); best value per column marked. */
export function ResultsTable({ model, caption, exactHeading, sampledHeading, busy }: ResultsTableProps) {
  const count = model.columns.length;
  return (
    <div className="table-scroll" role="region" aria-label="Metrics table" tabIndex={0}>
      <table className={busy ? 'results busy' : 'results'} aria-busy={busy}>
        <caption>{caption}</caption>
        <colgroup>
          <col />
          <col />
        </colgroup>
        <colgroup className="exact-group" span={count} />
        <colgroup className="sampled-group" span={count} />
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Recommender
            </th>
            <th scope="col" rowSpan={2}>
              Predicted ranks
            </th>
            <th scope="colgroup" colSpan={count} className="group-start">
              {exactHeading}
            </th>
            <th scope="colgroup" colSpan={count} className="group-start">
              {sampledHeading}
            </th>
          </tr>
          <tr>
            {[0, 1].map((group) =>
              model.columns.map((column, j) => (
                <th scope="col" key={`${group}-${column.id}`} className={j === 0 ? 'num group-start' : 'num'}>
                  {column.label}
                  {column.id.startsWith('recall@') ? (
                    <span className="metric-alias">(= HR@{column.id.slice('recall@'.length)})</span>
                  ) : null}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {model.rows.map((row) => (
            <tr key={row.name}>
              <th scope="row">{row.name}</th>
              <td className="ranks" title={row.ranksText}>
                {row.ranksText}
              </td>
              {row.cells.map((cell, j) => (
                <td
                  key={`exact-${cell.metricId}`}
                  className={`num${j === 0 ? ' group-start' : ''}${cell.exact.best ? ' best' : ''}`}
                  data-metric={cell.metricId}
                  data-kind="exact"
                >
                  {cell.exact.best ? <Best /> : null}
                  <span className="value">{cell.exact.text}</span>
                  {cell.exact.best ? <span className="visually-hidden"> (best)</span> : null}
                  {cell.exact.interval ? <span className="interval">{cell.exact.interval}</span> : null}
                </td>
              ))}
              {row.cells.map((cell, j) => (
                <td
                  key={`sampled-${cell.metricId}`}
                  className={`num${j === 0 ? ' group-start' : ''}${cell.sampled?.best ? ' best' : ''}`}
                  data-metric={cell.metricId}
                  data-kind="sampled"
                >
                  {cell.sampled ? (
                    <>
                      {cell.sampled.best ? <Best /> : null}
                      <span className="value">{cell.sampled.text}</span>
                      <span className="std"> ± {cell.sampled.std}</span>
                      {cell.sampled.best ? <span className="visually-hidden"> (best)</span> : null}
                    </>
                  ) : busy ? (
                    <span className="pending">…</span>
                  ) : (
                    <span className="pending" title="no sampled value for this definition">
                      —<span className="visually-hidden"> (no sampled value for this definition)</span>
                    </span>
                  )}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
