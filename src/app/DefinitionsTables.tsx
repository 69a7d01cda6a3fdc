import { Fragment, useEffect, useState } from 'react';
import { Formula } from '../components/Formula.tsx';
import { formatDecimal, formatInteger } from '../core/labels.ts';
import type { DefinitionsResult, SampledSupport, TieComparison, VariantRow } from '../../workers/definitions.ts';

/** The Tamm et al. metric names, in their Table 1's order (the catalogue's). */
const FAMILY_LABELS: Readonly<Record<VariantRow['metric'], string>> = {
  hitrate: 'HitRate@K',
  ap: 'MAP@K',
  mrr: 'MRR@K',
  ndcg: 'NDCG@K',
  precision: 'Precision@K',
  recall: 'Recall@K',
  auc: 'AUC',
};

const SUPPORT_TEXT: Readonly<Record<SampledSupport, string>> = {
  same: 'sampled: expected value and corrections apply',
  'expected-only': 'sampled: expected value only; no sampled correction for this definition',
  none: 'no sampled value or correction for this definition (several relevant items per user)',
};

const value = (v: number | null) => (v === null ? '—' : formatDecimal(v, 4));

/** Formulas typeset per timer tick: KaTeX renders on the main thread, and 22 at once would block it. */
const FORMULAS_PER_TICK = 2;

/** How many of `total` items to show: a few more at each tick, so that no task of the page runs long. */
function useStaggered(total: number, step: number): number {
  const [count, setCount] = useState(step);
  useEffect(() => {
    if (count >= total) return;
    const timer = setTimeout(() => setCount((c) => c + step), 0);
    return () => clearTimeout(timer);
  }, [count, total, step]);
  return count;
}

/** Every variant side by side: its formula, the libraries that compute it, its value per recommender. */
export function VariantsTable({
  result,
  names,
  chosen,
}: {
  readonly result: DefinitionsResult;
  readonly names: readonly string[];
  /** Ids of the variants the results table uses. */
  readonly chosen: ReadonlySet<string>;
}) {
  const rows = result.variants;
  const typeset = useStaggered(rows.length, FORMULAS_PER_TICK);
  return (
    <div className="table-scroll" role="region" aria-label="Metric variants" tabIndex={0}>
      <table className="variants-table">
        <caption>
          Each value is the mean over the recommender’s users. ● marks the definition the results table uses; under each
          name, how far the sampled evaluation (expected sampled value, corrections) follows it.
        </caption>
        <thead>
          <tr>
            <th scope="col">Definition</th>
            <th scope="col">Formula</th>
            <th scope="col">Libraries (Tamm et al.)</th>
            {names.map((name) => (
              <th scope="col" className="num" key={name}>
                {name}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row, j) => (
            <Fragment key={row.id}>
              {j === 0 || rows[j - 1].metric !== row.metric ? (
                <tr className="family">
                  <th scope="rowgroup" colSpan={names.length + 3}>
                    {FAMILY_LABELS[row.metric]}
                  </th>
                </tr>
              ) : null}
              <tr data-variant={row.id}>
                <th scope="row">
                  {chosen.has(row.id) ? (
                    <>
                      <span aria-hidden="true">● </span>
                      <span className="visually-hidden">(used in the results table) </span>
                    </>
                  ) : null}
                  {row.label}
                  <span className="variant-id">{row.id}</span>
                  <span className="support">{SUPPORT_TEXT[row.sampled]}</span>
                </th>
                <td className="formula-cell">
                  {j < typeset ? (
                    <Formula tex={row.formula} label={`${row.label} formula`} />
                  ) : (
                    <code>{row.formula}</code>
                  )}
                </td>
                <td className="libraries">
                  {row.libraries.length > 0 ? row.libraries.join(', ') : '—'}
                  {row.note ? <span className="variant-note">{row.note}</span> : null}
                </td>
                {row.values.map((v, i) => (
                  <td className="num" key={names[i]}>
                    {value(v)}
                  </td>
                ))}
              </tr>
            </Fragment>
          ))}
        </tbody>
      </table>
    </div>
  );
}

const RULE_HEADS = ['optimistic', 'random (expected)', 'pessimistic'];

/** Recall@K and AUC under the three tie rules side by side, for data whose relevant items tie with others. */
export function TiesTable({ rows, cutoff }: { readonly rows: readonly TieComparison[]; readonly cutoff: number }) {
  return (
    <div className="table-scroll" role="region" aria-label="Ties comparison" tabIndex={0}>
      <table className="variants-table ties">
        <caption>
          Exact metrics with tied items ordered optimistically (relevant first), at random (the exact expectation over
          every order of each tie group) and pessimistically (relevant last).
        </caption>
        <thead>
          <tr>
            <th scope="col" rowSpan={2}>
              Recommender
            </th>
            <th scope="col" rowSpan={2} className="num">
              Users with ties
            </th>
            <th scope="colgroup" colSpan={3} className="group-start">
              Recall@{cutoff}
            </th>
            <th scope="colgroup" colSpan={3} className="group-start">
              AUC
            </th>
          </tr>
          <tr>
            {[0, 1].flatMap((group) =>
              RULE_HEADS.map((rule, i) => (
                <th scope="col" key={`${group}-${rule}`} className={i === 0 ? 'num group-start' : 'num'}>
                  {rule}
                </th>
              )),
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={row.recommender}>
              <th scope="row">{row.recommender}</th>
              <td className="num">{formatInteger(row.tiedUsers)}</td>
              {[...row.recall, ...row.auc].map((v, i) => (
                <td key={i} className={i % 3 === 0 ? 'num group-start' : 'num'}>
                  {formatDecimal(v, 4)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
