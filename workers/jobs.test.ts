/**
 * The compute worker's estimates from sampled ranks with a per-user n: corrections solved on a grid of n and
 * interpolated (core itemCountGrid.ts), checked against core estimateMetrics with every distinct n solved exactly.
 */
import { describe, expect, it } from 'vitest';
import { expectClose } from '../test/expectClose.ts';
import { createRandom, estimateMetrics, parseMethodList, parseMetricList, singleRankData } from '../src/core/index.ts';
import { estimateAll, readInput } from './jobs.ts';

describe('estimateAll with a per-user n', () => {
  // 600 users with 120 distinct n in 1,000..2,190 and sampled ranks among m = 20 (+ the relevant item).
  const random = createRandom(11);
  const itemCounts = Array.from({ length: 600 }, () => 1000 + 10 * Math.floor(random.next() * 120));
  const ranks = itemCounts.map(() => 1 + Math.floor(21 * random.next() ** 3));
  const data = singleRankData('U', ranks, null, itemCounts);
  const metrics = ['recall@10', 'ndcg@10', 'ap', 'auc'];
  const methods = ['sampled', 'cls', 'bv:1', 'bv:0.1'];
  const request = {
    recommenders: [data],
    metrics,
    methods,
    itemCount: 2190,
    sampleSize: 20,
    sampling: 'with-replacement' as const,
    prior: { kind: 'uniform' as const },
  };

  it('equals the exact per-n estimates within 1e-5, with far fewer solves than distinct n, reported as progress', () => {
    const reports: [number, number][] = [];
    const fast = estimateAll(request, (done, total) => reports.push([done, total]))[0];
    const exact = estimateMetrics(data, parseMetricList(metrics.join(',')), parseMethodList(methods.join(',')), {
      itemCount: 2190,
      sampleSize: 20,
      sampling: 'with-replacement',
    });
    methods.forEach((method, i) =>
      metrics.forEach((metric, j) => {
        const want = exact.find((row) => row.method === method && row.metric === metric)!.estimate;
        expectClose(fast[i][j], want, 1e-5, `${method} ${metric}`);
      }),
    );
    // 3 correction methods × the grid's nodes (ratio 1.1 over 1,000..2,190: 10 nodes), not × 120 distinct n.
    const [done, total] = reports[reports.length - 1];
    expect(done).toBe(total);
    expect(total).toBeGreaterThanOrEqual(3 * 6);
    expect(total).toBeLessThan(3 * 120);
  });
});

describe('readInput', () => {
  it('refuses a file that is not UTF-8 with its line, through the file error path (not U+FFFD in a name)', async () => {
    const latin1 = new Blob([new TextEncoder().encode('recommender,rank\nCaf'), Uint8Array.of(0xe9), ',1\n']);
    const parsed = await readInput(latin1, { file: 'ranks.csv', itemCount: 100 });
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) {
      expect([parsed.error.file, parsed.error.line]).toEqual(['ranks.csv', 2]);
      expect(parsed.error.message).toMatch(/^the file is not UTF-8 text \(byte 0xE9/);
    }
  });

  it('reads a UTF-8 file with its byte-order mark, and pasted text as it is', async () => {
    const file = new Blob([Uint8Array.of(0xef, 0xbb, 0xbf), 'recommender,rank\nCafé,1\n']);
    for (const source of [file, 'recommender,rank\nCafé,1\n']) {
      const parsed = await readInput(source, { file: 'ranks.csv', itemCount: 100 });
      expect(parsed.ok && parsed.value.kind === 'ranks' && parsed.value.file.recommenders[0].name).toBe('Café');
    }
  });

  it('keeps the relevance grades and tie ranges of a file, also of one relevant item per user without an n column', async () => {
    const text =
      'recommender,user,rank,relevance,rankOptimistic,rankPessimistic\nA,u,3,4,1,5\nA,v,2,0.5,2,2\nA,v,7,1,6,9\n';
    const single = 'recommender,rank,relevance,rankOptimistic,rankPessimistic\nB,3,4,1,5\nB,3,2,3,3\n';
    for (const [source, ranks, grades, low, high] of [
      [text, [3, 2, 7], [4, 0.5, 1], [1, 2, 6], [5, 2, 9]],
      [single, [3, 3], [4, 2], [1, 3], [5, 3]],
    ] as const) {
      const parsed = await readInput(source, { file: 'ranks.csv', itemCount: 100 });
      if (!parsed.ok || parsed.value.kind !== 'ranks') throw new Error('not read');
      const data = parsed.value.file.recommenders[0];
      expect(Array.from(data.ranks)).toEqual(ranks);
      expect(Array.from(data.relevance!)).toEqual(grades);
      expect([Array.from(data.ties!.low), Array.from(data.ties!.high)]).toEqual([low, high]);
    }
  });
});
