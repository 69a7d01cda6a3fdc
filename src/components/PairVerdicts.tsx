import type { VerdictModel } from '../figures/orderings.ts';
import { MethodHeading } from './MethodTable.tsx';

export interface PairVerdictsProps {
  readonly model: VerdictModel;
  /** The metric's label, for the table's caption. */
  readonly metricLabel: string;
  /** Below the sentences: the difference by every method (not for a single method). */
  readonly table: boolean;
  /** The region's accessible name (default "Verdicts"). */
  readonly label?: string;
}

/**
 * One sentence per pair of recommenders (the difference and its 95% interval over users by the primary method),
 * then the difference by every method: "≈" marks an interval that holds 0 (within the noise of the user sample).
 */
export function PairVerdicts({ model, metricLabel, table, label = 'Verdicts' }: PairVerdictsProps) {
  if (model.pairs.length === 0) return null;
  return (
    <div className="verdicts" role="region" aria-label={label}>
      <ul className="verdict-sentences">
        {model.pairs.map((p) => (
          <li key={`${p.ahead}|${p.behind}`} className={`verdict ${p.status}${p.reversed ? ' reversed' : ''}`}>
            {p.sentence}
          </li>
        ))}
      </ul>
      {table ? (
        <div className="table-scroll" role="region" aria-label="Differences by method" tabIndex={0}>
          <table className="verdict-table">
            <caption>
              Differences in {metricLabel} by method (first − second of each pair) and their 95% intervals over users; ≈
              marks an interval that holds 0.
            </caption>
            <thead>
              <tr>
                <th scope="col">Pair</th>
                {model.columns.map((c) => (
                  <MethodHeading key={c.id} column={c} className="num" />
                ))}
              </tr>
            </thead>
            <tbody>
              {model.pairs.map((p) => (
                <tr key={`${p.ahead}|${p.behind}`}>
                  <th scope="row">
                    {p.ahead} − {p.behind}
                  </th>
                  {p.cells.map((cell, j) => (
                    <td
                      key={model.columns[j].id}
                      data-method={model.columns[j].id}
                      className={`num${cell.noise ? ' noise' : ''}${cell.outOfRange ? ' out-of-range' : ''}`}
                    >
                      {cell.noise ? (
                        <span className="noise-mark" title="within the noise: the interval holds 0">
                          ≈{' '}
                        </span>
                      ) : null}
                      <span className="value">{cell.text}</span>
                      {cell.interval ? <span className="interval">{cell.interval}</span> : null}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
