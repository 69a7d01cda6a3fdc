/**
 * Metrics under a chosen definition (definedMetric.ts) through the core's computations on one relevant item's rank,
 * against test/fixtures/variant-corrections.json: a dense numpy/scipy reference computed from the definitions of
 * AP@K / K (DaisyRec) and Elliot's AP@K themselves (scripts/fixtures/variant_corrections.py): the metric on the
 * catalogue and on the sample, E[g(r̃) | r] (eq 16), the BV correction with γ = 0.1 (eq 25), the posterior mean
 * (eq 26), the rank-estimate correction (eq 20) and a metric read off a rank distribution (Jin et al. eq 14).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectClose } from '../../../test/expectClose.ts';
import { InputError } from '../errors.ts';
import { correctionVector } from '../corrections/correction.ts';
import { metricCurveFromDistribution, metricFromDistribution } from '../distribution/metricsFromDistribution.ts';
import { sharedDistributionMetrics } from '../distribution/metricsFromDistribution.ts';
import { expectedSampledAtRank, ExpectedAtRankBatch } from '../expectedAtRank.ts';
import { exactMetric, expectedSampledMetrics, sampledMetricVector } from '../expected.ts';
import { metricAtRank, metricCurve, parseMetric } from '../metrics.ts';
import type { RankData } from '../rankData.ts';
import { singleRankData } from '../rankData.ts';
import type { Sampling } from '../law/index.ts';
import { variantById } from './catalog.ts';
import { variantAtRank, variantsFor } from './choice.ts';
import {
  definedCurveFromDistribution,
  definedMetricId,
  definedMetricIds,
  parseDefinedMetric,
} from './definedMetric.ts';

interface Setting {
  n: number;
  m: number;
  sampling: Sampling;
  ranks: number[];
  metrics: Record<
    string,
    {
      exact: number[];
      sampled: number[];
      expected: number[];
      bv: number[];
      posterior: number[];
      rankEstimate: number[];
      fromDistribution: number;
    }
  >;
}

const fixture = JSON.parse(
  readFileSync(new URL('../../../test/fixtures/variant-corrections.json', import.meta.url), 'utf8'),
) as { meta: { gamma: number }; settings: Setting[] };

describe('parseDefinedMetric and definedMetricId', () => {
  it('reads a variant after a colon; Krichene & Rendle’s own reading is the plain metric', () => {
    expect(parseDefinedMetric('ap@10')).toEqual(parseMetric('ap@10'));
    expect(parseDefinedMetric('ap@10:ap-min')).toEqual(parseMetric('ap@10'));
    const mrr = parseDefinedMetric('ap@10:mrr');
    expect(mrr).toMatchObject({ id: 'ap@10:mrr', kind: 'ap', cutoff: 10, variant: 'mrr' });
    expect(mrr.atRank).toBeUndefined(); // MRR@K is AP@K for one relevant item: the core's fast paths stay
    const daisy = parseDefinedMetric('AP@10:ap-k');
    expect(daisy).toMatchObject({ id: 'ap@10:ap-k', variant: 'ap-k' });
    expect(metricAtRank(daisy, 2, 100)).toBeCloseTo(1 / 20, 15);
  });

  it('names the text and the offered variants when the variant is not a definition of the metric', () => {
    expect(() => parseDefinedMetric('recall@10:ap-k')).toThrow(InputError);
    expect(() => parseDefinedMetric('recall@10:ap-k')).toThrow(/recall@10:ap-k.*hitrate/);
    expect(() => parseDefinedMetric('ap:nope')).toThrow(/"nope" is not a definition of ap/);
  });

  it('definedMetricId adds the chosen variant, and round-trips through parseDefinedMetric', () => {
    expect(definedMetricId('ap@10', undefined)).toBe('ap@10');
    expect(definedMetricId('ap@10', { ap: 'ap-min' })).toBe('ap@10');
    expect(definedMetricId('MRR@10', { ap: 'ap-k' })).toBe('ap@10:ap-k');
    expect(definedMetricId('recall@10', { ap: 'ap-k', recall: 'hitrate' })).toBe('recall@10:hitrate');
    expect(parseDefinedMetric(definedMetricId('ap', { ap: 'ap-elliot' })).id).toBe('ap:ap-elliot');
  });

  it('the fast one-item forms equal the variants’ values on one user, at every rank', () => {
    for (const id of ['ap-k', 'ap-elliot']) {
      const variant = variantById(id);
      for (const base of ['ap@1', 'ap@7', 'ap@40', 'ap']) {
        const metric = parseMetric(base);
        const defined = parseDefinedMetric(`${base}:${id}`);
        for (let r = 1; r <= 60; r++) {
          expectClose(
            metricAtRank(defined, r, 60),
            variantAtRank(variant, metric, r, 60),
            1e-15,
            `${id} ${base} r=${r}`,
          );
        }
      }
    }
  });

  it('a variant is either Krichene & Rendle’s function of the rank or not, the same on 500 and 5,000 items', () => {
    for (const base of ['auc', 'precision@10', 'recall@10', 'ap', 'ap@10', 'ap@700', 'ndcg', 'ndcg@10']) {
      for (const v of variantsFor(parseMetric(base).kind)) {
        const small = parseDefinedMetric(`${base}:${v.id}`).atRank === undefined;
        const metric = parseDefinedMetric(`${base}:${v.id}`);
        const differs = Array.from({ length: 5000 }, (_, r) => r + 1).some((r) => {
          const own = variantAtRank(v, parseMetric(base), r, 5000);
          return Math.abs(own - metricAtRank(parseMetric(base), r, 5000)) > 1e-12;
        });
        expect(small, `${base}:${v.id}`).toBe(!differs);
        if (!differs) expect(metric.variant === undefined).toBe(v.id === variantsFor(metric.kind)[0].id);
      }
    }
  });
});

describe('definedMetricIds', () => {
  const single = singleRankData('A', [1, 2, 3]);
  it('reads each metric under its chosen variant for one relevant item per user, and as it is otherwise', () => {
    expect(definedMetricIds(['ap@10', 'recall@10'], undefined, [single])).toEqual(['ap@10', 'recall@10']);
    expect(definedMetricIds(['ap@10', 'recall@10'], { ap: 'ap-k' }, [single])).toEqual(['ap@10:ap-k', 'recall@10']);
    expect(definedMetricIds(['ap@10'], { ap: 'ap-min' }, [single])).toEqual(['ap@10']);
    const sets = { ...single, ranks: Float64Array.from([1, 2, 3]), offsets: Int32Array.from([0, 3]) };
    expect(definedMetricIds(['ap@10'], { ap: 'ap-k' }, [single, { ...sets, weights: Float64Array.from([1]) }])).toEqual(
      ['ap@10'],
    );
  });
});

describe.each(fixture.settings)('against numpy/scipy: n = $n, m = $m, $sampling', (s) => {
  const setup = { itemCount: s.n, sampleSize: s.m, sampling: s.sampling };
  describe.each(Object.keys(s.metrics))('%s', (id) => {
    const want = s.metrics[id];
    const metric = parseDefinedMetric(id);

    it('the metric on the catalogue and on the sample', () => {
      expectClose(
        s.ranks.map((r) => metricAtRank(metric, r, s.n)),
        want.exact,
        { relative: 1e-12 },
      );
      expectClose(sampledMetricVector(metric, s.m), want.sampled, { relative: 1e-12 });
      const curve = metricCurve(metric, s.n);
      expectClose(
        s.ranks.map((r) => curve[r - 1]),
        want.exact,
        { relative: 1e-12 },
      );
    });

    it('E[g(r̃) | r] (eq 16), one rank at a time and batched', () => {
      // No short form without a cut-off (null): then the sum over the whole law, as expected.ts does it.
      const atRank = (r: number) =>
        expectedSampledAtRank(metric, r, s.n, s.m, s.sampling) ??
        expectedSampledMetrics(rankData([r]), [metric], s.n, s.m, s.sampling)[0].sampledMean;
      if (metric.cutoff === null) expect(expectedSampledAtRank(metric, 2, s.n, s.m, s.sampling)).toBeNull();
      expectClose(s.ranks.map(atRank), want.expected, { absolute: 1e-15, relative: 1e-10 });
      if (ExpectedAtRankBatch.supports([metric])) {
        const batch = new ExpectedAtRankBatch([metric], s.m, s.sampling);
        const out = new Float64Array(1);
        const got = s.ranks.map((r) => (batch.evaluate(r, s.n, out), out[0]));
        expectClose(got, want.expected, { absolute: 1e-15, relative: 1e-10 });
      } else {
        expect(metric.cutoff).toBeNull();
      }
    });

    it('the expected sampled metric and the exact metric of rank data (eqs 1, 16)', () => {
      const data = rankData(s.ranks);
      const [summary] = expectedSampledMetrics(data, [metric], s.n, s.m, s.sampling);
      const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
      expectClose(summary.sampledMean, mean(want.expected), { absolute: 1e-15, relative: 1e-10 });
      expectClose(summary.exact, mean(want.exact), { relative: 1e-12 });
      expectClose(exactMetric(data, metric, s.n), mean(want.exact), { relative: 1e-12 });
    });

    it('corrections: BV (eq 25), the posterior mean (eq 26), the rank estimate (eq 20)', () => {
      const bv = correctionVector(metric, { ...setup, method: 'bv', gamma: fixture.meta.gamma });
      const scale = Math.max(...want.bv.map(Math.abs));
      expectClose(bv, want.bv, { absolute: 1e-8 * scale });
      expectClose(correctionVector(metric, { ...setup, method: 'bv', gamma: 1 }), want.posterior, {
        absolute: 1e-15,
        relative: 1e-9,
      });
      expectClose(correctionVector(metric, { ...setup, method: 'rank-estimate' }), want.rankEstimate, {
        relative: 1e-12,
      });
    });

    it('a metric read off a rank distribution (Jin et al. eq 14), one group and shared', () => {
      const dist = Float64Array.from({ length: s.n }, (_, r) => (r + 1) ** -0.7);
      const total = dist.reduce((a, b) => a + b, 0);
      for (let r = 0; r < s.n; r++) dist[r] /= total;
      expectClose(metricFromDistribution(metric, dist, s.n), want.fromDistribution, { relative: 1e-12 });
      const [shared] = sharedDistributionMetrics(dist, s.n, [{ itemCount: s.n, weight: 1 }], [metric]);
      expectClose(shared, want.fromDistribution, { relative: 1e-12 });
    });
  });
});

/** One relevant item per user at these ranks, weight 1 each. */
function rankData(ranks: readonly number[]): RankData {
  return {
    name: 'x',
    ranks: Float64Array.from(ranks),
    offsets: Int32Array.from({ length: ranks.length + 1 }, (_, i) => i),
    weights: new Float64Array(ranks.length).fill(1),
    itemCounts: null,
  };
}

