import { useMemo } from 'react';
import { MethodTable } from '../components/MethodTable.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { formatInteger, metricLabel } from '../core/labels.ts';
import { methodTable } from '../figures/methodTable.ts';
import type { StudyResult } from '../state/store.ts';
import { cancelStudy, runStudy } from '../state/studyActions.ts';
import { MetricSelect } from './MetricSelect.tsx';
import { useExplorer } from './useExplorer.ts';

function modelFor(result: StudyResult, metric: string) {
  const names = [...new Set(result.results.map((r) => r.recommender))];
  const pick = (name: string, method: string) =>
    result.results.find((r) => r.recommender === name && r.metric === metric && r.method === method);
  return methodTable({
    recommenders: names,
    methods: result.methods,
    value: names.map((n) => result.methods.map((m) => pick(n, m)?.mean ?? NaN)),
    std: names.map((n) => result.methods.map((m) => pick(n, m)?.std ?? NaN)),
    exact: names.map((n) => pick(n, result.methods[0])?.exact ?? NaN),
  });
}

/** The Monte Carlo study: repeated sampled evaluations of the true ranks, estimated by every method. */
export function StudySection() {
  const job = useExplorer((s) => s.study);
  const { repetitions, seed } = useExplorer((s) => s.settings);
  const result = job.value;
  const chosen = useExplorer((s) => s.view.metric);
  const metric = result && chosen !== null && result.metrics.includes(chosen) ? chosen : (result?.metrics[0] ?? null);
  const model = useMemo(() => (result && metric ? modelFor(result, metric) : null), [result, metric]);
  const running = job.status === 'loading';
  const progress = running ? (job.progress ?? 0) : 0;
  return (
    <section className="results study" aria-labelledby="study-title">
      <h2 id="study-title">Simulated sampled evaluations</h2>
      <p className="lede">
        Draws the m sampled items {formatInteger(repetitions)} times (seed {seed}) and estimates each exact metric from
        every draw by each method: mean ± standard deviation over the repetitions (the paper’s Table 3).
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={() => void runStudy()} disabled={running}>
          {result ? 'Run again' : 'Run simulation'}
        </button>
        {running ? (
          <>
            <progress max={1} value={progress} aria-label="Simulation progress">
              {Math.round(progress * 100)}%
            </progress>
            <span role="status">{Math.round(progress * 100)}% done</span>
            <button type="button" onClick={cancelStudy}>
              Cancel
            </button>
          </>
        ) : null}
      </div>
      {job.status === 'error' ? (
        <StatusMessage message={job.message} onRetry={job.retryable ? () => void runStudy() : undefined} />
      ) : null}
      {result && model && metric ? (
        <>
          <div className="fields narrow">
            <MetricSelect label="Metric of the simulation" metrics={result.metrics} value={metric} />
          </div>
          <MethodTable
            model={model}
            label="Simulation table"
            busy={running}
            caption={`${metricLabel(metric)}: ${formatInteger(result.repetitions)} repetitions, seed ${result.seed}, m = ${formatInteger(result.sampleSize)}. The last row gives the order of the means; a different order than the exact one is marked.`}
          />
        </>
      ) : null}
    </section>
  );
}
