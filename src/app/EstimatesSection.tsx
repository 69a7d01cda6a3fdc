import { useMemo } from 'react';
import { MethodTable } from '../components/MethodTable.tsx';
import { PairVerdicts } from '../components/PairVerdicts.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { tieRuleText } from '../core/index.ts';
// The bins' bounds from the module of constants the page shows: the binned kernel's own module would bring the
// kernels and their WebAssembly into the page's bundle (e2e/bundle.test.mjs).
import { BIN_ALONE, BIN_SHARE, BINNED_FROM } from '../core/distribution/defaults.ts';
import { formatInteger, variantMetricLabel } from '../core/labels.ts';
import { estimatesDefinitionNote } from '../state/definitions.ts';
import { methodTable } from '../figures/methodTable.ts';
import { pairVerdicts } from '../figures/orderings.ts';
import { valueDigits } from '../figures/resultsTable.ts';
import { cancelEstimates, refreshEstimates } from '../state/actions.ts';
import { emRuleText, estimatorSettingsOf } from '../state/estimatorSettings.ts';
import { setEstimatorSetting } from '../state/settingsActions.ts';
import type { EstimatesResult, IntervalsResult, Job } from '../state/store.ts';
import { EstimatorSettingsPanel } from './EstimatorSettingsPanel.tsx';
import { EstimatesExportBar } from './ExportBar.tsx';
import { MetricFormulas } from './MetricFormulas.tsx';
import { IntervalStatus } from './IntervalStatus.tsx';
import { Computing, MetricSelect } from './MetricSelect.tsx';
import { useExplorer } from './useExplorer.ts';

const RANGE = [0, 1] as const;

/** Why a difference has no interval: still computing, cancelled, or B = 0. */
function missingText(job: Job<IntervalsResult>): string {
  if (job.status === 'loading') return 'its 95% interval is being computed';
  if (job.status === 'error') return 'its interval was not computed (cancelled)';
  return 'no interval (bootstrap B = 0)';
}

/** What the caption says of the binned kernel (core binnedKernel.ts) from BINNED_FROM items on. */
const BINNED_TEXT =
  `EM and MES run on the kernel’s rows averaged over bins of ${+(100 * BIN_SHARE).toFixed(6)}% of the ranks beyond ` +
  `rank ${BIN_ALONE} (the metrics within 5e-6 of every rank after as many steps; about one fit in a hundred stops ` +
  'one step apart)';

/** The table and verdict models of one metric: the point estimates, with their intervals where computed. */
export function estimatesModels(result: EstimatesResult, job: Job<IntervalsResult>, metric: string) {
  const j = result.metrics.indexOf(metric);
  const value = result.estimates.map((byMethod) => byMethod.map((byMetric) => byMetric[j]));
  const intervals = job.value;
  const matches =
    intervals !== null &&
    intervals.rankKind === 'sampled' &&
    intervals.recommenders.join('\n') === result.recommenders.join('\n') &&
    intervals.metrics.includes(metric);
  const k = intervals?.metrics.indexOf(metric) ?? -1;
  const interval = matches
    ? result.recommenders.map((_, r) => result.methods.map((id) => intervals.values[id]?.[r]?.[k] ?? null))
    : null;
  // More decimals where every in-range value is tiny (AP read as AP@K / K, K = n), so that they are not all 0.000.
  const digits = valueDigits(value.flat().filter((v) => v >= RANGE[0] && v <= RANGE[1]));
  const table = methodTable(
    {
      recommenders: result.recommenders,
      methods: result.methods,
      value,
      range: RANGE,
      ...(interval ? { interval } : {}),
    },
    digits,
  );
  const s = result.methods.indexOf('sampled');
  const verdict = pairVerdicts({
    metric,
    metricLabel: variantMetricLabel(metric, result.definitions?.variants),
    recommenders: result.recommenders,
    methods: result.methods,
    value,
    differences: matches ? intervals.differences : [],
    users: matches ? intervals.users : [],
    sampled: s >= 0 ? { values: value.map((row) => row[s]), label: 'the uncorrected sampled metric' } : null,
    missing: matches ? missingText(job) : missingText({ status: 'idle', value: null }),
    range: RANGE,
    digits,
  });
  return { table, verdict, intervals: matches ? intervals : null, value, interval };
}

/**
 * Sampled ranks: estimates of the exact metrics by the sampled metric, the corrections of section 5 and Jin et
 * al.'s estimators, each with its 95% interval over users, and a verdict on every pair of recommenders.
 */
