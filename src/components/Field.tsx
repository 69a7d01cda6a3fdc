import { useId, type ReactNode } from 'react';

/** What a field's input needs from its wrapper: its id, and whether it is invalid and what describes it. */
export interface FieldInputProps {
  readonly id: string;
  readonly 'aria-invalid': boolean;
  readonly 'aria-describedby': string;
}

export interface FieldProps {
  /** The visible label; its text is the input's accessible name. */
  readonly label: ReactNode;
  /** What is wrong with the text typed, shown instead of the hint (flagged). */
  readonly problem: string | null;
  readonly hint?: ReactNode;
  readonly children: (input: FieldInputProps) => ReactNode;
}

/** A labelled text input with its hint, or its problem, underneath (NumberField, TextListField). */
export function Field({ label, problem, hint, children }: FieldProps) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children({ id, 'aria-invalid': problem !== null, 'aria-describedby': `${id}-hint` })}
      <p id={`${id}-hint`} className={problem ? 'field-hint field-problem' : 'field-hint'}>
        {problem ?? hint}
      </p>
    </div>
  );
}
