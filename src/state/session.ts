/**
 * The session: what the page opens with (a shared link, else the saved work, else the toy example), saving the
 * work as it changes, and keeping the address bar's fragment equal to the current view. Opening a link never
 * silently destroys saved work: when it differs from the link it stays restorable ("previous" slot).
 */
import { type ExplorerDocument } from './document.ts';
import { applyDocument } from './documentActions.ts';
import { decodeFragment, encodeFragment } from './linkCodec.ts';
import type { WorkStorage } from './persistence.ts';
import { linkDocument, toWireDocument } from './restore.ts';
import { collectGarbage, loadDocument, pendingRecord, saveDocument } from './savedWork.ts';
import { documentOf, explorerStore as store, type ExplorerState, type Notice } from './store.ts';

export interface SessionEnvironment {
  readonly storage: WorkStorage;
  /** The page's location and history (window in the app). */
  readonly location: Pick<Location, 'hash' | 'href'>;
  readonly history: Pick<History, 'replaceState'>;
  /**
   * How tabs of this explorer tell each other that they saved (a BroadcastChannel in the app; tests pass their own).
   * Absent: the platform's BroadcastChannel where there is one.
   */
  readonly channel?: TabChannel | null;
  /**
   * Synchronous storage for the work of a closing page (localStorage in the app): IndexedDB writes started as a tab
   * closes may never complete. Absent: none.
   */
  readonly closingStore?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
}

/** The key of the work written as the page closed, read (and removed) by the next start. */
const PENDING_KEY = 'sampled-metrics-explorer:pending-work';

/** What the session needs of a BroadcastChannel. */
export interface TabChannel {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  close(): void;
}

/** This tab, as other tabs see it in "saved" messages. */
const tabId = typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : String(Math.random());
let channel: TabChannel | null = null;
/** Another tab saved its work since this tab last saved: the stored work is theirs, not to be overwritten unseen. */
let otherTabSaved = false;

function openChannel(env: SessionEnvironment): void {
  channel?.close();
  channel =
    env.channel !== undefined
      ? env.channel
      : typeof BroadcastChannel !== 'undefined'
        ? new BroadcastChannel('sampled-metrics-explorer-work')
        : null;
  channel?.addEventListener('message', (event) => {
    const data = event.data as { type?: unknown; tab?: unknown } | null;
    if (data?.type === 'saved' && data.tab !== tabId) otherTabSaved = true;
  });
}

let environment: SessionEnvironment | null = null;
let unsubscribe: (() => void) | null = null;
let saveTimer: ReturnType<typeof setTimeout> | null = null;

function sameDocument(a: ExplorerDocument, b: ExplorerDocument): boolean {
  const size = (d: ExplorerDocument) => d.recommenders.reduce((s, r) => s + (r.data?.ranks.length ?? 0), 0);
  if (size(a) !== size(b) || size(a) > 200_000) return false;
  // Compared as links: data of built-in data sets count by name, as a link holds them.
  return JSON.stringify(toWireDocument(linkDocument(a))) === JSON.stringify(toWireDocument(linkDocument(b)));
}

function linkNotice(problems: readonly string[], failed: boolean, previous: boolean): Notice {
  const keep = previous ? ' Your previous work is kept and can be restored.' : '';
  if (failed) {
    return {
      tone: 'error',
      message: `This link could not be opened: ${problems.join('; ')}. The toy example is shown instead.${keep}`,
      offerRestore: previous,
    };
  }
  if (problems.length > 0) {
    const message = `Parts of this link could not be read, so defaults are used for them: ${problems.join('; ')}.${keep}`;
    return { tone: 'warning', message, offerRestore: previous };
  }
  return { tone: 'info', message: `You opened a shared link.${keep}`, offerRestore: previous };
}

/** Opens the page; resolves once the first document is in the store (the results then compute). */
export async function startSession(env: SessionEnvironment): Promise<void> {
  environment = env;
  otherTabSaved = false;
  openChannel(env);
  const saved = (await loadPendingWork(env)) ?? (await loadDocument(env.storage, 'work'));
  const link = await decodeFragment(env.location.hash);
  let document: ExplorerDocument | null = saved;
  let notice: Notice | null = null;
  let previousWork = await loadDocument(env.storage, 'previous');
  if (link) {
    document = link.document;
    const differs = saved !== null && !sameDocument(saved, link.document);
    if (differs) previousWork = saved;
    const showNotice = link.failed || link.problems.length > 0 || differs;
    notice = showNotice ? linkNotice(link.problems, link.failed, previousWork !== null) : null;
  } else if (previousWork) {
    notice = { tone: 'info', message: 'Work from before a shared link was opened is kept.', offerRestore: true };
  }
  store.setState({ notice, previousWork });
  if (previousWork) await saveDocument(env.storage, 'previous', previousWork).catch(() => {});
  const applied = document ? applyDocument(document) : applyDocument(documentOf(store.getState()));
  watch(env);
  await syncLink();
  await applied;
}

/** Saves the work and updates the fragment whenever the document changes. */
function watch(env: SessionEnvironment): void {
  unsubscribe?.();
  const key = (s: ExplorerState) => [s.settings, s.recommenders, s.view] as const;
  let last = key(store.getState());
  unsubscribe = store.subscribe((state) => {
    const next = key(state);
    if (next.every((part, i) => part === last[i])) return;
    last = next;
    if (saveTimer !== null) clearTimeout(saveTimer);
    saveTimer = setTimeout(() => {
      saveTimer = null;
      void saveNow(env);
    }, 300);
  });
}