export function EstimatesSection() {
  const job = useExplorer((s) => s.estimates);
  const intervalJob = useExplorer((s) => s.intervals);
  const showLs = useExplorer((s) => estimatorSettingsOf(s.settings.estimators).showLs);
  const replicates = useExplorer((s) => estimatorSettingsOf(s.settings.estimators).replicates);
  const result = job.value;
  const chosen = useExplorer((s) => s.view.metric);
  const metric = result && chosen !== null && result.metrics.includes(chosen) ? chosen : (result?.metrics[0] ?? null);
  const view = useMemo(
    () => (result && metric !== null ? estimatesModels(result, intervalJob, metric) : null),
    [result, intervalJob, metric],
  );
  const progress = job.status === 'loading' ? job.progress : undefined;
  const caption =
    result && metric !== null
      ? `Estimates of ${variantMetricLabel(metric, result.definitions?.variants)} over all n = ${formatInteger(result.itemCount)} items (each user’s own n where the data give one), from sampled ranks among m + 1 = ${formatInteger(result.sampleSize + 1)} candidates; ${emRuleText(result.emRule)}${result.itemCount >= BINNED_FROM ? `; ${BINNED_TEXT}` : ''}${result.definitions?.ties ? `; ${tieRuleText(result.definitions.ties)}` : ''}.`
      : '';
  const definitionNote =
    result && metric !== null
      ? estimatesDefinitionNote(
          metric,
          result.definitions,
          result.itemCount,
          result.computedMetrics?.[result.metrics.indexOf(metric)],
        )
      : null;
  return (
    <section className="results" aria-labelledby="estimates-title">
      <h2 id="estimates-title">Estimated exact metrics from sampled ranks</h2>
      <p className="lede">
        With sampled ranks the exact metrics are unknown. Each column estimates them from the same sampled ranks: the
        sampled metric as it is; the corrections of Krichene &amp; Rendle’s section 5 (rank estimate, eq. 20; CLS;
        bias–variance trade-off BV, eq. 25; LS, eqs. 21–23, on request), which assume the prior set above; and Jin et
        al.’s estimators, which learn the distribution of the true ranks P̂(R) from the sampled ranks (MLE, eq. 19; WMLE,
        eq. 22; MES, eqs. 24–27; BV-dist, eq. 15) and read each metric off it (eq. 14). Under each value, its 95%
        interval over users.
      </p>
      {progress !== undefined && progress < 1 ? (
        <div className="actions">
          <progress max={1} value={progress} aria-label="Estimate progress" />
          <span role="status">
            Computing the estimates: {Math.round(progress * 100)}% (one solve per method and catalogue size n, then the
            fits)
          </span>
          <button type="button" onClick={cancelEstimates}>
            Cancel
          </button>
        </div>
      ) : null}
      {job.status === 'error' ? (
        <StatusMessage message={job.message} onRetry={job.retryable ? () => void refreshEstimates() : undefined} />
      ) : null}
      {job.status !== 'loading' ? <IntervalStatus /> : null}
      {result && view && metric !== null ? (
        <>
          <div className="fields narrow estimates-controls">
            <MetricSelect label="Metric" metrics={result.metrics} value={metric} />
            <label
              className="check"
              title="LS (eqs. 21–23) minimises bias only: its values can leave [0, 1]. It is solved for every distinct n (slow when users have their own n)."
            >
              <input
                type="checkbox"
                checked={showLs}
                onChange={(event) => setEstimatorSetting('showLs', event.target.checked)}
              />
              Show LS
            </label>
          </div>
          <EstimatorSettingsPanel />
          {result.excluded.length > 0 ? (
            <p className="field-problem">
              Left out until their ranks are sampled ranks (1 to m + 1): {result.excluded.join(', ')}.
            </p>
          ) : null}
          <MethodTable model={view.table} label="Estimates table" busy={job.status === 'loading'} caption={caption} />
          {definitionNote ? (
            <p className={definitionNote.caveat ? 'field-problem' : 'table-key'}>{definitionNote.text}</p>
          ) : null}
          <MetricFormulas metrics={[metric]} definitions={result.definitions} />
          <EstimatesExportBar
            metric={metric}
            recommenders={result.recommenders}
            methods={result.methods}
            value={view.value}
            interval={view.interval}
            caption={caption}
            variants={result.definitions?.variants}
          />
          <p className="table-key">
            {replicates === 0
              ? 'No intervals over users (bootstrap B = 0 in the estimator settings).'
              : 'Under each value: its 95% interval over users'}
            {view.intervals
              ? ` (${formatInteger(view.intervals.replicates)} bootstrap resamples of the users, seed ${view.intervals.seed}${view.intervals.paired.length > 1 && view.intervals.paired.every(Boolean) ? '; paired, the recommenders share users’ ids' : ''})`
              : ''}
            {intervalJob.status === 'loading' ? ', or … while it computes.' : replicates > 0 ? '.' : ''}
            {view.table.outOfRange ? (
              <>
                {' '}
                <span className="range-mark" aria-hidden="true">
                  ⚠
                </span>{' '}
                Outside the metric’s range [0, 1]: shown greyed and left out of the Order row. LS minimises bias only
                and its variance is unbounded (Krichene &amp; Rendle eq. 23; Jin et al. discuss why it fails), and BV
                with a tiny γ comes close to it.
              </>
            ) : null}
          </p>
          {result.recommenders.length > 1 ? (
            <div className="verdict-block">
              <h3>Which recommender is better on {variantMetricLabel(metric, result.definitions?.variants)}?</h3>
              <PairVerdicts
                model={view.verdict}
                metricLabel={variantMetricLabel(metric, result.definitions?.variants)}
                table
              />
            </div>
          ) : null}
        </>
      ) : job.status === 'loading' ? (
        <Computing />
      ) : null}
    </section>
  );
}
