import { useMemo } from 'react';
import { OrderingNotes } from '../components/OrderingNotes.tsx';
import { PairVerdicts } from '../components/PairVerdicts.tsx';
import { ResultsTable } from '../components/ResultsTable.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { tieRuleText } from '../core/index.ts';
import { formatInteger, metricLabel, SAMPLING_LABELS, variantMetricLabel } from '../core/labels.ts';
import { itemCountRange } from '../core/rankData.ts';
import { pairVerdicts } from '../figures/orderings.ts';
import { columnDigits, resultsTable, type ExactIntervals, type MetricColumn } from '../figures/resultsTable.ts';
import { refreshTable } from '../state/actions.ts';
import type { IntervalsResult, Job, TableResult } from '../state/store.ts';
import { TOY_ITEM_COUNT, TOY_RECOMMENDERS, TOY_SAMPLE_SIZE } from '../state/toyExample.ts';
import { EstimatorSettingsPanel } from './EstimatorSettingsPanel.tsx';
import { ResultsExportBar } from './ExportBar.tsx';
import { IntervalStatus } from './IntervalStatus.tsx';
import { MetricFormulas } from './MetricFormulas.tsx';
import { Computing, MetricSelect } from './MetricSelect.tsx';
import { useExplorer } from './useExplorer.ts';

/** The exact metrics' intervals over users, when they are about this table's recommenders. */
function exactIntervals(result: TableResult, job: Job<IntervalsResult>): ExactIntervals | null {
  const value = job.value;
  const names = result.rows.map((r) => r.name);
  if (!value || value.rankKind !== 'true' || value.recommenders.join('\n') !== names.join('\n')) return null;
  const exact = value.values.exact;
  if (!exact) return null;
  const values = Object.fromEntries(
    names.map((name, r) => [name, Object.fromEntries(value.metrics.map((id, j) => [id, exact[r][j]]))]),
  );
  return { values, differences: value.differences };
}

/** The verdict on every pair for one metric: the exact difference and its interval over users. */
function verdictOf(result: TableResult, intervals: ExactIntervals | null, job: Job<IntervalsResult>, metric: string) {
  const exact = result.rows.map((r) => [r.results[metric]?.exact ?? NaN]);
  const sampled = result.rows.map((r) => r.results[metric]?.sampledMean ?? NaN);
  return pairVerdicts({
    metric,
    metricLabel: metricLabel(metric),
    recommenders: result.rows.map((r) => r.name),
    methods: ['exact'],
    value: exact,
    differences: intervals?.differences ?? [],
    users: job.value?.users ?? [],
    sampled: sampled.every(Number.isFinite)
      ? { values: sampled, label: `the expected sampled metric (m = ${formatInteger(result.sampleSize)})` }
      : null,
    missing:
      job.status === 'loading'
        ? 'its 95% interval over users is being computed'
        : job.status === 'error'
          ? 'its interval over users was not computed'
          : 'no interval (bootstrap B = 0)',
  });
}

/** The table of exact vs. expected sampled metrics, with the ordering notes and any error. */
/**
 * The results table's columns: each metric named under its definition, and its decimals (values that would all
 * print as 0.000, AP read as AP@K / K with K = n, get more), for the table and the summary's orders alike.
 */
export function tableColumns(result: TableResult): MetricColumn[] {
  return result.metrics.map((id) => ({
    id,
    label: variantMetricLabel(id, result.definitions?.variants),
    digits: {
      exact: columnDigits(result.rows.map((r) => r.results[id]?.exact ?? NaN)),
      sampled: columnDigits(result.rows.map((r) => r.results[id]?.sampledMean ?? NaN)),
    },
  }));
}

export function ResultsSection() {
  const job = useExplorer((s) => s.table);
  const intervalJob = useExplorer((s) => s.intervals);
  const result = job.value;
  const chosen = useExplorer((s) => s.view.metric);
  const metric = result && chosen !== null && result.metrics.includes(chosen) ? chosen : (result?.metrics[0] ?? null);
  const intervals = useMemo(() => (result ? exactIntervals(result, intervalJob) : null), [result, intervalJob]);
  const model = useMemo(
    () => (result ? resultsTable(result.rows, tableColumns(result), 3, intervals) : null),
    [result, intervals],
  );
  const verdict = useMemo(
    () => (result && metric !== null ? verdictOf(result, intervals, intervalJob, metric) : null),
    [result, intervals, intervalJob, metric],
  );
  const entries = useExplorer((s) => s.recommenders);
  const ownItemCounts = useMemo(() => {
    if (!result) return null;
    const names = new Set(result.rows.map((r) => r.name));
    return itemCountRange(entries.filter((e) => !e.hidden && e.data && names.has(e.name)).map((e) => e.data!));
  }, [result, entries]);
  const itemCountText = ownItemCounts
    ? `each user’s own n (${formatInteger(ownItemCounts.smallest)}–${formatInteger(ownItemCounts.largest)})`
    : null;
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
            caption={`Metrics averaged over each recommender’s users, ${itemCountText ?? `n = ${formatInteger(result.itemCount)} items`}${result.definitions?.ties ? `; ${tieRuleText(result.definitions.ties)}` : ''}.`}
            exactHeading={
              <>
                {itemCountText ? (
                  <>
                    Exact, each user’s own <i>n</i> ({formatInteger(ownItemCounts!.smallest)}–
                    {formatInteger(ownItemCounts!.largest)})
                  </>
                ) : (
                  <>
                    Exact, all <i>n</i> = {formatInteger(result.itemCount)} items
                  </>
                )}{' '}
                [95% interval over users]
                {paper ? <span className="paper-ref">paper’s Table 1</span> : null}
              </>
            }
            sampledHeading={
              <>
                Sampled, <i>m</i> = {formatInteger(result.sampleSize)} {SAMPLING_LABELS[result.sampling]}: expected ±
                std over negative sampling
                {paper ? <span className="paper-ref">paper’s Table 2 (1000 simulated runs)</span> : null}
              </>
            }
            busy={job.status === 'loading'}
          />
          <MetricFormulas metrics={result.metrics} definitions={result.definitions} />
          <ResultsExportBar result={result} intervals={intervals} itemCountText={itemCountText} />
          <p className="table-key">
            <span className="best-mark" aria-hidden="true">
              ▲
            </span>{' '}
            best value in its column (ties at 3 decimals all marked). ± is the standard deviation of the average over
            users under repeated negative sampling, computed exactly from the sampled-rank distribution (eq. 16) rather
            than by simulation: it says nothing of the users. [a, b] is the 95% interval of the exact metric over users
            (a bootstrap of the users: how much it would move with another sample of users of the same size).
          </p>
          <IntervalStatus brief />
          <EstimatorSettingsPanel intervalsOnly />
          <OrderingNotes orderings={model.orderings} samplingLabel={samplingLabel} />
          {verdict && metric !== null && result.rows.length > 1 ? (
            <div className="verdict-block">
              <h3>Which recommender is better?</h3>
              <div className="fields narrow">
                <MetricSelect label="Metric of the verdicts" metrics={result.metrics} value={metric} />
              </div>
              <PairVerdicts model={verdict} metricLabel={metricLabel(metric)} table={false} />
            </div>
          ) : null}
        </>
      ) : job.status === 'loading' ? (
        <Computing />
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
