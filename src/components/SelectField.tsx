import { useId, type ReactNode } from 'react';
import { OptionSelect } from './OptionSelect.tsx';

export interface SelectFieldProps<T extends string> {
  readonly label: ReactNode;
  readonly value: T;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly onChange: (value: T) => void;
  readonly hint?: ReactNode;
  /** Shown but not changeable (the hint should say why). */
  readonly disabled?: boolean;
}

/** A controlled select over a fixed set of string values. */
export function SelectField<T extends string>({
  label,
  value,
  options,
  onChange,
  hint,
  disabled,
}: SelectFieldProps<T>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <OptionSelect
        id={id}
        value={value}
        options={options}
        onChange={onChange}
        disabled={disabled}
        aria-describedby={hint ? `${id}-hint` : undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      ) : null}
    </div>
  );
}
