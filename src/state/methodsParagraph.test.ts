import { describe, expect, it } from 'vitest';
import { singleRankData } from '../core/index.ts';
import { DEFAULT_SETTINGS } from './document.ts';
import { methodsParagraph } from './methodsParagraph.ts';
import { TOY_RECOMMENDERS } from './toyExample.ts';

const toy = TOY_RECOMMENDERS.map((r) => ({ name: r.name, data: r.data }));

describe('methodsParagraph', () => {
  it('states the toy example’s setting: users, n, m, the sampling law, each metric with its formula and equation', () => {
    const text = methodsParagraph({ settings: DEFAULT_SETTINGS, recommenders: toy });
    expect(text).toContain('We evaluate 3 recommenders (A, B and C) on 5 users, each with one held-out relevant item');
    expect(text).toContain('among all n = 10,000 items');
    expect(text).toContain('m = 99 irrelevant items sampled uniformly with replacement');
    expect(text).toContain(String.raw`AUC, $\mathrm{AUC}(r) = \frac{n - r}{n - 1}$ (Krichene & Rendle 2020, eq 7)`);
    expect(text).toContain('With tied scores, ties broken as in the rank column.');
    expect(text).toContain('BV, Krichene & Rendle 2020, eq 25) with γ = 0.1, under a uniform prior p(r) = 1/n.');
    expect(text).toContain('B = 200 resamples (seed 1)');
    expect(text).not.toContain('Estimators:');
  });

  it('names a chosen variant in words and LaTeX with its libraries, and the tie rule', () => {
    const settings = { ...DEFAULT_SETTINGS, metrics: ['ap@10'], ties: 'random' as const, variants: { ap: 'ap-k' } };
    const text = methodsParagraph({ settings, recommenders: toy });
    expect(text).toContain(String.raw`AP@10 (AP@K / K), $\mathrm{AP@K}(u) = \frac{1}{K}`);
    expect(text).toContain('(Tamm et al. 2021, as in DaisyRec)');
    expect(text).toContain(
      'ties broken at random (the exact expectation over a uniformly random order of each tie group)',
    );
  });

  it('for sampled ranks with each user’s own n: the n range, the estimators and EM’s stopping rule', () => {
    const data = singleRankData('X', [3, 40], null, [1393, 3687]);
    const settings = {
      ...DEFAULT_SETTINGS,
      rankKind: 'sampled' as const,
      sampleSize: 99,
      sampling: 'without-replacement' as const,
      estimators: { emRule: 'fixed' as const, replicates: 0 },
    };
    const text = methodsParagraph({ settings, recommenders: [{ name: 'X', data }] });
    expect(text).toContain('one recommender (X) on 2 users');
    expect(text).toContain(
      'from the sampled rank of that item among each user’s own catalogue of n = 1,393–3,687 items',
    );
    expect(text).toContain('sampled uniformly without replacement (sampled ranks)');
    expect(text).toContain('Estimators: Sampled (uncorrected) [sampled], Rank estimate [rank-estimate], CLS [cls]');
    expect(text).toContain('WMLE [wmle:ndcg:10], MES [mes:0.001] and BV γ = 0.1 [bv-dist:0.1]');
    expect(text).toContain('EM runs a fixed 100 steps');
    expect(text).toContain('No intervals over users were computed (bootstrap B = 0).');
  });
});
