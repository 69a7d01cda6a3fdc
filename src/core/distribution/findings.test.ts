/**
 * The qualitative findings of Krichene & Rendle (2020) and Jin et al. (2021), reproduced by seeded studies
 * (simulate, rankDistributionStudy) on the toy example and on synthetic rank distributions. The thresholds leave
 * room for Monte Carlo noise at T = 20 repetitions; the numbers they were set from are in the comments.
 */
import { describe, expect, it } from 'vitest';
import { TOY } from '../../../test/rankData.ts';
import { expectClose } from '../../../test/expectClose.ts';
import {
  createRandom,
  parseMethodList,
  parseMetricList,
  rankDistributionStudy,
  simulate,
  singleRankData,
  unwrap,
  type DistributionMethod,
  type SimulationResult,
} from '../index.ts';

/**
 * Seeded synthetic ranks: a fraction `head` of the users geometric with mean `headMean`, the rest lognormal with
 * median `tailMedian` and σ = 1 (Box–Muller), clipped to 1..n.
 */
function syntheticRanks(n: number, users: number, seed: number, head: number, headMean: number, tailMedian: number) {
  const random = createRandom(seed);
  return Float64Array.from({ length: users }, (_, u) => {
    let r: number;
    if (u < head * users) r = 1 + Math.floor(Math.log(1 - random.next()) / Math.log(1 - 1 / headMean));
    else {
      const z = Math.sqrt(-2 * Math.log(1 - random.next())) * Math.cos(2 * Math.PI * random.next());
      r = Math.floor(Math.exp(Math.log(tailMedian) + z)) + 1;
    }
    return Math.min(n, Math.max(1, r));
  });
}

const row = (study: SimulationResult, recommender: string, metric: string, method: string) =>
  study.results.find((r) => r.recommender === recommender && r.metric === metric && r.method === method)!;
const ordering = (study: SimulationResult, metric: string, method: string, a: string, b: string) =>
  study.orderings.find((o) => o.metric === metric && o.method === method && o.a === a && o.b === b)!.correct;
const winner = (study: SimulationResult, metric: string, method: string) =>
  study.winners.find((w) => w.metric === metric && w.method === method)!.correct;

describe('toy example (Krichene & Rendle Table 1, n = 10,000, m = 99, five users each)', () => {
  const study = simulate({
    recommenders: TOY,
    metrics: parseMetricList('recall@10,ndcg@10,ap,auc'),
    methods: parseMethodList('sampled,bv:0.1,mle,mes'),
    itemCount: 10_000,
    sampleSize: 99,
    sampling: 'with-replacement',
    repetitions: 20,
    seed: 7,
  });

  it('sampled top-heavy metrics never pick C, the exact winner; mle, mes and bv:0.1 often do', () => {
    for (const metric of ['recall@10', 'ndcg@10', 'ap']) {
      expect(winner(study, metric, 'sampled')).toBe(0);
      // Five users leave much to chance: over seeds 1–40 each of them picks C in 5.8–8.1 of 20 repetitions on
      // average (2–13 by seed, the same with literal item draws and with sampled ranks drawn from their law); seed 7
      // gives 3–4 since the draws follow the law (study/draw.ts), 9–10 before. The bound asks that they pick C
      // repeatedly where sampled never does.
      for (const method of ['bv:0.1', 'mle', 'mes:0.001'])
        expect(winner(study, metric, method)).toBeGreaterThanOrEqual(3);
    }
  });

  it('AUC stays consistent under sampling for every estimator (section 4.4.1)', () => {
    for (const method of ['sampled', 'bv:0.1', 'mle', 'mes:0.001']) {
      expect(winner(study, 'auc', method)).toBe(20);
      expect(ordering(study, 'auc', method, 'A', 'B')).toBe(20);
    }
  });
});

