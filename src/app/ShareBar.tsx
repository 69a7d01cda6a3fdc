import { useId } from 'react';
import { copyLink, downloadConfiguration } from '../state/shareActions.ts';
import { useExplorer } from './useExplorer.ts';

/** "Copy link" (the whole view in the URL fragment, never sent to a server) and the configuration as a file. */
export function ShareBar() {
  const id = useId();
  const link = useExplorer((s) => s.link);
  return (
    <div className="share-bar" role="group" aria-label="Share and save">
      <button type="button" className="primary" onClick={() => void copyLink()}>
        Copy link
      </button>
      <button type="button" onClick={downloadConfiguration}>
        Export JSON
      </button>
      {link.url !== null && link.copied ? (
        <span role="status" className="share-status">
          Link copied.
        </span>
      ) : null}
      {link.url !== null ? (
        <div className="link-row">
          <label htmlFor={`${id}-link`} className="link-label">
            Link to this view
          </label>
          <input
            id={`${id}-link`}
            className="link-text"
            type="text"
            readOnly
            value={link.url}
            onFocus={(e) => e.target.select()}
          />
        </div>
      ) : link.problem ? (
        <span className="share-status muted">{link.problem}</span>
      ) : null}
    </div>
  );
}
