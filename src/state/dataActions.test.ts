import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { setBridge } from './actions.ts';
import { generateSynthetic } from '../../workers/synthetic.ts';
import { DEFAULT_SYNTHETIC } from './datasets/registry.ts';
import { confirmPreview, editableText, fitItemCount, loadDataset, readPastedCsv, undoReplace } from './inputActions.ts';
import { resolveRank } from '../../workers/rankRegistry.ts';
import { rankInputs } from './rankUpload.ts';
import {
  addRecommender,
  removeRecommender,
  renameRecommender,
  setRecommenderHidden,
  setRecommenderText,
} from './recommenderActions.ts';
import { setItemCount, setRankKind } from './settingsActions.ts';
import { applyDocument } from './documentActions.ts';
import { decodeFragment, encodeFragment } from './linkCodec.ts';
import { documentOf, explorerStore as store } from './store.ts';
import { inline, resetExplorer, until } from './testing.ts';
import { singleRankData } from '../core/index.ts';
import type { AsyncApi } from './workerBridge.ts';

const entry = (name: string) => store.getState().recommenders.find((r) => r.name === name)!;
const tableNames = () => store.getState().table.value?.rows.map((r) => r.name);
const ready = () => store.getState().table.status === 'ready';

beforeEach(resetExplorer);
afterEach(() => setBridge(null));

describe('paste boxes', () => {
  it('keeps a bad text as typed, names the line, and keeps the last valid data', async () => {
    const before = entry('B').data;
    setRecommenderText(entry('B').id, '40 40\n8437\n12000');
    expect(entry('B')).toMatchObject({ text: '40 40\n8437\n12000', problem: 'line 3: 12000 is larger than n = 10000' });
    expect(entry('B').data).toBe(before);
    setRecommenderText(entry('B').id, '1 2');
    expect(entry('B').problem).toBeNull();
    expect(Array.from(entry('B').data!.ranks)).toEqual([1, 2]);
  });

  it('offers n = the largest rank when ranks exceed n, and setting it clears the problem', () => {
    setRecommenderText(entry('B').id, '40 12000\n13000');
    expect(entry('B')).toMatchObject({ largestRank: 13_000, problemLines: { total: 2 } });
    setItemCount(entry('B').largestRank!);
    expect(entry('B')).toMatchObject({ problem: null, largestRank: null });
    expect(store.getState().settings.itemCount).toBe(13_000);
  });

  it('re-reads every box when n or the kind of ranks changes', () => {
    setItemCount(5000);
    expect(entry('B').problem).toBe('line 1: 8437 is larger than n = 5000');
    expect(entry('A').problem).toBeNull();
    setItemCount(10_000);
    setRankKind('sampled');
    expect(entry('A').problem).toBeNull(); // 100 ≤ m + 1 = 100
    expect(entry('C').problem).toBe('line 1: 212 is larger than m + 1 = 100');
  });

  it('adds, renames, hides and removes recommenders, and the table follows', async () => {
    const id = addRecommender()!;
    expect(entry('D')).toMatchObject({ text: '', data: null, problem: null });
    setRecommenderText(id, '5 6');
    renameRecommender(id, 'B'); // taken: refused
    renameRecommender(id, 'Mine');
    setRecommenderHidden(entry('A').id, true);
    removeRecommender(entry('C').id);
    await until(() => ready() && tableNames()?.join() === 'B,Mine');
  });
});

describe('files, pasted CSV and data sets', () => {
  it('previews a pasted CSV and replaces the data only when confirmed', async () => {
    await readPastedCsv('recommender,rank,count\nX,1,3\nX,50,1\n');
    const input = store.getState().input;
    expect(input.status === 'preview' && input.preview.recommenders.map((r) => r.name)).toEqual(['X']);
    expect(store.getState().recommenders.map((r) => r.name)).toEqual(['A', 'B', 'C']);
    await confirmPreview();
    expect(store.getState().recommenders).toMatchObject([{ name: 'X', text: '1 1 1 50', source: null }]);
    await until(() => ready() && tableNames()?.join() === 'X');
  });

  it('reports a bad CSV by line and changes nothing', async () => {
    await readPastedCsv('recommender,rank\nX,1\nX,0\n');
    expect(store.getState().input).toMatchObject({
      status: 'error',
      message: 'Pasted CSV:3: rank 0 is smaller than 1 (1 is the best position)',
    });
    expect(store.getState().recommenders.map((r) => r.name)).toEqual(['A', 'B', 'C']);
  });

  it('opens a configuration file with its settings', async () => {
    await readPastedCsv(
      JSON.stringify({ version: 1, settings: { itemCount: 777 }, recommenders: [{ name: 'Q', text: '7' }] }),
    );
    await confirmPreview();
    expect(store.getState().settings.itemCount).toBe(777);
    await until(() => entry('Q')?.data !== null && entry('Q')?.data !== undefined);
  });

  it('loads the synthetic data set with its n, as histograms too large to edit as text', async () => {
    await loadDataset('synthetic', { ...DEFAULT_SYNTHETIC, users: 5000 });
    await confirmPreview();
    const state = store.getState();
    expect(state.settings).toMatchObject({ itemCount: 3706, sampleSize: 100, rankKind: 'true' });
    expect(state.recommenders.map((r) => [r.name, r.text, r.source])).toEqual([
      ['Balanced', null, 'Synthetic rank distributions'],
      ['Top-heavy', null, 'Synthetic rank distributions'],
      ['Heavy worst bucket', null, 'Synthetic rank distributions'],
    ]);
  });

  it('names a built-in data set in links instead of carrying its data, and loads it again on opening', async () => {
    await loadDataset('synthetic', { ...DEFAULT_SYNTHETIC, users: 50_000 });
    await confirmPreview();
    const before = documentOf(store.getState());
    const encoded = await encodeFragment(before);
    expect(encoded.ok && encoded.fragment.length).toBeLessThan(1000);
    resetExplorer();
    const decoded = await decodeFragment(encoded.ok ? encoded.fragment : '');
    await applyDocument(decoded!.document);
    expect(documentOf(store.getState())).toEqual(before);
    setRecommenderText(store.getState().recommenders[0].id, ''); // a problem: the data stay, and their origin
    expect(store.getState().recommenders[0].dataset).not.toBeNull();
  });

  it('writes small histograms as editable text', () => {
    expect(editableText(singleRankData('A', [2, 9], [2, 1]))).toBe('2 2 9');
    expect(editableText(singleRankData('A', [2], [5000]))).toBeNull();
  });
});

