import { useId, useMemo, useState } from 'react';
import { useCopy } from '../components/useCopy.ts';
import { activeRecommenders } from '../state/actions.ts';
import { methodsParagraph } from '../state/methodsParagraph.ts';
import type { ExplorerState } from '../state/store.ts';
import { useExplorer } from './useExplorer.ts';
import './definitions.css';

/**
 * The methods paragraph for a paper (src/state/methodsParagraph.ts): generated from the settings and data that
 * produced the numbers shown, in a read-only text box (selectable, with LaTeX between `$` signs) and a Copy button.
 */
export function MethodsParagraph() {
  const settings = useExplorer((s) => s.settings);
  const recommenders = useExplorer((s) => s.recommenders);
  // Written when opened (it reads every recommender's data), then kept up to date.
  const [open, setOpen] = useState(false);
  const text = useMemo(
    () =>
      open ? methodsParagraph({ settings, recommenders: activeRecommenders({ recommenders } as ExplorerState) }) : '',
    [open, settings, recommenders],
  );
  const { status, copy } = useCopy();
  const id = useId();
  return (
    <details className="methods-paragraph" onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>Methods paragraph for a paper</summary>
      <label htmlFor={id}>Methods paragraph</label>
      <textarea id={id} readOnly value={text} rows={8} />
      <div className="actions">
        <button type="button" onClick={() => void copy(text)}>
          Copy
        </button>
        <span role="status">
          {status === 'copied'
            ? 'Copied.'
            : status === 'failed'
              ? 'The browser refused the clipboard: select the text and copy it.'
              : ''}
        </span>
      </div>
    </details>
  );
}
