import type { ReactNode } from 'react';
import { Field } from './Field.tsx';
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
}

/**
 * A controlled text field for a list (metrics, γ values): the text being typed is kept locally, only a valid list
 * reaches onChange, and a problem is shown under the field without touching the text.
 */
export function TextListField<T>({ label, value, format, parse, onChange, hint }: TextListFieldProps<T>) {
  const { draft, setDraft, setShown } = useDraft(value, format);
  const parsed = parse(draft);
  const problem = parsed.ok ? null : parsed.message;
  return (
    <Field label={label} problem={problem} hint={hint}>
      {(input) => (
        <input
          {...input}
          type="text"
          spellCheck={false}
          autoComplete="off"
          value={draft}
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
      )}
    </Field>
  );
}
