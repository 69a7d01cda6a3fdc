import { useState } from 'react';

/**
 * The text being typed into a controlled field: kept locally, and reset to the value's text whenever the value
 * changes from outside. `setShown` records a value the field itself sent, so it does not reset the draft.
 */
export function useDraft<T>(value: T, format: (value: T) => string) {
  const [draft, setDraft] = useState(() => format(value));
  const [shown, setShown] = useState(value);
  if (value !== shown) {
    setShown(value);
    setDraft(format(value));
  }
  return { draft, setDraft, setShown };
}

export const asText = (text: string) => text;
