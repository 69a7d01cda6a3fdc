/**
 * Figure 7's worker job draws its repetitions as they arrive: the recommenders' studies advance together, one
 * repetition at a time, and every round but the last is reported as a partial result. Neither the order nor the
 * reports may change a number: each study is the core's rankDistributionStudy of that recommender alone.
 */
import { describe, expect, it } from 'vitest';
import { TOY } from '../../test/rankData.ts';
import {
  parseMethodList,
  rankDistributionStudy,
  startRankDistributionStudy,
  unwrap,
  type DistributionMethod,
} from '../../src/core/index.ts';
import type { DistributionCurves, DistributionCurvesRequest } from './distributionCurves.ts';
import { distributionCurves } from './distributionCurves.ts';

const base = { itemCount: 10_000, sampleSize: 99, sampling: 'with-replacement' as const, seed: 1, maxRank: 200 };
const request: DistributionCurvesRequest = {
  ...base,
  recommenders: TOY,
  methods: ['mle', 'mes', 'bv-dist:0.1'],
  repeats: 3,
};

const study = (index: number, repetitions: number) =>
  unwrap(
    rankDistributionStudy({
      ...base,
      recommender: TOY[index],
      methods: parseMethodList(request.methods.join(',')) as DistributionMethod[],
      repetitions,
    }),
  );

describe('distributionCurves (Figure 7) reports each round of repetitions', () => {
  it('gives every round but the last as a partial result, and the same numbers as each study alone', () => {
    const partials: DistributionCurves[] = [];
    const progress: number[] = [];
    const final = distributionCurves(
      request,
      (done) => progress.push(done),
      (curves) => partials.push(curves),
    );
    expect(final.partial).toBeUndefined();
    expect(progress).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(partials.map((p) => p.partial)).toEqual([true, true]);
    partials.forEach((partial, round) => {
      partial.studies.forEach((s, i) => {
        expect(s.repeats).toBe(round + 1);
        // The averages after k rounds are the study of k repetitions: the same random stream, taken in order.
        expect(s).toEqual(study(i, round + 1));
      });
    });
    final.studies.forEach((s, i) => expect(s).toEqual(study(i, 3)));
    expect(distributionCurves(request)).toEqual(final);
  });

  it('steps a core study one repetition at a time to the same result', () => {
    const methods = parseMethodList('mle,wmle') as DistributionMethod[];
    const options = { ...base, recommender: TOY[1], methods, repetitions: 2 };
    const run = unwrap(startRankDistributionStudy(options));
    expect(run.done).toBe(0);
    run.step();
    run.step();
    expect(run.done).toBe(2);
    expect(run.result()).toEqual(unwrap(rankDistributionStudy(options)));
    expect(startRankDistributionStudy({ ...options, repetitions: 0 }).ok).toBe(false);
  });
});
