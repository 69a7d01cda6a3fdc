import type { InputHTMLAttributes, ReactNode } from 'react';
import { formatInteger } from '../core/labels.ts';
import { TextListField } from './TextListField.tsx';

export interface DecimalFieldProps {
  /** The visible label; its text is the input's accessible name. */
  readonly label: ReactNode;
  readonly value: number;
  readonly onChange: (value: number) => void;
  /** Whether a number typed is allowed; `problem` is shown when it is not. */
  readonly accepts: (value: number) => boolean;
  readonly problem: string;
  /** A short explanation shown under the input. */
  readonly hint?: ReactNode;
  readonly input?: InputHTMLAttributes<HTMLInputElement>;
}

/** A controlled number typed as text ("0.001", "1e-3"): only an accepted number reaches onChange. */
export function DecimalField({ label, value, onChange, accepts, problem, hint, input }: DecimalFieldProps) {
  const parse = (text: string): { ok: true; value: number } | { ok: false; message: string } => {
    const next = Number(text);
    return text.trim() !== '' && accepts(next) ? { ok: true, value: next } : { ok: false, message: problem };
  };
  return (
    <TextListField
      label={label}
      value={value}
      format={String}
      parse={parse}
      onChange={onChange}
      hint={hint}
      input={input}
    />
  );
}

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
  return (
    <DecimalField
      label={label}
      value={value}
      onChange={onChange}
      accepts={(next) => Number.isInteger(next) && next >= min && next <= max}
      problem={`Enter a whole number from ${formatInteger(min)} to ${formatInteger(max)}.`}
      hint={hint}
      input={{ type: 'number', inputMode: 'numeric', min, max, step: 1 }}
    />
  );
}