let saving: Promise<void> = Promise.resolve();

/** Saves one at a time, so that the garbage collection of one save never races the writes of another. */
function saveNow(env: SessionEnvironment): Promise<void> {
  saving = saving.then(() => save(env));
  return saving;
}

async function save(env: SessionEnvironment): Promise<void> {
  const document = documentOf(store.getState());
  if (otherTabSaved) await keepOtherTabsWork(env, document);
  const state = store.getState();
  await saveDocument(env.storage, 'work', document).catch(() => {});
  channel?.postMessage({ type: 'saved', tab: tabId });
  await collectGarbage(env.storage, [document, state.previousWork]).catch(() => {});
  await syncLink();
}

/**
 * Another tab saved its own work since this one last did: before this tab's work takes the `work` slot, the other
 * tab's goes to the `previous` slot, restorable here, and the page says so — two tabs never silently overwrite
 * each other. (Checked only when a message said so, so that saving on close needs no read first.)
 */
async function keepOtherTabsWork(env: SessionEnvironment, document: ExplorerDocument): Promise<void> {
  otherTabSaved = false;
  const theirs = await loadDocument(env.storage, 'work');
  if (!theirs || sameDocument(theirs, document)) return;
  await saveDocument(env.storage, 'previous', theirs).catch(() => {});
  store.setState({
    previousWork: theirs,
    notice: {
      tone: 'warning',
      message:
        'This explorer is also open in another tab, which saved its own work. Both are kept: this tab’s work is ' +
        'saved, and the other tab’s can be restored here.',
      offerRestore: true,
    },
  });
}

/** Writes the current view into the address bar's fragment, or clears it when the data are too large for a link. */
export async function syncLink(): Promise<void> {
  if (!environment) return;
  const encoded = await encodeFragment(documentOf(store.getState()));
  const base = environment.location.href.split('#')[0];
  const url = encoded.ok ? `${base}${encoded.fragment}` : null;
  environment.history.replaceState(null, '', encoded.ok ? encoded.fragment : base);
  store.setState((s) => ({
    link: { url, problem: encoded.ok ? null : encoded.reason, copied: s.link.url === url && s.link.copied },
    // A "too large for a link" notice follows the data: gone when they fit again.
    notice: s.notice?.offerDownload && encoded.ok ? null : s.notice,
  }));
}

/** Saves pending changes at once (before the page is hidden). */
export function flushSession(): Promise<void> {
  if (saveTimer === null || !environment) return Promise.resolve();
  clearTimeout(saveTimer);
  saveTimer = null;
  const env = environment;
  // The page may be closing: write the work at once, not behind a save still running (its clean-up of unused data
  // and the link's compression take several tasks, which a closing page does not get). Another tab's saved work is
  // first kept restorable, which needs a read: then the ordinary save runs.
  if (otherTabSaved) return saveNow(env);
  const document = documentOf(store.getState());
  try {
    const record = pendingRecord(env.storage, document);
    if (record) env.closingStore?.setItem(PENDING_KEY, JSON.stringify(record));
  } catch {
    // localStorage full or unavailable: the IndexedDB write below is all there is.
  }
  const written = saveDocument(env.storage, 'work', document)
    .then(() => env.closingStore?.removeItem(PENDING_KEY))
    .catch(() => {});
  channel?.postMessage({ type: 'saved', tab: tabId });
  return written.then(() => saveNow(env));
}

/** The work a page wrote as it closed (newer than the stored work), removed once read; null when there is none. */
async function loadPendingWork(env: SessionEnvironment): Promise<ExplorerDocument | null> {
  let text: string | null = null;
  try {
    text = env.closingStore?.getItem(PENDING_KEY) ?? null;
    env.closingStore?.removeItem(PENDING_KEY);
  } catch {
    return null;
  }
  if (text === null) return null;
  let record: unknown;
  try {
    record = JSON.parse(text);
  } catch {
    return null;
  }
  // Read through loadDocument, so the record is validated like any saved work and its data refs resolved.
  const overlay = {
    ...env.storage,
    load: (key: string) => (key === PENDING_KEY ? Promise.resolve(record) : env.storage.load(key)),
  };
  return loadDocument(overlay, PENDING_KEY);
}

/** Brings back the work that was showing before the shared link. */
export async function restorePreviousWork(): Promise<void> {
  const { previousWork } = store.getState();
  if (!previousWork) return;
  store.setState({ previousWork: null, notice: { tone: 'info', message: 'Your previous work is back.' } });
  await environment?.storage.remove('previous').catch(() => {});
  await applyDocument(previousWork);
}

export async function dismissNotice(): Promise<void> {
  const { previousWork } = store.getState();
  store.setState({ notice: null, previousWork: null });
  if (previousWork) await environment?.storage.remove('previous').catch(() => {});
}

export function stopSession(): void {
  channel?.close();
  channel = null;
  unsubscribe?.();
  unsubscribe = null;
  environment = null;
  if (saveTimer !== null) clearTimeout(saveTimer);
  saveTimer = null;
}
