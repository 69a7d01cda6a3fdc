import { describe, expect, it } from 'vitest';
import { metricFormula } from './metricFormulas.ts';
import { parseMetric } from './metrics.ts';

describe('metricFormula', () => {
  it('gives each metric its formula for one relevant item and Krichene & Rendle’s equation number (eqs 7–13)', () => {
    const of = (id: string) => metricFormula(parseMetric(id));
    expect(of('auc')).toEqual({ tex: String.raw`\mathrm{AUC}(r) = \frac{n - r}{n - 1}`, equation: 'eq 7' });
    expect(of('precision@5').equation).toBe('eq 8');
    expect(of('recall@10')).toEqual({ tex: String.raw`\mathrm{Recall@10}(r) = \delta(r \le 10)`, equation: 'eq 9' });
    expect(of('ap@10')).toEqual({
      tex: String.raw`\mathrm{AP@10}(r) = \delta(r \le 10)\,\frac{1}{r}`,
      equation: 'eq 10',
    });
    expect(of('ndcg@10').equation).toBe('eq 11');
    expect(of('ap')).toEqual({ tex: String.raw`\mathrm{AP}(r) = \frac{1}{r}`, equation: 'eq 12' });
    expect(of('ndcg')).toEqual({ tex: String.raw`\mathrm{NDCG}(r) = \frac{1}{\log_2(r + 1)}`, equation: 'eq 13' });
  });
});
