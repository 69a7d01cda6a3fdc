import { useMemo } from 'react';
import { MethodTable } from '../components/MethodTable.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { StatusMessage } from '../components/StatusMessage.tsx';
import { formatInteger, metricLabel } from '../core/labels.ts';
import { methodTable } from '../figures/methodTable.ts';
import { cancelEstimates, refreshEstimates } from '../state/actions.ts';
import { setViewMetric } from '../state/settingsActions.ts';
import { useExplorer } from './useExplorer.ts';

/** Sampled ranks: estimates of the exact metrics by the sampled metric and by each correction (section 5). */
export function EstimatesSection() {
  const job = useExplorer((s) => s.estimates);
  const result = job.value;
  const chosen = useExplorer((s) => s.view.metric);
  const metric = result && chosen !== null && result.metrics.includes(chosen) ? chosen : (result?.metrics[0] ?? null);
  const model = useMemo(() => {
    if (!result || metric === null) return null;
    const j = result.metrics.indexOf(metric);
    const value = result.estimates.map((byMethod) => byMethod.map((byMetric) => byMetric[j]));
    return methodTable({ recommenders: result.recommenders, methods: result.methods, value });
  }, [result, metric]);
  return (
    <section className="results" aria-labelledby="estimates-title">
      <h2 id="estimates-title">Estimated exact metrics from sampled ranks</h2>
      <p className="lede">
        With sampled ranks the exact metrics are unknown. Each column estimates them from the same sampled ranks: the
        sampled metric as it is, and the corrections of section 5 (rank estimate, eq. 20; LS, eqs. 21–23; CLS;
        bias–variance trade-off BV, eq. 25), which assume the prior set below.
      </p>
      {job.status === 'loading' && job.progress !== undefined && job.progress < 1 ? (
        <div className="actions">
          <progress max={1} value={job.progress} aria-label="Correction progress" />
          <span role="status">
            Computing the corrections: {Math.round(job.progress * 100)}% (one solve per method and catalogue size n)
          </span>
          <button type="button" onClick={cancelEstimates}>
            Cancel
          </button>
        </div>
      ) : null}
      {job.status === 'error' ? (
        <StatusMessage message={job.message} onRetry={job.retryable ? () => void refreshEstimates() : undefined} />
      ) : null}
      {result && model && metric !== null ? (
        <>
          <div className="fields narrow">
            <SelectField
              label="Metric"
              value={metric}
              options={result.metrics.map((id) => ({ value: id, label: metricLabel(id) }))}
              onChange={setViewMetric}
            />
          </div>
          {result.excluded.length > 0 ? (
            <p className="field-problem">
              Left out until their ranks are sampled ranks (1 to m + 1): {result.excluded.join(', ')}.
            </p>
          ) : null}
          <MethodTable
            model={model}
            label="Estimates table"
            busy={job.status === 'loading'}
            caption={`Estimates of ${metricLabel(metric)} over all n = ${formatInteger(result.itemCount)} items, from sampled ranks among m + 1 = ${formatInteger(result.sampleSize + 1)} candidates.`}
          />
        </>
      ) : job.status === 'loading' ? (
        <p className="muted" role="status">
          Computing…
        </p>
      ) : null}
    </section>
  );
}
