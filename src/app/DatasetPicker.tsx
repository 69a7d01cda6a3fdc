import { useState } from 'react';
import { NumberField } from '../components/NumberField.tsx';
import { SelectField } from '../components/SelectField.tsx';
import { DATASETS, DEFAULT_SYNTHETIC } from '../state/datasets/registry.ts';
import { SHAPE_LABELS, SHAPES, type Shape, type SyntheticParams } from '../io/syntheticParams.ts';
import { LIMITS } from '../state/document.ts';
import { loadDataset } from '../state/inputActions.ts';

const OPTIONS = DATASETS.map((d) => ({ value: d.id, label: d.label }));

/** Built-in data sets; the synthetic generator's shapes, size and seed. */
export function DatasetPicker() {
  const [id, setId] = useState(DATASETS[0].id);
  const [params, setParams] = useState<SyntheticParams>(DEFAULT_SYNTHETIC);
  const dataset = DATASETS.find((d) => d.id === id) ?? DATASETS[0];
  const set = (change: Partial<SyntheticParams>) => setParams({ ...params, ...change });
  const toggle = (shape: Shape, on: boolean) =>
    set({ shapes: SHAPES.filter((s) => (s === shape ? on : params.shapes.includes(s))) });
  return (
    <div className="dataset-picker">
      <SelectField label="Built-in data set" value={id} options={OPTIONS} onChange={setId} hint={dataset.description} />
      {dataset.parametric ? (
        <div className="synthetic">
          <fieldset className="shapes">
            <legend>Shapes (one recommender each)</legend>
            {SHAPES.map((shape) => (
              <label key={shape} className="check">
                <input
                  type="checkbox"
                  checked={params.shapes.includes(shape)}
                  onChange={(event) => toggle(shape, event.target.checked)}
                />
                {SHAPE_LABELS[shape]}
              </label>
            ))}
          </fieldset>
          <div className="fields">
            <NumberField
              label="Users"
              value={params.users}
              min={1}
              max={1_000_000}
              onChange={(users) => set({ users })}
            />
            <NumberField
              label={
                <>
                  Data set items (<i>n</i>)
                </>
              }
              value={params.itemCount}
              min={2}
              max={LIMITS.maxItemCount}
              onChange={(itemCount) => set({ itemCount })}
            />
            <NumberField
              label="Data set seed"
              value={params.seed}
              min={0}
              max={LIMITS.maxSeed}
              onChange={(seed) => set({ seed })}
            />
          </div>
        </div>
      ) : null}
      <button
        type="button"
        disabled={dataset.parametric && params.shapes.length === 0}
        onClick={() => void loadDataset(id, params)}
      >
        Load data set
      </button>
    </div>
  );
}
