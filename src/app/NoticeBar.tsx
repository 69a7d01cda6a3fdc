import { downloadConfiguration } from '../state/shareActions.ts';
import { undoReplace } from '../state/inputActions.ts';
import { dismissNotice, restorePreviousWork } from '../state/session.ts';
import { useExplorer } from './useExplorer.ts';

/** A message about the page as a whole (a link that could not be read, kept work, a link too large). */
export function NoticeBar() {
  const notice = useExplorer((s) => s.notice);
  const previousWork = useExplorer((s) => s.previousWork);
  const replacedWork = useExplorer((s) => s.replacedWork ?? null);
  if (!notice) return null;
  return (
    <div className={`notice notice-${notice.tone}`} role={notice.tone === 'info' ? 'status' : 'alert'}>
      <p>{notice.message}</p>
      <div className="actions">
        {notice.offerRestore && previousWork ? (
          <button type="button" onClick={() => void restorePreviousWork()}>
            Restore previous work
          </button>
        ) : null}
        {notice.offerUndo && replacedWork ? (
          <button type="button" onClick={() => void undoReplace()}>
            Undo
          </button>
        ) : null}
        {notice.offerDownload ? (
          <button type="button" onClick={downloadConfiguration}>
            Download configuration
          </button>
        ) : null}
        <button type="button" onClick={() => void dismissNotice()}>
          Dismiss
        </button>
      </div>
    </div>
  );
}
