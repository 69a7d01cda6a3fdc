import { describe, expect, it } from 'vitest';
import { pairVerdicts, primaryMethod, type PairDifference, type VerdictInput } from './orderings.ts';

const diff = (method: string, a: string, b: string, difference: number, low: number, high: number, paired = true) =>
  ({ metric: 'recall@10', method, a, b, difference, low, high, paired }) satisfies PairDifference;

/** Two recommenders, X ahead of Y by MLE and behind by the sampled metric. */
const base: VerdictInput = {
  metric: 'recall@10',
  metricLabel: 'Recall@10',
  recommenders: ['X', 'Y'],
  methods: ['sampled', 'mle'],
  value: [
    [0.3, 0.095],
    [0.31, 0.083],
  ],
  differences: [],
  users: [6040, 6040],
  sampled: { values: [0.3, 0.31], label: 'the uncorrected sampled metric' },
  missing: 'its 95% interval is being computed',
  range: [0, 1],
};

describe('pairVerdicts', () => {
  it('says who beats whom, by how much and with which interval, and that the sampled metric reverses the order', () => {
    const model = pairVerdicts({
      ...base,
      differences: [diff('sampled', 'X', 'Y', -0.01, -0.015, -0.005), diff('mle', 'X', 'Y', 0.012, 0.004, 0.02)],
    });
    expect(model.primary).toBe('mle');
    expect(model.pairs).toHaveLength(1);
    const [pair] = model.pairs;
    expect(pair).toMatchObject({ ahead: 'X', behind: 'Y', status: 'beats', reversed: true });
    expect(pair.sentence).toBe(
      'X beats Y on Recall@10 by 0.012 [0.004, 0.020] (MLE; paired over 6,040 users); the uncorrected sampled metric reverses the order.',
    );
    expect(pair.cells.map((c) => [c.text, c.interval, c.noise])).toEqual([
      ['−0.010', '[−0.015, −0.005]', false],
      ['0.012', '[0.004, 0.020]', false],
    ]);
  });

  it('writes the values with more decimals when asked (tiny metrics)', () => {
    const model = pairVerdicts({
      ...base,
      digits: 6,
      differences: [diff('mle', 'X', 'Y', 0.0000123, 0.0000045, 0.00002)],
    });
    expect(model.pairs[0].sentence).toContain('by 0.000012 [0.000005, 0.000020]');
  });

  it('says "within the noise" when the interval holds 0, and puts the leader first whichever way the pair came', () => {
    const model = pairVerdicts({
      ...base,
      value: [
        [0.3, 0.083],
        [0.31, 0.086],
      ],
      differences: [diff('mle', 'X', 'Y', -0.003, -0.008, 0.002, false)],
    });
    const [pair] = model.pairs;
    expect(pair).toMatchObject({ ahead: 'Y', behind: 'X', status: 'noise', reversed: false });
    expect(pair.sentence).toBe(
      'Y and X are within the noise on Recall@10: Y − X = 0.003 [−0.002, 0.008] (MLE; unpaired: the two share no users’ ids).',
    );
    expect(pair.cells[1]).toMatchObject({ text: '0.003', interval: '[−0.002, 0.008]', noise: true });
  });

  it('without a reversal by the sampled metric, the sentence ends at the interval', () => {
    const model = pairVerdicts({
      ...base,
      sampled: { values: [0.32, 0.31], label: 'the uncorrected sampled metric' },
      differences: [diff('mle', 'X', 'Y', 0.012, 0.004, 0.02)],
    });
    expect(model.pairs[0].sentence).toBe(
      'X beats Y on Recall@10 by 0.012 [0.004, 0.020] (MLE; paired over 6,040 users).',
    );
  });

  it('before the intervals, gives the point difference and says the interval is coming', () => {
    const [pair] = pairVerdicts(base).pairs;
    expect(pair.status).toBe('pending');
    expect(pair.sentence).toBe('X leads Y on Recall@10 by 0.012 (MLE); its 95% interval is being computed.');
    expect(pair.cells.map((c) => c.interval)).toEqual([null, null]);
  });

  it('never speaks for a method whose values leave the metric’s range (LS)', () => {
    const model = pairVerdicts({
      ...base,
      methods: ['sampled', 'ls', 'bv:0.1'],
      value: [
        [0.3, 8e6, 0.09],
        [0.31, -5e6, 0.08],
      ],
    });
    expect(model.primary).toBe('bv:0.1');
    expect(model.pairs[0].cells[1].outOfRange).toBe(true);
    expect(model.pairs[0].sentence).toMatch(/^X leads Y on Recall@10 by 0\.010 \(BV γ = 0\.1\)/);
  });

  it('names a parameterised method with its parameters, and the exact metric as such', () => {
    const model = pairVerdicts({
      ...base,
      methods: ['mes:0.01'],
      value: [[0.1], [0.2]],
      differences: [{ ...diff('mes:0.01', 'X', 'Y', -0.1, -0.12, -0.08), metric: 'recall@10' }],
      sampled: null,
    });
    expect(model.pairs[0].sentence).toBe(
      'Y beats X on Recall@10 by 0.100 [0.080, 0.120] (MES, η = 0.01; paired over 6,040 users).',
    );
    expect(primaryMethod(['sampled', 'exact'])).toBe('exact');
  });

  it('has one verdict per pair', () => {
    const three = { ...base, recommenders: ['X', 'Y', 'Z'], value: [...base.value, [0.2, 0.05]], users: [1, 1, 1] };
    expect(pairVerdicts(three).pairs.map((p) => `${p.ahead}>${p.behind}`)).toEqual(['X>Y', 'X>Z', 'Y>Z']);
  });
});
