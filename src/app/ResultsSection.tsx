import { useMemo } from 'react';
import { OrderingNotes } from '../components/OrderingNotes.tsx';
import { ResultsTable } from '../components/ResultsTable.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { formatInteger, metricLabel, SAMPLING_LABELS } from '../core/labels.ts';
import { resultsTable } from '../figures/resultsTable.ts';
import { refreshTable } from '../state/actions.ts';
import { TOY_ITEM_COUNT, TOY_RECOMMENDERS, TOY_SAMPLE_SIZE } from '../state/toyExample.ts';
import { useExplorer } from './useExplorer.ts';

/** The table of exact vs. expected sampled metrics, with the ordering notes and any error. */
export function ResultsSection() {
  const job = useExplorer((s) => s.table);
  const result = job.value;
  const model = useMemo(
    () =>
      result
        ? resultsTable(
            result.rows,
            result.metrics.map((id) => ({ id, label: metricLabel(id) })),
          )
        : null,
    [result],
  );
  const paper =
    result !== null &&
    isToyExample(result.rows) &&
    result.itemCount === TOY_ITEM_COUNT &&
    result.sampleSize === TOY_SAMPLE_SIZE;
  const samplingLabel = result
    ? `m = ${formatInteger(result.sampleSize)} sampled items ${SAMPLING_LABELS[result.sampling]}`
    : '';

  return (
    <section className="results" aria-labelledby="results-title">
      <h2 id="results-title">Exact vs. sampled metrics</h2>
      <p className="lede">
        Exact metrics rank each held-out item among all <i>n</i> items; sampled evaluation ranks it among <i>m</i>{' '}
        random irrelevant items instead. The table gives the exact value next to the expected value of the sampled
        metric and its spread{paper ? ' for the paper’s running example (section 3.2)' : ''}.
      </p>
      {job.status === 'error' ? (
        <StatusMessage message={job.message} onRetry={job.retryable ? () => void refreshTable() : undefined} />
      ) : null}
      {model && result ? (
        <>
          <ResultsTable
            model={model}
            caption={`Metrics averaged over each recommender’s users, n = ${formatInteger(result.itemCount)} items.`}
            exactHeading={
              <>
                Exact, all <i>n</i> = {formatInteger(result.itemCount)} items
                {paper ? <span className="paper-ref">paper’s Table 1</span> : null}
              </>
            }
            sampledHeading={
              <>
                Sampled, <i>m</i> = {formatInteger(result.sampleSize)} {SAMPLING_LABELS[result.sampling]}: expected ±
                std
                {paper ? <span className="paper-ref">paper’s Table 2 (1000 simulated runs)</span> : null}
              </>
            }
            busy={job.status === 'loading'}
          />
          <p className="table-key">
            <span className="best-mark" aria-hidden="true">
              ▲
            </span>{' '}
            best value in its column (ties at 3 decimals all marked). ± is the standard deviation of the average over
            users under repeated sampling, computed exactly from the sampled-rank distribution (eq. 16) rather than by
            simulation.
          </p>
          <OrderingNotes orderings={model.orderings} samplingLabel={samplingLabel} />
        </>
      ) : job.status === 'loading' ? (
        <p className="muted" role="status">
          Computing…
        </p>
      ) : null}
    </section>
  );
}

/** True when the rows are the paper's recommenders A, B and C with their ranks (the paper's tables apply). */
function isToyExample(rows: readonly { name: string; ranksText: string }[]): boolean {
  return (
    rows.length === TOY_RECOMMENDERS.length &&
    rows.every(
      (row, i) => row.name === TOY_RECOMMENDERS[i].name && row.ranksText === TOY_RECOMMENDERS[i].ranks.join(', '),
    )
  );
}