describe('definedCurveFromDistribution: AP@K for every K read off P̂ under a reading (eq 14)', () => {
  const n = 300;
  const dist = Float64Array.from({ length: n }, (_, r) => (r + 1) ** -1.2);
  const total = dist.reduce((a, b) => a + b, 0);
  for (let r = 0; r < n; r++) dist[r] /= total;

  it('Krichene & Rendle’s AP@K is the cumulative sum of P̂(R)/R', () => {
    expectClose(
      definedCurveFromDistribution('ap', dist, n, 40),
      metricCurveFromDistribution('ap', dist, n).subarray(0, 40),
      1e-15,
    );
  });

  it('AP@K / K and Elliot’s AP@K against direct sums of their definitions', () => {
    const daisy = definedCurveFromDistribution('ap:ap-k', dist, n, 40);
    const elliot = definedCurveFromDistribution('ap:ap-elliot', dist, n, 40);
    for (let K = 1; K <= 40; K++) {
      let plain = 0;
      let mean = 0;
      for (let R = 1; R <= K; R++) {
        plain += dist[R - 1] / R;
        let precisions = 0; // Σ_{j=R}^{K} Prec@j with one relevant item at R: 1/j
        for (let j = R; j <= K; j++) precisions += 1 / j;
        mean += (dist[R - 1] * precisions) / K;
      }
      expectClose(daisy[K - 1], plain / K, { relative: 1e-13 }, `AP@${K} / K`);
      expectClose(elliot[K - 1], mean, { relative: 1e-13 }, `Elliot AP@${K}`);
    }
  });
});
