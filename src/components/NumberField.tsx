import type { ReactNode } from 'react';
import { formatInteger } from '../core/labels.ts';
import { TextListField } from './TextListField.tsx';

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
  const parse = (text: string): { ok: true; value: number } | { ok: false; message: string } => {
    const next = Number(text);
    return text.trim() !== '' && Number.isInteger(next) && next >= min && next <= max
      ? { ok: true, value: next }
      : { ok: false, message: `Enter a whole number from ${formatInteger(min)} to ${formatInteger(max)}.` };
  };
  return (
    <TextListField
      label={label}
      value={value}
      format={String}
      parse={parse}
      onChange={onChange}
      hint={hint}
      input={{ type: 'number', inputMode: 'numeric', min, max, step: 1 }}
    />
  );
}
