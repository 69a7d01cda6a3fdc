import { describe, expect, it } from 'vitest';
import { singleRankData, type PriorSpec } from '../core/index.ts';
import { HASHED_VALUES, requestKey } from './requestKey.ts';
import { TOY_RECOMMENDERS } from './toyExample.ts';

/** Fresh RankData objects of the toy example (Krichene & Rendle 2020, section 3.2) on every call. */
const toy = () => TOY_RECOMMENDERS.map(({ name, ranks }) => singleRankData(name, ranks));

const request = {
  recommenders: toy().map((data) => ({ name: data.name, data })),
  metrics: ['ap', 'recall@10'],
  methods: ['sampled', 'bv:0.1'],
  itemCount: 10_000,
  sampleSize: 99,
  sampling: 'with-replacement',
  repeats: 10,
  prior: { kind: 'power', exponent: 1 } as PriorSpec,
};

describe('requestKey (the cache key of a figure, derived from its whole request)', () => {
  it('changes with the prior exponent, and names the prior by kind and exponent, never by its length', () => {
    const a1 = requestKey(request);
    const a2 = requestKey({ ...request, prior: { kind: 'power', exponent: 2 } });
    expect(a2).not.toBe(a1);
    expect(requestKey({ ...request, prior: { kind: 'uniform' } })).not.toBe(a1);
    expect(a1).toContain('"prior":{"exponent":1,"kind":"power"}');
  });

  it('changes when any field of the request changes', () => {
    const changed: Record<string, unknown> = {
      metrics: ['ap'],
      methods: ['sampled', 'bv:0.01'],
      itemCount: 10_001,
      sampleSize: 100,
      sampling: 'without-replacement',
      repeats: 11,
      recommenders: request.recommenders.slice(0, 2),
    };
    const base = requestKey(request);
    const keys = Object.entries(changed).map(([field, value]) => requestKey({ ...request, [field]: value }));
    for (const key of keys) expect(key).not.toBe(base);
    expect(new Set(keys).size).toBe(keys.length);
    expect(requestKey({ ...request, extra: undefined })).toBe(base);
  });

  it('changes when one rank of the data changes, or the order of the ranks', () => {
    const base = requestKey(request);
    const moved = toy();
    moved[1].ranks[2] = 8438;
    expect(requestKey({ ...request, recommenders: moved.map((data) => ({ name: data.name, data })) })).not.toBe(base);
    const swapped = toy();
    swapped[2].ranks.set([2, 212]);
    expect(requestKey({ ...request, recommenders: swapped.map((data) => ({ name: data.name, data })) })).not.toBe(base);
  });

  it('is the same for new RankData objects holding the same ranks, and for the fields in another order', () => {
    const fresh = { ...request, recommenders: toy().map((data) => ({ name: data.name, data })) };
    expect(requestKey(fresh)).toBe(requestKey(request));
    const reordered = Object.fromEntries(Object.entries(request).reverse());
    expect(requestKey(reordered)).toBe(requestKey(request));
  });

  it(`tells arrays over ${HASHED_VALUES.toLocaleString('en')} values apart by identity, never hashing them on the page`, () => {
    const big = (fill: number) => ({ ranks: new Float64Array(HASHED_VALUES + 1).fill(fill) });
    const one = big(3);
    expect(requestKey({ data: one })).toBe(requestKey({ data: one }));
    expect(requestKey({ data: big(3) })).not.toBe(requestKey({ data: one }));
    // Below the limit, the content decides.
    const small = () => ({ ranks: new Float64Array(HASHED_VALUES).fill(3) });
    expect(requestKey({ data: small() })).toBe(requestKey({ data: small() }));
  });

  it('tells NaN, null and the string "null" apart, and long plain arrays by content', () => {
    expect(new Set([requestKey({ v: NaN }), requestKey({ v: null }), requestKey({ v: 'null' })]).size).toBe(3);
    const weights = Array.from({ length: 1000 }, (_, i) => 1 / (i + 1));
    const prior = (w: number[]): PriorSpec => ({ kind: 'weights', weights: w });
    expect(requestKey(prior(weights))).toBe(requestKey(prior([...weights])));
    expect(requestKey(prior(weights))).not.toBe(requestKey(prior(weights.map((w, i) => (i === 500 ? w * 2 : w)))));
  });
});
