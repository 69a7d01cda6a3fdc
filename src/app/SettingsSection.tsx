import type { Sampling } from '../core/index.ts';
import { NumberField } from '../components/NumberField.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { setItemCount, setSampleSize, setSampling } from '../state/actions.ts';
import { SAMPLING_LABELS } from './format.ts';
import { useExplorer } from './useExplorer.ts';

const SAMPLING_OPTIONS = (Object.keys(SAMPLING_LABELS) as Sampling[]).map((value) => ({
  value,
  label: SAMPLING_LABELS[value],
}));

/** n, m and the sampling scheme; every change recomputes the table (and, for n, the figure). */
export function SettingsSection() {
  const itemCount = useExplorer((s) => s.itemCount);
  const sampleSize = useExplorer((s) => s.sampleSize);
  const sampling = useExplorer((s) => s.sampling);
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
          value={itemCount}
          onChange={setItemCount}
          min={2}
          max={2_000_000}
          hint="Catalogue size: ranks run from 1 to n."
        />
        <NumberField
          label={
            <>
              Sampled items (<i>m</i>)
            </>
          }
          value={sampleSize}
          onChange={setSampleSize}
          min={1}
          max={1_000_000}
          hint="Irrelevant items drawn per evaluation instance."
        />
        <SelectField
          label="Sampling"
          value={sampling}
          options={SAMPLING_OPTIONS}
          onChange={setSampling}
          hint="Binomial (with) or hypergeometric (without) sampled ranks."
        />
      </div>
    </section>
  );
}
