import { describe, expect, it } from 'vitest';
import { METRIC_VARIANTS } from './catalog.ts';
import { kindOfReading, variantsFor } from './choice.ts';

describe('kindOfReading (READINGS inverted)', () => {
  it('names the metric kind each variant family reads (Tamm et al.: HitRate@K as Recall@K, MRR@K as AP@K)', () => {
    const families = ['precision', 'recall', 'hitrate', 'mrr', 'ap', 'ndcg', 'auc'] as const;
    expect(families.map(kindOfReading)).toEqual(['precision', 'recall', 'recall', 'ap', 'ap', 'ndcg', 'auc']);
  });

  it('is the kind whose choices offer the variant (AUC@K variants aside: `auc` has no cut-off)', () => {
    for (const variant of METRIC_VARIANTS) {
      if (variant.metric === 'auc' && variant.usesCutoff) continue;
      expect(variantsFor(kindOfReading(variant.metric)), variant.id).toContain(variant);
    }
  });
});
