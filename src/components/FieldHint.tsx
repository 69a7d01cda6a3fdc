import type { ReactNode } from 'react';

/** The line under a field: its problem when there is one (flagged), else its hint. */
export function FieldHint({ id, problem, hint }: { id: string; problem: string | null; hint?: ReactNode }) {
  return (
    <p id={id} className={problem ? 'field-hint field-problem' : 'field-hint'}>
      {problem ?? hint}
    </p>
  );
}
