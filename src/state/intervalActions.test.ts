/**
 * The two phases of the results: point values first, then their intervals over users, group by group (the vector
 * methods, then each fit) on a channel of their own; Cancel keeps what is shown; B and the seed recompute only the
 * intervals; the estimators' settings travel in the link.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createRandom, groupedRankData, type RankData } from '../core/index.ts';
import { cancelEstimates, refreshEstimates, refreshTable, setBridge } from './actions.ts';
import { ESTIMATOR_DEFAULTS, estimateMethodIds } from './estimatorSettings.ts';
import { INTERVALS_CANCELLED } from './intervalActions.ts';
import { decodeFragment, encodeFragment } from './linkCodec.ts';
import { setEstimatorSetting } from './settingsActions.ts';
import { documentOf, entriesOf, explorerStore as store } from './store.ts';
import { inline, resetExplorer, until } from './testing.ts';
import type { Bridge } from './workerBridge.ts';
import { DEFAULT_SETTINGS, PALETTE } from './document.ts';

/** 200 users' sampled ranks among m + 1 = 21 (top-heavy), with users' ids 1..200 shared by both recommenders. */
function sampled(name: string, seed: number, power: number): RankData {
  const random = createRandom(seed);
  const ranks = Array.from({ length: 200 }, () => [1 + Math.floor(21 * random.next() ** power)]);
  return { ...groupedRankData(name, ranks), users: Int32Array.from({ length: 200 }, (_, u) => u + 1) };
}

const settings = {
  ...DEFAULT_SETTINGS,
  rankKind: 'sampled' as const,
  itemCount: 500,
  sampleSize: 20,
  metrics: ['recall@10', 'ap'],
  gammas: [0.1],
  estimators: { replicates: 12 },
};

function load(rankKind: 'sampled' | 'true' = 'sampled'): void {
  const recommenders = [sampled('X', 1, 2), sampled('Y', 2, 3)].map((data, i) => ({
    name: data.name,
    color: PALETTE[i],
    hidden: false,
    text: null,
    data,
    source: 'test',
    dataset: null,
  }));
  store.setState({
    settings: { ...settings, rankKind },
    recommenders: entriesOf({ settings, recommenders, view: store.getState().view }),
  });
}

/** The inline bridge, logging each API call as "channel:function". */
function logging(log: string[], hold?: (channel: string, call: number) => Promise<void> | null): Bridge {
  let calls = 0;
  return {
    run: (channel, signal, task) =>
      inline.run(channel, signal, async (api) => {
        const wait = hold?.(channel, calls++);
        if (wait) await wait;
        const logged = new Proxy(api, {
          get: (target, key) => {
            if (
              typeof key === 'string' &&
              /estimateAll|bootstrapIntervals|bootstrapDraws|joinIntervals|expectedTable/.test(key)
            )
              log.push(`${channel}:${key}`);
            return target[key as keyof typeof target];
          },
        });
        return task(logged);
      }),
    liveWorkers: () => 0,
  };
}

const methodsDone = () => Object.keys(store.getState().intervals.value?.values ?? {});

beforeEach(resetExplorer);
afterEach(() => setBridge(null));

