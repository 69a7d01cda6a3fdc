import { useMemo } from 'react';
import { PairVerdicts } from '../components/PairVerdicts.tsx';
import { useJob } from '../components/useJob.ts';
import { formatInteger, metricLabel } from '../core/labels.ts';
import { definedMetricIds } from '../core/index.ts';
import { resultsTable } from '../figures/resultsTable.ts';
import type { SweepResult } from '../../workers/figures/sweep.ts';
import { activeRecommenders, currentBridge } from '../state/actions.ts';
import type { FigureTab } from '../state/figureView.ts';
import type { JobTask } from '../state/jobRunner.ts';
import { withRankSources } from '../state/rankUpload.ts';
import { requestKey } from '../state/requestKey.ts';
import { updateFiguresView } from '../state/settingsActions.ts';
import { explorerStore, type TableResult } from '../state/store.ts';
import { estimatesModels } from './EstimatesSection.tsx';
import { tableColumns } from './ResultsSection.tsx';
import { useExplorer } from './useExplorer.ts';

/** Figure 6's metrics (its own list): the summary's link sets the figure to the metric it speaks of when it can. */
const FIG6_METRICS = ['recall@10', 'ndcg@10', 'ap', 'auc'];
/** Figure 6 solves the corrections up to this m (their cost grows as m³); the summary locates the same points. */
const CORRECTED_LIMIT = 1000;

/** The BV γ the summary speaks of: the paper's 0.1 when it is among the settings' γ values, else the first. */
function gammaOf(gammas: readonly number[]): number {
  return gammas.includes(0.1) ? 0.1 : (gammas[0] ?? 0.1);
}

/** Opens a figure's tab (Figure 6 on the metric of the sentence) and brings the figures into view. */
function openFigure(tab: FigureTab, metric?: string, gamma?: number): void {
  updateFiguresView((view) => {
    if (tab !== 'fig6' || metric === undefined || !FIG6_METRICS.includes(metric)) return { ...view, tab };
    const fig6 = { ...view.settings.fig6, metric, ...(gamma !== undefined ? { gamma } : {}) };
    return { ...view, tab, settings: { ...view.settings, fig6 } };
  });
  requestAnimationFrame(() => document.querySelector('.figures-section')?.scrollIntoView({ block: 'start' }));
}

type SweepState =
  { status: 'idle' | 'loading' | 'error'; value: SweepResult | null } | { status: 'ready'; value: SweepResult };

/** Pause before the summary's sweep starts: the results table computes first. */
const SWEEP_DELAY_MS = 250;

/**
 * The points Figures 2 and 6 locate, for the table's recommenders and metrics, as a job of the page's one runner
 * (src/state/jobRunner.ts, channel `summary`: the run it replaces is cancelled, a finished sweep is shown again at
 * once). The sweep covers every m, so it is named by its own inputs (data, metrics, n, law, prior, γ), not by the
 * table: moving m keeps it, and a result is only ever shown for the inputs it was computed from (never an older data
 * set's sweep beside a new table).
 */
