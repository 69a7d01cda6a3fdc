import type { SelectHTMLAttributes } from 'react';

export interface OptionSelectProps<T extends string> extends Omit<
  SelectHTMLAttributes<HTMLSelectElement>,
  'value' | 'onChange'
> {
  readonly value: T;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly onChange: (value: T) => void;
}

/** A <select> over a fixed set of string values: onChange gets only one of them, typed. */
export function OptionSelect<T extends string>({ value, options, onChange, ...rest }: OptionSelectProps<T>) {
  return (
    <select
      {...rest}
      value={value}
      onChange={(event) => {
        const next = options.find((o) => o.value === event.target.value);
        if (next) onChange(next.value);
      }}
    >
      {options.map((o) => (
        <option key={o.value} value={o.value}>
          {o.label}
        </option>
      ))}
    </select>
  );
}
