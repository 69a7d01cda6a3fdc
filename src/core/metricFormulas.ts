/**
 * Krichene & Rendle's metrics (metrics.ts) for one relevant item at rank r among n items, in LaTeX for KaTeX, with
 * the paper's equation numbers (section 3.1, eqs 7–13), for the page to show a formula wherever a metric is named.
 * Example: metricFormula(parseMetric('recall@10')) → { tex: '\mathrm{Recall@10}(r) = \delta(r \le 10)', equation: 'eq 9' }.
 */
import type { Metric } from './metrics.ts';

export interface MetricFormula {
  readonly tex: string;
  /** The equation number in Krichene & Rendle (2020), e.g. "eq 9". */
  readonly equation: string;
}

export function metricFormula(metric: Metric): MetricFormula {
  const k = metric.cutoff;
  const delta = k === null ? '' : String.raw`\delta(r \le ${k})\,`;
  const name = (label: string) => String.raw`\mathrm{${label}${k === null ? '' : `@${k}`}}(r)`;
  switch (metric.kind) {
    case 'auc':
      return { tex: String.raw`\mathrm{AUC}(r) = \frac{n - r}{n - 1}`, equation: 'eq 7' };
    case 'precision':
      return { tex: String.raw`${name('Prec')} = ${delta}\frac{1}{${k}}`, equation: 'eq 8' };
    case 'recall':
      return { tex: String.raw`${name('Recall')} = \delta(r \le ${k})`, equation: 'eq 9' };
    case 'ap':
      return { tex: String.raw`${name('AP')} = ${delta}\frac{1}{r}`, equation: k === null ? 'eq 12' : 'eq 10' };
    case 'ndcg':
      return {
        tex: String.raw`${name('NDCG')} = ${delta}\frac{1}{\log_2(r + 1)}`,
        equation: k === null ? 'eq 13' : 'eq 11',
      };
  }
}