function useSweep(table: TableResult | null, gamma: number): SweepState {
  const prior = useExplorer((s) => s.settings.prior);
  const inputs = useMemo(() => {
    if (!table || table.rows.length < 2) return null;
    const names = table.rows.map((r) => r.name);
    const recommenders = activeRecommenders(explorerStore.getState())
      .filter((r) => names.includes(r.name))
      .map((r) => ({ name: r.name, data: r.data }));
    if (recommenders.length < 2) return null;
    // The table's definitions: each metric under its chosen variant, the data's ties ordered by its rule (as the
    // figures compute them), so that the summary's orders are the table's.
    const { variants, ties } = table.definitions ?? {};
    const computed = definedMetricIds(
      table.metrics,
      variants,
      recommenders.map((r) => r.data),
    );
    const tied = ties !== undefined && recommenders.some((r) => r.data.ties);
    const request = {
      recommenders,
      metrics: computed,
      ...(tied ? { ties } : {}),
      itemCount: table.itemCount,
      sampling: table.sampling,
      prior,
      gamma,
    };
    return { request, key: requestKey(request), names: table.metrics };
  }, [table, gamma, prior]);
  const key = inputs?.key ?? null;
  const task: JobTask<SweepResult> | null = inputs
    ? (job) =>
        job.worker(async (api) => {
          // The uncorrected metric first (seconds on MovieLens), then BV, whose solves up to m = 1,000 take longer:
          // the first sentences do not wait for the corrections.
          const { gamma: g, ...rest } = inputs.request;
          const request = await withRankSources(api, { ...rest, points: 40, correctedLimit: CORRECTED_LIMIT });
          // The sweep's metrics carry their definitions (ap@10:ap-k); the summary names them as the table does.
          const named = (sweep: SweepResult) => renamedMetrics(sweep, request.metrics, inputs.names);
          const sampled = named(await api.sweepSampleSizes({ ...request, methods: ['sampled'] }));
          job.onPartial(sampled);
          const corrected = named(await api.sweepSampleSizes({ ...request, methods: [`bv:${g}`] }));
          return mergeSweeps(sampled, corrected);
        })
    : null;
  const job = useJob(currentBridge(), 'summary', key, task, SWEEP_DELAY_MS);
  if (key === null) return { status: 'idle', value: null };
  if (job.status === 'error') return { status: 'error', value: null };
  if (job.valueKey !== key || job.value === null) return { status: 'loading', value: null };
  return job.status === 'ready' ? { status: 'ready', value: job.value } : { status: 'loading', value: job.value };
}

/** The sweep with each metric id `from[j]` named `to[j]` (a metric under a definition, by the table's name). */
export function renamedMetrics(sweep: SweepResult, from: readonly string[], to: readonly string[]): SweepResult {
  const name = (id: string) => to[from.indexOf(id)] ?? id;
  return {
    ...sweep,
    metrics: sweep.metrics.map(name),
    series: sweep.series.map((x) => ({ ...x, metric: name(x.metric) })),
    changes: sweep.changes.map((x) => ({ ...x, metric: name(x.metric) })),
    consistency: sweep.consistency.map((x) => ({ ...x, metric: name(x.metric) })),
  };
}

/** Two sweeps of the same data and metrics with different methods, as one. */
export function mergeSweeps(a: SweepResult, b: SweepResult): SweepResult {
  return {
    ...a,
    series: [...a.series, ...b.series],
    changes: [...a.changes, ...b.changes].sort((x, y) => x.sampleSize - y.sampleSize),
    consistency: [...a.consistency, ...b.consistency],
  };
}

function FigureLink({ tab, label, metric, gamma }: { tab: FigureTab; label: string; metric?: string; gamma?: number }) {
  return (
    <button type="button" className="link-button" onClick={() => openFigure(tab, metric, gamma)}>
      {label}
    </button>
  );
}

/** "from m = 1,234", "never up to m = 1,000", "at every m": where an estimator's expected order is right. */
function fromText(sweep: SweepResult, method: string, metric: string): string | null {
  const c = sweep.consistency.find((x) => x.method === method && x.metric === metric);
  if (!c) return null;
  if (c.sampleSize === null) return `not even at m = ${formatInteger(c.largest)}`;
  if (c.sampleSize <= 1) return 'at every m';
  return `from m = ${formatInteger(c.sampleSize)}`;
}

