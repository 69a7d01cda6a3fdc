import { DecimalField, NumberField } from '../components/NumberField.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { LIMITS } from '../state/document.ts';
import {
  emRuleText,
  ESTIMATOR_DEFAULTS,
  ESTIMATOR_LIMITS,
  estimatorSettingsOf,
  mesSettingText,
  type EmRule,
} from '../state/estimatorSettings.ts';
import { setEstimatorSetting, setStudyOptions } from '../state/settingsActions.ts';
import { useExplorer } from './useExplorer.ts';

const EM_OPTIONS: readonly { value: EmRule; label: string }[] = [
  { value: 'gain', label: 'until a step gains < 1e-5·max(1, |ℓ|) (default)' },
  { value: 'fixed', label: '100 steps from uniform (the papers’ code)' },
];
const MES_SCALE_OPTIONS = [
  { value: 'paper' as const, label: 'η H − E, as eq 26 prints it (default)' },
  { value: 'code' as const, label: 'η H − (m + 1) E (the papers’ code)' },
];
const WEIGHT_OPTIONS = [
  { value: 'ndcg' as const, label: 'NDCG: 1/log2(1 + r̃/C) (default)' },
  { value: 'ap' as const, label: 'AP: C/r̃' },
];

interface PositiveFieldProps {
  readonly label: string;
  readonly setting: 'mesEta' | 'wmleScale';
  readonly value: number;
  /** What the setting is; its default follows. */
  readonly hint: string;
}

const POSITIVE_MAX = { mesEta: ESTIMATOR_LIMITS.maxEta, wmleScale: ESTIMATOR_LIMITS.maxScale };

/** An estimator setting that is a positive number up to its limit, typed as text ("0.001", "1e-3"). */
function PositiveField({ label, setting, value, hint }: PositiveFieldProps) {
  const max = POSITIVE_MAX[setting];
  return (
    <DecimalField
      label={label}
      value={value}
      onChange={(next) => setEstimatorSetting(setting, next)}
      accepts={(next) => next > 0 && next <= max}
      problem={`A number > 0 and at most ${max}.`}
      hint={`${hint} (default ${ESTIMATOR_DEFAULTS[setting]}).`}
    />
  );
}

export interface EstimatorSettingsPanelProps {
  /** True ranks: only the intervals' B and seed apply (the exact metrics need no estimator). */
  readonly intervalsOnly?: boolean;
}

/**
 * The estimators' settings, in a disclosure near the table they change: EM's stopping rule (the default, or the
 * papers' fixed 100 steps, to reproduce a published number), MES's η and objective (eq 26, or scaled as the papers'
 * code scales it), WMLE's weight and C, and the bootstrap's B
 * and seed. Every value travels with the link; the defaults are Jin et al.'s settings.
 */
export function EstimatorSettingsPanel({ intervalsOnly = false }: EstimatorSettingsPanelProps) {
  const stored = useExplorer((s) => s.settings.estimators);
  const seed = useExplorer((s) => s.settings.seed);
  const settings = estimatorSettingsOf(stored);
  const changed = stored !== undefined && (!intervalsOnly || stored.replicates !== undefined);
  return (
    <details className="estimator-settings">
      <summary>
        {intervalsOnly ? 'Interval settings' : 'Estimator settings'}
        <span className="summary-note">
          {intervalsOnly
            ? ` B = ${settings.replicates} (the seed is the study’s)`
            : ` ${emRuleText(settings.emRule)}; ${mesSettingText(settings)}; WMLE ${settings.wmleWeight.toUpperCase()}, C = ${settings.wmleScale}; B = ${settings.replicates}`}
          {changed ? ' (changed)' : ''}
        </span>
      </summary>
      <div className="fields">
        {intervalsOnly ? null : (
          <>
            <SelectField
              label="EM stopping rule (MLE, WMLE)"
              value={settings.emRule}
              options={EM_OPTIONS}
              onChange={(rule) => setEstimatorSetting('emRule', rule)}
              hint="At most 10,000 steps by default; the fixed rule reproduces the papers’ numbers."
            />
            <PositiveField label="MES η" setting="mesEta" value={settings.mesEta} hint="Entropy weight of eq 26" />
            <SelectField
              label="MES objective"
              value={settings.mesScale}
              options={MES_SCALE_OPTIONS}
              onChange={(scale) => setEstimatorSetting('mesScale', scale)}
              hint="Jin et al.’s code multiplies eq 25’s distance by m + 1 (the same fit as η/(m + 1) in eq 26)."
            />
            <SelectField
              label="WMLE weight"
              value={settings.wmleWeight}
              options={WEIGHT_OPTIONS}
              onChange={(weight) => setEstimatorSetting('wmleWeight', weight)}
              hint="w(r̃) of eq 22: more weight on small sampled ranks."
            />
            <PositiveField label="WMLE C" setting="wmleScale" value={settings.wmleScale} hint="The weight’s scale" />
          </>
        )}
        <NumberField
          label="Bootstrap resamples B"
          value={settings.replicates}
          onChange={(replicates) => setEstimatorSetting('replicates', replicates)}
          min={0}
          max={ESTIMATOR_LIMITS.maxReplicates}
          hint="Of the users, for the 95% intervals (0: no intervals)."
        />
        {intervalsOnly ? null : (
          <NumberField
            label="Bootstrap seed"
            value={seed}
            onChange={(next) => setStudyOptions({ seed: next })}
            min={0}
            max={LIMITS.maxSeed}
            hint="The same seed gives the same intervals."
          />
        )}
      </div>
    </details>
  );
}
