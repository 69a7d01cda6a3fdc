import { useId, type ReactNode } from 'react';

export interface RadioGroupProps<T extends string> {
  readonly legend: ReactNode;
  readonly value: T;
  readonly options: readonly { readonly value: T; readonly label: ReactNode; readonly hint?: ReactNode }[];
  readonly onChange: (value: T) => void;
}

/** A controlled group of radio buttons in a fieldset (arrow keys move between them, as in every browser). */
export function RadioGroup<T extends string>({ legend, value, options, onChange }: RadioGroupProps<T>) {
  const name = useId();
  return (
    <fieldset className="radio-group">
      <legend>{legend}</legend>
      {options.map((option) => (
        <label key={option.value} className="radio-option">
          <input
            type="radio"
            name={name}
            value={option.value}
            checked={option.value === value}
            onChange={() => onChange(option.value)}
          />
          <span>
            <span className="radio-label">{option.label}</span>
            {option.hint ? <span className="radio-hint">{option.hint}</span> : null}
          </span>
        </label>
      ))}
    </fieldset>
  );
}