/** True ranks: per metric, whether m keeps the exact order and from which m the sampled metric and BV γ order right. */
function TrueRanksSummary({ table }: { table: TableResult }) {
  const gammas = useExplorer((s) => s.settings.gammas);
  const gamma = gammaOf(gammas);
  const sweep = useSweep(table, gamma);
  const orderings = useMemo(
    () =>
      // The table's columns: names and decimals as the results table shows them, so the orders are the same.
      resultsTable(table.rows, tableColumns(table), 3, null).orderings,
    [table],
  );
  const m = formatInteger(table.sampleSize);
  const bv = `BV (γ = ${gamma})`;
  if (table.rows.length < 2)
    return <p className="summary-lead">Add a second recommender to see whether sampling keeps their order.</p>;
  const wrong = orderings.filter((o) => o.sampled !== null && o.differs).length;
  return (
    <>
      <p className="summary-lead">
        {wrong === 0
          ? `At m = ${m}, the sampled evaluation keeps the exact order for every metric.`
          : `At m = ${m}, the sampled evaluation gets the order wrong for ${wrong} of ${orderings.length} metrics.`}
      </p>
      <ul className="summary-list">
        {orderings.map((o) => {
          const sampled = sweep.value ? fromText(sweep.value, 'sampled', o.metricId) : null;
          const corrected = sweep.value ? fromText(sweep.value, `bv:${gamma}`, o.metricId) : null;
          return (
            <li key={o.metricId} className={o.differs ? 'differs' : 'same'} data-metric={o.metricId}>
              <b>{o.label}:</b>{' '}
              {o.sampled === null
                ? 'computing… '
                : o.differs && !o.reverses
                  ? `at m = ${m} the sampled order ${o.sampled} separates what the exact metric ties (${o.exact}). `
                  : o.differs
                    ? `at m = ${m} the sampled order ${o.sampled} is wrong (exact: ${o.exact}). `
                    : `at m = ${m} the sampled order is right (${o.exact}). `}
              {sampled !== null ? (
                <>
                  The uncorrected metric orders{o.exact.includes('=') ? ' the pairs it separates' : ''} correctly{' '}
                  {sampled} <FigureLink tab="fig2" label="Figure 2" />
                  {corrected !== null ? (
                    <>
                      ; {bv} {corrected}
                      {corrected.startsWith('not') ? ` (solved up to m = ${formatInteger(CORRECTED_LIMIT)})` : ''}{' '}
                      <FigureLink tab="fig6" label="Figure 6" metric={o.metricId} gamma={gamma} />
                    </>
                  ) : sweep.status === 'loading' ? (
                    <span className="muted">; still locating where {bv} orders correctly</span>
                  ) : null}
                  .
                </>
              ) : sweep.status === 'error' ? (
                'Where the order becomes right could not be computed.'
              ) : (
                <span className="muted">Locating the m from which the order is right…</span>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** Sampled ranks: the estimated order of every pair with its interval, the estimates table's verdict sentences. */
function SampledRanksSummary() {
  const job = useExplorer((s) => s.estimates);
  const intervalJob = useExplorer((s) => s.intervals);
  const chosen = useExplorer((s) => s.view.metric);
  const result = job.value;
  const metric = result && chosen !== null && result.metrics.includes(chosen) ? chosen : (result?.metrics[0] ?? null);
  const view = useMemo(
    () => (result && metric !== null ? estimatesModels(result, intervalJob, metric) : null),
    [result, intervalJob, metric],
  );
  if (!view || metric === null) return <p className="summary-lead muted">Computing the estimates…</p>;
  if (view.verdict.pairs.length === 0)
    return <p className="summary-lead">Add a second recommender to see which one is better.</p>;
  return (
    <>
      <p className="summary-lead">
        Estimated order by {metricLabel(metric)}, from sampled ranks at m = {formatInteger(result!.sampleSize)}{' '}
        <FigureLink tab="fig6" label="Figure 6" metric={metric} />:
      </p>
      <PairVerdicts model={view.verdict} metricLabel={metricLabel(metric)} table={false} label="Estimated order" />
    </>
  );
}

/** The answer first: at the top of the results, in words, recomputed with them. */
export function AnswerSummary() {
  const rankKind = useExplorer((s) => s.settings.rankKind);
  const table = useExplorer((s) => s.table.value);
  return (
    <section className="answer-summary" aria-labelledby="summary-title">
      <h2 id="summary-title">The answer</h2>
      {rankKind === 'sampled' ? (
        <SampledRanksSummary />
      ) : table ? (
        <TrueRanksSummary table={table} />
      ) : (
        <p className="summary-lead muted">Computing…</p>
      )}
    </section>
  );
}
