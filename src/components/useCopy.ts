import { useCallback, useState } from 'react';

/** What happened to the last copy: copied, or refused (no clipboard permission: the text is to be shown instead). */
export type CopyStatus = 'copied' | 'failed' | null;

/** Copies text to the clipboard; `status` says how it went (reset by `reset`, e.g. when the text changes). */
export function useCopy(clipboard: Pick<Clipboard, 'writeText'> | undefined = globalThis.navigator?.clipboard) {
  const [status, setStatus] = useState<CopyStatus>(null);
  const copy = useCallback(
    async (text: string) => {
      try {
        if (!clipboard) throw new Error('no clipboard');
        await clipboard.writeText(text);
        setStatus('copied');
      } catch {
        setStatus('failed');
      }
    },
    [clipboard],
  );
  const reset = useCallback(() => setStatus(null), []);
  return { status, copy, reset };
}