describe('synthetic shapes', () => {
  it('are seeded, and have the profiles they are named for', () => {
    const params = {
      shapes: ['balanced', 'top-heavy', 'heavy-worst-bucket'] as const,
      users: 20_000,
      itemCount: 3706,
      seed: 7,
    };
    const [balanced, top, worst] = generateSynthetic(params);
    expect(generateSynthetic(params)[0]).toEqual(balanced);
    const share = (data: typeof top, test: (r: number) => boolean) => {
      let s = 0;
      data.ranks.forEach((r, i) => (s += test(r) ? data.weights[i] : 0));
      return s / params.users;
    };
    expect(share(top, (r) => r <= 10)).toBeGreaterThan(share(balanced, (r) => r <= 10));
    expect(share(worst, (r) => r > 0.9 * 3706)).toBeCloseTo(0.27, 1);
    expect(share(balanced, (r) => r > 3706 / 2)).toBeCloseTo(1 - 0.5 ** 0.4, 1);
  });
});

describe('rank uploads', () => {
  it('sends large data by reference and small data as they are', async () => {
    const api = await inline.run('test', new AbortController().signal, async (a: AsyncApi) => a);
    const large = singleRankData(
      'L',
      Float64Array.from({ length: 120_000 }, (_, i) => 1 + (i % 1000)),
    );
    const small = singleRankData('S', [1, 2]);
    const inputs = await rankInputs(api, [
      { name: 'Large', data: large },
      { name: 'Small', data: small },
    ]);
    expect(inputs[0]).toEqual({ ref: expect.any(String), name: 'Large' });
    expect(resolveRank(inputs[0])).toEqual({ ...large, name: 'Large' });
    expect(inputs[1]).toEqual({ ...small, name: 'Small' });
  });

  it('send the grades and tie ranges of large data too', async () => {
    const api = await inline.run('test', new AbortController().signal, async (a: AsyncApi) => a);
    const ranks = Float64Array.from({ length: 120_000 }, (_, i) => 1 + (i % 1000));
    const large = {
      ...singleRankData('T', ranks),
      relevance: Float64Array.from(ranks, (r) => r % 5),
      ties: { low: Float64Array.from(ranks, (r) => Math.max(1, r - 2)), high: Float64Array.from(ranks, (r) => r + 3) },
    };
    const [input] = await rankInputs(api, [{ name: 'Tied', data: large }]);
    expect(input).toEqual({ ref: expect.any(String), name: 'Tied' });
    expect(resolveRank(input)).toEqual({ ...large, name: 'Tied' });
  });
});

describe('undo', () => {
  it('brings back the recommenders and settings that loaded data replaced', async () => {
    setRecommenderText(entry('A').id, '1 2 3');
    await readPastedCsv('recommender,rank\nX,5\nY,7\n');
    await confirmPreview();
    expect(store.getState().recommenders.map((r) => r.name)).toEqual(['X', 'Y']);
    expect(store.getState().notice).toMatchObject({ offerUndo: true });
    await undoReplace();
    expect(store.getState().recommenders.map((r) => r.name)).toEqual(['A', 'B', 'C']);
    expect(entry('A').text).toBe('1 2 3');
    expect(store.getState().replacedWork).toBeNull();
  });
});

describe('a file with ranks above n', () => {
  it('offers n = its largest rank; one click sets n and previews the file', async () => {
    await readPastedCsv('recommender,rank\nX,12000\nY,15000\nY,3\n');
    expect(store.getState().input).toMatchObject({ status: 'error', largestRank: 15_000 });
    await fitItemCount();
    expect(store.getState().settings.itemCount).toBe(15_000);
    expect(store.getState().input.status).toBe('preview');
  });
});
