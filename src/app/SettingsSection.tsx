import {
  formatInteger,
  metricLabel,
  parseGamma,
  parseMetricList,
  SAMPLING_LABELS,
  type Sampling,
} from '../core/index.ts';
import { DecimalField, NumberField } from '../components/NumberField.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { TextListField } from '../components/TextListField.tsx';
import { LIMITS } from '../state/document.ts';
import {
  setGammas,
  setItemCount,
  setMetrics,
  setPrior,
  setSampleSize,
  setSampling,
  setStudyOptions,
} from '../state/settingsActions.ts';
import { useExplorer } from './useExplorer.ts';

const SAMPLING_OPTIONS = (Object.keys(SAMPLING_LABELS) as Sampling[]).map((value) => ({
  value,
  label: SAMPLING_LABELS[value],
}));
const PRIOR_OPTIONS = [
  { value: 'uniform' as const, label: 'uniform (the paper’s)' },
  { value: 'power' as const, label: 'power law p(r) ∝ r^−a' },
];

type ListParse<T> = { ok: true; value: T } | { ok: false; message: string };

function parseMetrics(text: string): ListParse<readonly string[]> {
  try {
    const ids = parseMetricList(text).map((m) => m.id);
    if (ids.length > LIMITS.maxMetrics) return { ok: false, message: `At most ${LIMITS.maxMetrics} metrics.` };
    return { ok: true, value: ids };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

function parseGammas(text: string): ListParse<readonly number[]> {
  const parts = text.split(/[\s,;]+/).filter((p) => p !== '');
  if (parts.length > LIMITS.maxGammas) return { ok: false, message: `At most ${LIMITS.maxGammas} values.` };
  try {
    return { ok: true, value: [...new Set(parts.map((p) => parseGamma(p)))] };
  } catch (error) {
    return { ok: false, message: (error as Error).message };
  }
}

const joinList = (values: readonly (string | number)[]) => values.join(', ');

/** n, m, sampling, metrics, γ values, prior, seed and repetitions: every change recomputes what depends on it. */
export function SettingsSection() {
  const settings = useExplorer((s) => s.settings);
  const { prior } = settings;
  return (
    <section className="settings" aria-labelledby="settings-title">
      <h2 id="settings-title">Settings</h2>
      <div className="fields">
        <NumberField
          label={
            <>
              Items (<i>n</i>)
            </>
          }
          value={settings.itemCount}
          onChange={setItemCount}
          min={2}
          max={LIMITS.maxItemCount}
          hint="Catalogue size: true ranks run from 1 to n."
        />
        <NumberField
          label={
            <>
              Sampled items (<i>m</i>)
            </>
          }
          value={settings.sampleSize}
          onChange={setSampleSize}
          min={1}
          max={LIMITS.maxSampleSize}
          hint="Irrelevant items drawn per evaluation instance."
        />
        <SelectField
          label="Sampling"
          value={settings.sampling}
          options={SAMPLING_OPTIONS}
          onChange={setSampling}
          hint="Binomial (with) or hypergeometric (without) sampled ranks."
        />
      </div>
      <div className="fields">
        <TextListField
          label="Metrics"
          value={settings.metrics}
          format={joinList}
          parse={parseMetrics}
          onChange={setMetrics}
          hint="auc, ap, ndcg, recall@K, precision@K, ap@K, ndcg@K (K is the cut-off)."
        />
        <TextListField
          label={<>Bias–variance γ values</>}
          value={settings.gammas}
          format={joinList}
          parse={parseGammas}
          onChange={setGammas}
          hint="Each in [0, 1]: one BV correction per value (eq. 25)."
        />
        <SelectField
          label="Prior on true ranks"
          value={prior.kind}
          options={PRIOR_OPTIONS}
          onChange={(kind) => setPrior(kind === 'uniform' ? { kind } : { kind, exponent: 1 })}
          hint="p(r) of the corrections (eq. 21)."
        />
        {prior.kind === 'power' ? (
          <DecimalField
            label="Prior exponent a"
            value={prior.exponent}
            accepts={(a) => a >= 0 && a <= 5}
            problem="A number from 0 to 5."
            onChange={(exponent) => setPrior({ kind: 'power', exponent })}
            hint="0 is uniform; 1 puts p(r) ∝ 1/r."
          />
        ) : null}
      </div>
      <CutoffWarning metrics={settings.metrics} itemCount={settings.itemCount} />
      {settings.rankKind === 'true' ? (
        <div className="fields">
          <NumberField
            label="Seed"
            value={settings.seed}
            onChange={(seed) => setStudyOptions({ seed })}
            min={0}
            max={LIMITS.maxSeed}
            hint="Of the Monte Carlo study and of the intervals over users: the same seed gives the same numbers."
          />
          <NumberField
            label="Repetitions"
            value={settings.repetitions}
            onChange={(repetitions) => setStudyOptions({ repetitions })}
            min={1}
            max={LIMITS.maxRepetitions}
            hint="Sampled evaluations simulated by the study (the paper uses 1,000)."
          />
        </div>
      ) : null}
    </section>
  );
}

/** A cut-off K above n cuts nothing off: Recall@K and Precision@K no longer tell recommenders apart. */
function CutoffWarning({ metrics, itemCount }: { metrics: readonly string[]; itemCount: number }) {
  const above = metrics.filter((id) => Number(id.split('@')[1] ?? 0) > itemCount);
  if (above.length === 0) return null;
  return (
    <p className="status status-warning" role="status">
      The cut-off K of {above.map(metricLabel).join(', ')} is above n = {formatInteger(itemCount)}, so it cuts nothing
      off: Recall@K is then 1 and Precision@K 1/K for every recommender, and NDCG@K and AP@K equal NDCG and AP.
    </p>
  );
}
