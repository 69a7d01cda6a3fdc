import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import { useDraft } from './useDraft.ts';

export interface TextListFieldProps<T> {
  readonly label: ReactNode;
  readonly value: T;
  /** The value as text, e.g. "auc, ap, ndcg". */
  readonly format: (value: T) => string;
  /** The text as a value, or a message saying what is wrong with it. */
  readonly parse: (text: string) => { ok: true; value: T } | { ok: false; message: string };
  readonly onChange: (value: T) => void;
  readonly hint?: ReactNode;
  /** The input's kind and bounds; a plain text input by default. */
  readonly input?: InputHTMLAttributes<HTMLInputElement>;
}

const TEXT_INPUT: InputHTMLAttributes<HTMLInputElement> = { type: 'text', spellCheck: false, autoComplete: 'off' };

/**
 * A controlled text field for a value typed as text (a list of metrics or γ values, a number): the text being typed
 * is kept locally, only a valid value reaches onChange, and a problem is shown under the field without touching the
 * text.
 */
export function TextListField<T>({
  label,
  value,
  format,
  parse,
  onChange,
  hint,
  input: attributes = TEXT_INPUT,
}: TextListFieldProps<T>) {
  const id = useId();
  const { draft, setDraft, setShown } = useDraft(value, format);
  const parsed = parse(draft);
  const problem = parsed.ok ? null : parsed.message;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        {...attributes}
        id={id}
        value={draft}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-hint`}
        onChange={(event) => {
          const text = event.target.value;
          setDraft(text);
          const next = parse(text);
          if (next.ok && format(next.value) !== format(value)) {
            setShown(next.value);
            onChange(next.value);
          }
        }}
      />
      <p id={`${id}-hint`} className={problem ? 'field-hint field-problem' : 'field-hint'}>
        {problem ?? hint}
      </p>
    </div>
  );
}
