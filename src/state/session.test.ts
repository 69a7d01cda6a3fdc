import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from './actions.ts';
import { defaultDocument, type ExplorerDocument } from './document.ts';
import { encodeFragment } from './linkCodec.ts';
import { memoryStorage } from './persistence.ts';
import { setRecommenderText } from './recommenderActions.ts';
import { loadDocument, saveDocument } from './savedWork.ts';
import { flushSession, restorePreviousWork, startSession, stopSession } from './session.ts';
import { setSampleSize } from './settingsActions.ts';
import { documentOf, explorerStore as store } from './store.ts';
import { resetExplorer, until } from './testing.ts';
import { singleRankData } from '../core/index.ts';

function environment(hash = '') {
  const storage = memoryStorage();
  const urls: string[] = [];
  const location = { hash, href: `http://app.test/${hash}` };
  const history = { replaceState: (_: unknown, __: string, url?: string | URL | null) => void urls.push(String(url)) };
  return { storage, urls, env: { storage, location, history } };
}

const work: ExplorerDocument = {
  ...defaultDocument(),
  settings: { ...defaultDocument().settings, itemCount: 20_000 },
  recommenders: [
    {
      name: 'Mine',
      color: '#123456',
      hidden: false,
      text: '3 4',
      data: singleRankData('Mine', [3, 4]),
      source: null,
      dataset: null,
    },
  ],
};

beforeEach(resetExplorer);
afterEach(() => {
  stopSession();
  setBridge(null);
});

describe('session start', () => {
  it('shows the toy example to a first-time visitor, and puts it in the address bar', async () => {
    const { env, urls } = environment();
    await startSession(env);
    expect(documentOf(store.getState())).toEqual(defaultDocument());
    expect(store.getState().notice).toBeNull();
    expect(urls.at(-1)).toMatch(/^#v1\./);
  });

  it('reopens the saved work', async () => {
    const { env, storage } = environment();
    await saveDocument(storage, 'work', work);
    await startSession(env);
    expect(documentOf(store.getState())).toEqual(work);
  });

  it('opens a shared link and keeps the saved work restorable', async () => {
    const encoded = await encodeFragment(defaultDocument());
    const { env, storage } = environment(encoded.ok ? encoded.fragment : '');
    await saveDocument(storage, 'work', work);
    await startSession(env);
    expect(documentOf(store.getState())).toEqual(defaultDocument());
    expect(store.getState().notice).toMatchObject({ tone: 'info', offerRestore: true });
    expect(await loadDocument(storage, 'previous')).toEqual(work);
    await restorePreviousWork();
    expect(documentOf(store.getState())).toEqual(work);
    expect(storage.slots.has('previous')).toBe(false);
  });

  it('shows the defaults and says why for a broken link, without losing the saved work', async () => {
    const { env, storage } = environment('#v1.AAAA');
    await saveDocument(storage, 'work', work);
    await startSession(env);
    expect(documentOf(store.getState())).toEqual(defaultDocument());
    expect(store.getState().notice).toMatchObject({ tone: 'error', offerRestore: true });
    expect(store.getState().notice?.message).toMatch(
      /^This link could not be opened: the link is damaged or cut short\./,
    );
  });
});

describe('saving', () => {
  it('saves each change; data are written once, settings alone rewrite only the small record', async () => {
    const { env, storage } = environment();
    await startSession(env);
    setRecommenderText(store.getState().recommenders[0].id, '1 2 3');
    await flushSession();
    const dataKeys = () => [...storage.slots.keys()].filter((k) => k.startsWith('data:') && !k.includes('/'));
    expect(dataKeys()).toHaveLength(3);
    const before = new Map(storage.slots);
    setSampleSize(50);
    await until(() => store.getState().settings.sampleSize === 50);
    await flushSession();
    expect(dataKeys()).toHaveLength(3);
    for (const key of dataKeys()) expect(storage.slots.get(key)).toEqual(before.get(key));
    const saved = await loadDocument(storage, 'work');
    expect(saved?.settings.sampleSize).toBe(50);
    expect(saved?.recommenders[0].text).toBe('1 2 3');
    expect(Array.from(saved?.recommenders[0].data?.ranks ?? [])).toEqual([1, 2, 3]);
  });
});

describe('two tabs', () => {
  /** A channel the test speaks on as "the other tab". */
  function fakeChannel() {
    const target = new EventTarget();
    const sent: unknown[] = [];
    return {
      sent,
      fromOtherTab: (data: unknown) => target.dispatchEvent(new MessageEvent('message', { data })),
      channel: {
        postMessage: (message: unknown) => void sent.push(message),
        addEventListener: (type: 'message', listener: (event: MessageEvent) => void) =>
          target.addEventListener(type, listener as EventListener),
        close: () => {},
      },
    };
  }

  it("keeps the other tab's work restorable when both tabs save, and says so", async () => {
    const { env, storage } = environment();
    const tabs = fakeChannel();
    await startSession({ ...env, channel: tabs.channel });
    setRecommenderText(store.getState().recommenders[0].id, '1 2 3');
    await flushSession();
    expect(tabs.sent).toContainEqual({ type: 'saved', tab: expect.any(String) });
    // The other tab saves its own work into the same slot and says so.
    await saveDocument(storage, 'work', work);
    tabs.fromOtherTab({ type: 'saved', tab: 'other-tab' });
    setSampleSize(50);
    await until(() => store.getState().settings.sampleSize === 50);
    await flushSession();
    expect(await loadDocument(storage, 'previous')).toEqual(work);
    expect((await loadDocument(storage, 'work'))?.settings.sampleSize).toBe(50);
    expect(store.getState().notice).toMatchObject({ tone: 'warning', offerRestore: true });
    expect(store.getState().notice?.message).toMatch(/also open in another tab/);
    // The other tab's data survive this tab's clean-up of unused data.
    const restored = await loadDocument(storage, 'previous');
    expect(Array.from(restored?.recommenders[0].data?.ranks ?? [])).toEqual([3, 4]);
  });

  it('its own messages and unrelated ones change nothing', async () => {
    const { env, storage } = environment();
    const tabs = fakeChannel();
    await startSession({ ...env, channel: tabs.channel });
    await saveDocument(storage, 'work', work);
    tabs.fromOtherTab({ type: 'something else', tab: 'other-tab' });
    setSampleSize(40);
    await until(() => store.getState().settings.sampleSize === 40);
    await flushSession();
    expect(storage.slots.has('previous')).toBe(false);
  });
});

describe('an edit just before the page closes', () => {
  it('survives an IndexedDB write that never completes: the closing page leaves it in the synchronous store', async () => {
    const { env, storage } = environment();
    const pending = new Map<string, string>();
    const closingStore = {
      getItem: (key: string) => pending.get(key) ?? null,
      setItem: (key: string, value: string) => void pending.set(key, value),
      removeItem: (key: string) => void pending.delete(key),
    };
    await startSession({ ...env, closingStore });
    await flushSession();
    // The page closes: from now on its IndexedDB writes never land.
    const stalled = { ...storage, save: () => new Promise<void>(() => {}) };
    stopSession();
    await startSession({ ...env, storage: stalled, closingStore });
    setSampleSize(77);
    await until(() => store.getState().settings.sampleSize === 77);
    void flushSession();
    expect(pending.size).toBe(1);
    stopSession();
    resetExplorer();
    await startSession({ ...env, closingStore });
    expect(store.getState().settings.sampleSize).toBe(77);
    expect(pending.size).toBe(0);
  });
});
