import { useId, useMemo } from 'react';
import { version } from '../../package.json';
import { useCopy } from '../components/useCopy.ts';
import { citationBibtex, citationsFor, toolBibtex } from '../figures/citations.ts';
import { useExplorer } from './useExplorer.ts';
import './export.css';

/** The page's address without the view in its fragment: where the tool is cited. */
function toolUrl(): string {
  const { origin, pathname } = window.location;
  return `${origin}${pathname}`;
}

/**
 * "Cite": a small disclosure with the papers behind the numbers shown (by simple rules: Jin et al. for estimates
 * from sampled ranks and their figure and tables, Tamm et al. for other libraries' metric variants) and this tool,
 * as BibTeX to copy.
 */
export function CiteBox() {
  const id = useId();
  const rankKind = useExplorer((s) => s.settings.rankKind);
  const variants = useExplorer(
    (s) => Object.keys(s.settings.variants ?? {}).length > 0 || s.settings.ties !== undefined,
  );
  const figureTab = useExplorer((s) => s.view.figures.tab);
  const citations = useMemo(() => citationsFor({ rankKind, figureTab, variants }), [rankKind, figureTab, variants]);
  const bibtex = useMemo(
    () => citationBibtex(citations, toolBibtex(version, toolUrl(), new Date().getFullYear())),
    [citations],
  );
  const { status, copy } = useCopy();
  return (
    <details className="cite-box">
      <summary>Cite</summary>
      <div className="cite-body">
        <p>The numbers shown rest on:</p>
        <ul>
          {citations.map((c) => (
            <li key={c.paper.id}>
              <b>{c.paper.short}</b>: {c.reason}.
            </li>
          ))}
          <li>
            <b>this tool</b>, version {version}.
          </li>
        </ul>
        <label htmlFor={`${id}-bibtex`}>BibTeX</label>
        <textarea id={`${id}-bibtex`} readOnly rows={10} value={bibtex} onFocus={(e) => e.target.select()} />
        <div className="cite-actions">
          <button type="button" onClick={() => void copy(bibtex)}>
            Copy BibTeX
          </button>
          {status === 'copied' ? <span role="status">BibTeX copied.</span> : null}
          {status === 'failed' ? (
            <span role="status">The clipboard is not available: select the text above and copy it.</span>
          ) : null}
        </div>
      </div>
    </details>
  );
}
