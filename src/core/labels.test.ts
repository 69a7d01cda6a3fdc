/** Labels and number formats shared by the page, the figures and the CLI (examples from their callers' captions). */
import { describe, expect, it } from 'vitest';
import {
  formatDecimal,
  formatInteger,
  formatSigned,
  formatSignificant,
  methodLabel,
  metricIdLabel,
  metricLabel,
  SAMPLING_LABELS,
  shortMethodLabel,
  tableMetricLabel,
  variantMetricLabel,
} from './labels.ts';
import { variantById } from './variants/catalog.ts';

describe('labels', () => {
  it('names metrics with their cut-off, and unknown kinds as they are', () => {
    expect(['recall@10', 'ap', 'ndcg@5', 'auc', 'precision@1', 'map'].map(metricLabel)).toEqual([
      'Recall@10',
      'AP',
      'NDCG@5',
      'AUC',
      'Precision@1',
      'map',
    ]);
  });

  it('labels of metric ids name the variant they are read under', () => {
    expect(metricIdLabel('ap@10')).toBe('AP@10');
    expect(metricIdLabel('ap@10:ap-k')).toBe(`AP@10 (${variantById('ap-k').label})`);
    expect(metricIdLabel('ap:ap-elliot')).toBe('AP (Elliot’s AP@K)');
  });

  it('under a choice of variants, names the variant beside the metric when it is not Krichene & Rendle’s', () => {
    expect(variantMetricLabel('ap@10', undefined)).toBe('AP@10');
    expect(variantMetricLabel('ap@10', { ap: 'ap-k' })).toBe('AP@10 (AP@K / K)');
    expect(variantMetricLabel('ndcg@10', { ap: 'ap-k' })).toBe('NDCG@10');
  });

  it('labels Recall@K as HR@K too, as the page’s table does', () => {
    expect(tableMetricLabel('recall@10')).toBe('Recall@10 (= HR@10)');
    expect(tableMetricLabel('ndcg')).toBe('NDCG');
  });

  it('names methods from the estimator registry', () => {
    expect(methodLabel('bv:0.1')).toBe('BV γ = 0.1');
    expect(shortMethodLabel('sampled')).toBe('Sampled');
  });

  it('names the sampling law', () => {
    expect(SAMPLING_LABELS['without-replacement']).toBe('without replacement');
  });
});

describe('number formats', () => {
  it('writes integers with thousands separators', () => {
    expect([0, 999, 1000, 10_000, 2_000_000].map(formatInteger)).toEqual(['0', '999', '1,000', '10,000', '2,000,000']);
  });

  it('writes fixed decimals without the sign of a value that rounds to zero', () => {
    expect(formatDecimal(0.0101, 3)).toBe('0.010');
    expect(formatDecimal(-0.0004, 3)).toBe('0.000');
    expect(formatDecimal(-0.5, 2)).toBe('-0.50');
    expect(formatDecimal(NaN, 2)).toBe('NaN');
  });

  // The same strings as d3.format('.3f'), which the figures used before (checked on 10⁵ random values).
  it('writes a typographic minus for figures', () => {
    expect([-0.5, -0.0004, 1.2345, 0].map((v) => formatSigned(v, 3))).toEqual(['−0.500', '0.000', '1.234', '0.000']);
  });

  it('writes read-out values with 4 significant digits, in exponent form outside [1e-4, 1e6)', () => {
    expect([0, 0.123456, 12345.67, 1e6, -4.581e9, 2.5e-7, Infinity].map(formatSignificant)).toEqual([
      '0',
      '0.1235',
      '12350',
      '1.000e+6',
      '-4.581e+9',
      '2.500e-7',
      'Infinity',
    ]);
  });
});