describe('synthetic recommenders whose sampled metrics invert the exact order (n = 3,706, m = 99)', () => {
  // T: 15% of users at ranks ~1–5, the rest far down (median 1500): best at the top, worst overall.
  // M: 45% around rank 40, the rest near 300: looks best on sampled metrics. S: in between.
  const n = 3706;
  const recommenders = [
    singleRankData('T', syntheticRanks(n, 2000, 1, 0.15, 3, 1500)),
    singleRankData('M', syntheticRanks(n, 2000, 2, 0.45, 40, 300)),
    singleRankData('S', syntheticRanks(n, 2000, 3, 0.3, 12, 800)),
  ];
  const topHeavy = ['recall@10', 'ndcg@10', 'ap@10'];
  const study = simulate({
    recommenders,
    metrics: parseMetricList('recall@10,ndcg@10,ap@10,auc'),
    methods: parseMethodList('sampled,bv:0.1,mle,wmle,mes'),
    itemCount: n,
    sampleSize: 99,
    sampling: 'with-replacement',
    repetitions: 20,
    seed: 7,
  });

  it('sampled metrics order T and M wrongly in every repetition, and never pick the winner (K&R Tables 3–4)', () => {
    for (const metric of topHeavy) {
      expect(ordering(study, metric, 'sampled', 'T', 'M')).toBe(0);
      expect(winner(study, metric, 'sampled')).toBe(0);
    }
    expect(ordering(study, 'auc', 'sampled', 'T', 'M')).toBe(20);
  });

  it('mle is nearly unbiased and orders the pairs right (Jin Tables 2 and 4)', () => {
    for (const metric of topHeavy) {
      for (const name of ['T', 'M', 'S']) {
        const { exact, mean } = row(study, name, metric, 'mle');
        // Observed within 1.3–12% (ap@10 of M the worst); sampled is off by 45–1200%.
        expectClose(mean, exact, { relative: 0.2 }, `mle ${metric} of ${name}`);
        const sampled = row(study, name, metric, 'sampled');
        expect(Math.abs(sampled.mean - exact)).toBeGreaterThan(3 * Math.abs(mean - exact));
      }
      expect(ordering(study, metric, 'mle', 'T', 'M')).toBe(20);
      expect(ordering(study, metric, 'mle', 'M', 'S')).toBe(20);
      // The winner (T) vs S is close at the top; observed 17–20 of 20.
      expect(winner(study, metric, 'mle')).toBeGreaterThanOrEqual(12);
    }
  });

  it('the distribution estimators have a larger variance than BV 0.1 (Jin, Table 2 discussion)', () => {
    for (const metric of topHeavy) {
      for (const name of ['M', 'S']) {
        expect(row(study, name, metric, 'mle').std).toBeGreaterThan(row(study, name, metric, 'bv:0.1').std);
        expect(row(study, name, metric, 'mes:0.001').std).toBeGreaterThan(row(study, name, metric, 'bv:0.1').std);
      }
    }
  });

  it('wmle puts more mass on the top ranks than mle (Jin, Figure 2 discussion)', () => {
    for (const name of ['T', 'M', 'S']) {
      expect(row(study, name, 'recall@10', 'wmle:ndcg:10').mean).toBeGreaterThan(
        row(study, name, 'recall@10', 'mle').mean,
      );
    }
  });

  it('our finding: mes is accurate on smooth heads but smooths away a head packed into ranks 1–5', () => {
    for (const name of ['M', 'S']) {
      const { exact, mean } = row(study, name, 'recall@10', 'mes:0.001');
      expectClose(mean, exact, { relative: 0.1 }, `mes recall@10 of ${name}`); // observed 5% and 3%
    }
    const t = row(study, 'T', 'recall@10', 'mes:0.001');
    expect(t.mean).toBeLessThan(0.75 * t.exact); // observed 0.096 against 0.148
  });

  it('Figure 2: the averaged CDF of P̂ follows the exact CDF closely, the pmf much less so', () => {
    const figure = unwrap(
      rankDistributionStudy({
        recommender: recommenders[2],
        methods: parseMethodList('mle,mes') as DistributionMethod[],
        itemCount: n,
        sampleSize: 99,
        sampling: 'with-replacement',
        repetitions: 10,
        seed: 3,
        maxRank: 200,
      }),
    );
    const { pmf, cdf } = figure.empirical;
    for (const curve of figure.estimates) {
      const cutoffs = [10, 20, 50, 100, 200];
      expectClose(
        cutoffs.map((K) => curve.cdf[K - 1]),
        cutoffs.map((K) => cdf[K - 1]),
        0.03, // observed 0.026 for mes (smoother), less for mle
        `${curve.method} CDF at K = ${cutoffs.join(', ')}`,
      );
      let pmfRelativeError = 0;
      for (let r = 0; r < 10; r++)
        pmfRelativeError = Math.max(pmfRelativeError, Math.abs(curve.pmf[r] - pmf[r]) / pmf[r]);
      expect(pmfRelativeError).toBeGreaterThan(0.2);
    }
  });
});
