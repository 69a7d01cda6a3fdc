import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createRandom, singleRankData } from '../core/index.ts';
import { refreshAll, refreshEstimates, refreshTable, setBridge } from './actions.ts';
import { explorerStore, initialState } from './store.ts';
import { inline, until } from './testing.ts';
import { WorkerFailure, type Bridge } from './workerBridge.ts';

const ids = ['auc', 'ap', 'ndcg', 'recall@10'];
/** Krichene & Rendle 2020, Table 1 (exact, 3 decimals) and Table 2 (m = 99, mean ± std of 1000 repetitions). */
const TABLE1 = { A: [0.99, 0.01, 0.15, 0], B: [0.555, 0.01, 0.122, 0], C: [0.843, 0.101, 0.208, 0.2] };
const TABLE2 = { A: [0.99, 0.63, 0.724, 1], B: [0.555, 0.336, 0.444, 0.4], C: [0.843, 0.325, 0.46, 0.567] };

function table() {
  const job = explorerStore.getState().table;
  if (job.status !== 'ready') throw new Error(`table is ${job.status}`);
  return job.value;
}

beforeEach(() => {
  explorerStore.setState(initialState(), true);
  setBridge(inline);
});
afterEach(() => setBridge(null));

describe('explorer actions on the toy example (section 3.2)', () => {
  it('computes Table 1 exactly and Table 2 up to its Monte Carlo error', async () => {
    await refreshAll();
    for (const row of table().rows) {
      ids.forEach((id, j) => {
        const name = row.name as keyof typeof TABLE1;
        expect(row.results[id].exact.toFixed(3)).toBe(TABLE1[name][j].toFixed(3));
        // Table 2 averages 1000 draws: its standard error is at most 0.129 / sqrt(1000) ≈ 0.004.
        expect(Math.abs((row.results[id].sampledMean ?? NaN) - TABLE2[name][j])).toBeLessThan(0.015);
      });
    }
  });

  it('reports n smaller than a rank as an input error, without a retry, and keeps the previous table', async () => {
    await refreshTable();
    explorerStore.setState((s) => ({ settings: { ...s.settings, itemCount: 5000 } }));
    await refreshTable();
    const job = explorerStore.getState().table;
    expect(job.status).toBe('error');
    if (job.status !== 'error') return;
    expect(job.message).toMatch(/rank 8437 is outside 1\.\.5000/);
    expect(job.retryable).toBe(false);
    expect(job.value?.itemCount).toBe(10_000);
  });

  it('offers a retry when the worker fails', async () => {
    const broken: Bridge = {
      run: (channel, signal, task) =>
        channel === 'table'
          ? Promise.reject(new WorkerFailure('The worker failed.'))
          : inline.run(channel, signal, task),
      liveWorkers: () => 0,
    };
    setBridge(broken);
    await refreshTable();
    expect(explorerStore.getState().table).toMatchObject({ status: 'error', retryable: true });
    setBridge(inline);
    await refreshTable();
    expect(explorerStore.getState().table.status).toBe('ready');
  });

  it('drops the result of a request that a newer one replaced', async () => {
    const first = refreshTable();
    explorerStore.setState((s) => ({ settings: { ...s.settings, itemCount: 20_000 } }));
    const second = refreshTable();
    await Promise.all([first, second]);
    expect(table().itemCount).toBe(20_000);
    expect(table().rows[0].results.auc.exact).toBeCloseTo(19_900 / 19_999, 12);
  });
});

describe('the table under chosen definitions', () => {
  it('a variant changes the exact values (AP@K / K is AP@K over K) and names itself in the result', async () => {
    await refreshAll();
    const before = table().rows.map((r) => r.results.ap.exact);
    explorerStore.setState((s) => ({ settings: { ...s.settings, variants: { ap: 'ap-k' } } }));
    await refreshAll();
    // Untruncated AP: K is every position, n = 10,000.
    table().rows.forEach((row, i) => expect(row.results.ap.exact).toBeCloseTo(before[i] / 10_000, 15));
    expect(table().definitions).toEqual({ variants: { ap: 'ap-k' } });
  });

  it('a tie rule orders the tied items of the data (optimistic ≥ random ≥ pessimistic)', async () => {
    const data = {
      ...singleRankData('T', [3, 20]),
      ties: { low: Float64Array.from([1, 5]), high: Float64Array.from([12, 30]) },
    };
    explorerStore.setState((s) => ({
      recommenders: s.recommenders.map((r, i) => (i === 0 ? { ...r, data, text: null } : r)),
    }));
    const recall = (ties?: 'optimistic' | 'random' | 'pessimistic') =>
      (async () => {
        explorerStore.setState((s) => ({ settings: { ...s.settings, ties } }));
        await refreshAll();
        return table().rows[0].results['recall@10'].exact;
      })();
    expect(await recall(undefined)).toBe(0.5);
    expect(await recall('optimistic')).toBe(1);
    expect(await recall('random')).toBeCloseTo((10 / 12 + 6 / 26) / 2, 14);
    expect(await recall('pessimistic')).toBe(0);
  });
});

describe('estimates from sampled ranks under random ties', () => {
  it('get their intervals over users, whose point values are the estimates on show', async () => {
    // 80 users' sampled ranks among m + 1 = 21, each tied over a range; both recommenders list the same users.
    const tied = (name: string, seed: number) => {
      const random = createRandom(seed);
      const low = Array.from({ length: 80 }, () => 1 + Math.floor(18 * random.next() ** 2));
      const high = low.map((l) => Math.min(21, l + Math.floor(6 * random.next())));
      return {
        ...singleRankData(name, low),
        users: Int32Array.from(low, (_, u) => u + 1),
        ties: { low: Float64Array.from(low), high: Float64Array.from(high) },
      };
    };
    explorerStore.setState((s) => ({
      settings: {
        ...s.settings,
        rankKind: 'sampled',
        itemCount: 500,
        sampleSize: 20,
        metrics: ['recall@10'],
        gammas: [0.1],
        estimators: { replicates: 8 },
        ties: 'random',
      },
      recommenders: s.recommenders.slice(0, 2).map((r, i) => ({ ...r, data: tied(`T${i}`, i + 1), text: null })),
    }));
    await refreshEstimates();
    await until(() => explorerStore.getState().intervals.status === 'ready', 30_000);
    const estimates = explorerStore.getState().estimates.value!;
    const intervals = explorerStore.getState().intervals.value!;
    expect(estimates.definitions).toEqual({ ties: 'random' });
    expect(Object.keys(intervals.values).sort()).toEqual([...estimates.methods].sort());
    estimates.methods.forEach((method, k) =>
      estimates.recommenders.forEach((_, r) => {
        const value = intervals.values[method][r][0];
        expect(value.estimate).toBeCloseTo(estimates.estimates[r][k][0], 12);
        expect(value.low).toBeLessThanOrEqual(value.high);
      }),
    );
    expect(intervals.paired).toEqual([true, true]);
    expect(intervals.differences.length).toBe(estimates.methods.length);
  });
});
