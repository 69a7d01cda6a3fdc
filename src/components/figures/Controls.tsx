import { useId } from 'react';
import type { ScaleKind } from '../../figures/scale.ts';
import { OptionSelect } from '../OptionSelect.tsx';
import { asText, useDraft } from '../useDraft.ts';
import { integerListProblem } from './parse.ts';

export interface ChoiceProps<T extends string> {
  readonly label: string;
  readonly value: T;
  readonly options: readonly { readonly value: T; readonly label: string }[];
  readonly onChange: (value: T) => void;
}

/** A compact labelled select for a figure's toolbar. */
export function Choice<T extends string>({ label, value, options, onChange }: ChoiceProps<T>) {
  const id = useId();
  return (
    <span className="tool">
      <label htmlFor={id}>{label}</label>
      <OptionSelect id={id} value={value} options={options} onChange={onChange} />
    </span>
  );
}

const SCALES = [
  { value: 'linear', label: 'linear' },
  { value: 'log', label: 'log' },
] as const;

/** Linear / log choice for one axis. */
export function ScaleChoice(props: { label: string; value: ScaleKind; onChange: (value: ScaleKind) => void }) {
  return <Choice label={props.label} value={props.value} options={SCALES} onChange={props.onChange} />;
}

export interface ListInputProps {
  readonly label: string;
  /** The current valid value, as text (e.g. "10, 100, 1000"). */
  readonly value: string;
  /** Parses the text: null when valid (then onChange gets it), else the problem. */
  readonly validate: (text: string) => string | null;
  readonly onChange: (text: string) => void;
  readonly width?: string;
}

/** A small text input committed on Enter or blur, with its problem shown when the text is not valid. */
export function ListInput({ label, value, validate, onChange, width = '9rem' }: ListInputProps) {
  const id = useId();
  const { draft, setDraft } = useDraft(value, asText);
  const problem = validate(draft);
  const commit = () => {
    if (problem === null && draft !== value) onChange(draft);
  };
  return (
    <span className="tool">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={draft}
        style={{ width }}
        aria-invalid={problem !== null}
        aria-describedby={problem ? `${id}-problem` : undefined}
        onChange={(event) => setDraft(event.target.value)}
        onBlur={commit}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit();
        }}
      />
      {problem ? (
        <span id={`${id}-problem`} className="tool-problem" role="alert">
          {problem}
        </span>
      ) : null}
    </span>
  );
}

export interface IntegerInputProps {
  readonly label: string;
  readonly value: number;
  readonly min: number;
  readonly max: number;
  readonly onChange: (value: number) => void;
  readonly width?: string;
}

/** A whole number from `min` to `max` in a figure's toolbar (a ListInput of one value). */
export function IntegerInput({ label, value, min, max, onChange, width = '4.5rem' }: IntegerInputProps) {
  return (
    <ListInput
      label={label}
      value={String(value)}
      validate={(t) => integerListProblem(t, min, max, 1)}
      onChange={(t) => onChange(Number(t))}
      width={width}
    />
  );
}
