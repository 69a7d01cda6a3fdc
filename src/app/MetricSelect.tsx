import { SelectField } from '../components/SelectField.tsx';
import { metricLabel } from '../core/labels.ts';
import { setViewMetric } from '../state/settingsActions.ts';

/** The shared choice of the metric every result section shows (view.metric). */
export function MetricSelect({ label, metrics, value }: { label: string; metrics: readonly string[]; value: string }) {
  return (
    <SelectField
      label={label}
      value={value}
      options={metrics.map((id) => ({ value: id, label: metricLabel(id) }))}
      onChange={setViewMetric}
    />
  );
}

/** What a section shows while its first result computes. */
export function Computing() {
  return (
    <p className="muted" role="status">
      Computing…
    </p>
  );
}