describe('estimates, then their intervals', () => {
  it('shows the point estimates first, then fills in the intervals one group of methods at a time', async () => {
    const log: string[] = [];
    setBridge(logging(log));
    load();
    const seen: string[] = [];
    const unsubscribe = store.subscribe((s) => {
      const done = Object.keys(s.intervals.value?.values ?? {}).join(',');
      if (s.intervals.status === 'loading' && seen[seen.length - 1] !== done) seen.push(done);
    });
    await refreshEstimates();
    const estimates = store.getState().estimates;
    expect(estimates.status).toBe('ready');
    expect(store.getState().intervals.status).toBe('loading');
    await until(() => store.getState().intervals.status === 'ready', 20_000);
    unsubscribe();
    expect(log).toEqual([
      'estimates:estimateAll',
      'intervals:bootstrapIntervals',
      'intervals:bootstrapIntervals',
      'intervals:bootstrapIntervals',
      'intervals:bootstrapIntervals',
    ]);
    const vectors = 'sampled,rank-estimate,cls,bv:0.1,bv-dist:0.1';
    expect(seen).toEqual([
      '',
      vectors,
      `${vectors},mle`,
      `${vectors},mle,wmle:ndcg:10`,
      `${vectors},mle,wmle:ndcg:10,mes:0.001`,
    ]);
    const intervals = store.getState().intervals.value!;
    const result = estimates.value!;
    // Every method of the default settings (listed in estimatorSettings.test.ts).
    expect(result.methods).toEqual(estimateMethodIds([0.1], ESTIMATOR_DEFAULTS));
    expect(methodsDone().sort()).toEqual([...result.methods].sort());
    // The intervals are about the values on show: the bootstrap's point values are the estimates.
    result.methods.forEach((method, k) =>
      result.recommenders.forEach((_, r) =>
        result.metrics.forEach((_, j) => {
          const value = intervals.values[method][r][j];
          expect(value.estimate).toBeCloseTo(result.estimates[r][k][j], 12);
          expect(value.low).toBeLessThanOrEqual(value.high);
        }),
      ),
    );
    expect(intervals).toMatchObject({ replicates: 12, seed: 1, users: [200, 200], paired: [true, true] });
    // One difference per pair (1), metric (2) and method (8), paired over the shared users.
    expect(intervals.differences).toHaveLength(16);
    expect(intervals.differences.every((d) => d.paired && d.a === 'X' && d.b === 'Y')).toBe(true);
  });

  it('with cores to spare, the resamples of each fit are shared by parallel workers, with the same intervals', async () => {
    setBridge(logging([]));
    load();
    await refreshEstimates();
    await until(() => store.getState().intervals.status === 'ready', 20_000);
    const sequential = store.getState().intervals.value!;
    const log: string[] = [];
    vi.stubGlobal('navigator', { hardwareConcurrency: 4 });
    try {
      setBridge(logging(log));
      await refreshEstimates();
      await until(() => store.getState().intervals.status === 'ready', 20_000);
    } finally {
      vi.unstubAllGlobals();
    }
    // The vector methods whole in one worker; each of the three fits (mle, wmle, mes) in three slices, joined: nine
    // slices and three joins over the three workers, each taking the next task when it is free.
    const calls = log.filter((l) => /bootstrap|joinIntervals/.test(l));
    const lanes = ['intervals', 'intervals-2', 'intervals-3'];
    const on = (call: string) => calls.filter((l) => l.endsWith(`:${call}`)).map((l) => l.split(':')[0]);
    expect(on('bootstrapIntervals')).toHaveLength(1);
    expect(on('bootstrapDraws')).toHaveLength(9);
    expect(on('joinIntervals')).toHaveLength(3);
    for (const channel of [...on('bootstrapIntervals'), ...on('bootstrapDraws'), ...on('joinIntervals')])
      expect(lanes).toContain(channel);
    expect(new Set(on('bootstrapDraws')).size).toBe(3);
    const parallel = store.getState().intervals.value!;
    expect(parallel.values).toEqual(sequential.values);
    const key = (d: { method: string; metric: string }) => `${d.method}|${d.metric}`;
    const sorted = (list: typeof parallel.differences) => [...list].sort((a, b) => key(a).localeCompare(key(b)));
    expect(sorted(parallel.differences)).toEqual(sorted(sequential.differences));
  });

  it('Cancel during the intervals keeps the estimates and what has filled in, and says the intervals were cancelled', async () => {
    let release = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The second intervals call (MLE) waits until the test has pressed Cancel.
    let intervalCalls = 0;
    setBridge(logging([], (channel) => (channel === 'intervals' && ++intervalCalls === 2 ? gate : null)));
    load();
    await refreshEstimates();
    const estimates = store.getState().estimates;
    await until(() => methodsDone().includes('bv:0.1'));
    cancelEstimates();
    release();
    expect(store.getState().estimates).toBe(estimates);
    const job = store.getState().intervals;
    expect(job).toMatchObject({ status: 'error', message: INTERVALS_CANCELLED, retryable: true });
    expect(methodsDone()).toEqual(['sampled', 'rank-estimate', 'cls', 'bv:0.1', 'bv-dist:0.1']);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(store.getState().intervals).toBe(job);
  });

  it('B = 0 computes no intervals; a new B recomputes only the intervals; the settings travel in the link', async () => {
    const log: string[] = [];
    setBridge(logging(log));
    load();
    store.setState((s) => ({ settings: { ...s.settings, estimators: { replicates: 0, mesEta: 0.01 } } }));
    await refreshEstimates();
    expect(store.getState().intervals.status).toBe('idle');
    const estimates = store.getState().estimates;
    expect(estimates.value?.methods).toContain('mes:0.01');
    setEstimatorSetting('replicates', 5);
    await until(() => store.getState().intervals.status === 'ready', 20_000);
    expect(store.getState().estimates).toBe(estimates);
    expect(log.filter((l) => l.endsWith('estimateAll'))).toHaveLength(1);
    expect(store.getState().intervals.value?.replicates).toBe(5);
    const encoded = await encodeFragment(documentOf(store.getState()));
    const decoded = await decodeFragment(encoded.ok ? encoded.fragment : '');
    expect(decoded?.document.settings.estimators).toEqual({ replicates: 5, mesEta: 0.01 });
    expect(decoded?.document.settings).toEqual(store.getState().settings);
  });

  it('true ranks: the exact metrics’ intervals follow the table, on the table’s channel', async () => {
    const log: string[] = [];
    setBridge(logging(log));
    load('true');
    await refreshTable();
    await until(() => store.getState().intervals.status === 'ready');
    expect(log).toEqual(['table:expectedTable', 'table:bootstrapIntervals']);
    const intervals = store.getState().intervals.value!;
    expect(intervals).toMatchObject({ rankKind: 'true', methods: ['exact'], recommenders: ['X', 'Y'] });
    const table = store.getState().table.value!;
    table.rows.forEach((row, r) =>
      table.metrics.forEach((id, j) =>
        expect(intervals.values.exact[r][j].estimate).toBeCloseTo(row.results[id].exact, 12),
      ),
    );
  });
});
