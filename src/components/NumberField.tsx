import type { ReactNode } from 'react';
import { formatInteger } from '../core/labels.ts';
import { Field } from './Field.tsx';
import { useDraft } from './useDraft.ts';

export interface NumberFieldProps {
  /** The visible label; its text is the input's accessible name. */
  readonly label: ReactNode;
  readonly value: number;
  readonly onChange: (value: number) => void;
  readonly min: number;
  readonly max: number;
  /** A short explanation shown under the input. */
  readonly hint?: ReactNode;
}

/**
 * A controlled integer input. The text being typed is kept locally; only whole numbers within [min, max] reach
 * onChange, anything else is flagged next to the field.
 */
export function NumberField({ label, value, onChange, min, max, hint }: NumberFieldProps) {
  const { draft, setDraft, setShown } = useDraft(value, String);
  const parsed = Number(draft);
  const valid = draft.trim() !== '' && Number.isInteger(parsed) && parsed >= min && parsed <= max;
  const problem = valid ? null : `Enter a whole number from ${formatInteger(min)} to ${formatInteger(max)}.`;
  return (
    <Field label={label} problem={problem} hint={hint}>
      {(input) => (
        <input
          {...input}
          type="number"
          inputMode="numeric"
          min={min}
          max={max}
          step={1}
          value={draft}
          onChange={(event) => {
            const text = event.target.value;
            setDraft(text);
            const next = Number(text);
            if (text.trim() !== '' && Number.isInteger(next) && next >= min && next <= max && next !== value) {
              setShown(next);
              onChange(next);
            }
          }}
        />
      )}
    </Field>
  );
}
