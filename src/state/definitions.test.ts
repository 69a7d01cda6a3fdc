import { describe, expect, it } from 'vitest';
import { singleRankData, variantMetricLabel } from '../core/index.ts';
import {
  definitionsOf,
  estimatesDefinitionNote,
  hasTieRanges,
  tieResolvedData,
  withVariant,
  figuresDefinitionNote,
} from './definitions.ts';

describe('definitions of the settings', () => {
  it('are undefined when every metric is Krichene & Rendle’s and ties are as in the file', () => {
    expect(definitionsOf({})).toBeUndefined();
    expect(definitionsOf({ variants: { recall: 'recall', ap: 'ap-min' } })).toBeUndefined();
    expect(definitionsOf({ ties: 'random', variants: { ap: 'mrr' } })).toEqual({
      ties: 'random',
      variants: { ap: 'mrr' },
    });
  });

  it('drop a kind set back to its default', () => {
    expect(withVariant({ ap: 'ap-k', ndcg: 'dcg' }, 'ap', 'ap-min')).toEqual({ ndcg: 'dcg' });
    expect(withVariant({ ap: 'ap-k' }, 'ap', 'ap-min')).toBeUndefined();
  });

  it('tell data with tie ranges, and what the intervals may resample', () => {
    const plain = singleRankData('A', [3, 5]);
    const tied = { ...plain, ties: { low: Float64Array.from([1, 5]), high: Float64Array.from([4, 5]) } };
    const flat = { ...plain, ties: { low: Float64Array.from([3, 5]), high: Float64Array.from([3, 5]) } };
    expect([hasTieRanges([plain]), hasTieRanges([flat]), hasTieRanges([plain, tied])]).toEqual([false, false, true]);
    expect(tieResolvedData(tied, undefined)).toBe(tied);
    expect(Array.from(tieResolvedData(tied, 'pessimistic').ranks)).toEqual([4, 5]);
    expect(tieResolvedData(tied, 'pessimistic')).toBe(tieResolvedData(tied, 'pessimistic'));
    expect(tieResolvedData(tied, 'random')).toBe(tied);
  });
});

describe('estimatesDefinitionNote', () => {
  it('says whether the estimates from sampled ranks are of the chosen definition', () => {
    expect(estimatesDefinitionNote('ap@10', undefined, 3706)).toBeNull();
    expect(estimatesDefinitionNote('ap@10', { variants: { ap: 'mrr' } }, 3706)?.text).toBe(
      'AP@10 (MRR@K (first hit)): for one relevant item per user this definition is Krichene & Rendle’s function of the rank, so the estimates are of it.',
    );
    // Computed for the variant (one relevant item per user: it is a function of the rank) …
    expect(estimatesDefinitionNote('ap@10', { variants: { ap: 'ap-k' } }, 3706, 'ap@10:ap-k')?.text).toBe(
      'AP@10 (AP@K / K): for one relevant item per user this definition is another function of the rank; the expected sampled value, the corrections and the fits are computed for it.',
    );
    // … or not (several relevant items per user).
    expect(estimatesDefinitionNote('ap@10', { variants: { ap: 'ap-k' } }, 3706)?.caveat).toBe(true);
    expect(estimatesDefinitionNote('ap@10', { variants: { ap: 'ap-k' } }, 3706)?.text).toBe(
      'AP@10 (AP@K / K): no sampled correction for this definition when users have several relevant items; the estimates are of Krichene & Rendle’s AP@10.',
    );
  });
});

describe('figuresDefinitionNote', () => {
  it('is null for Krichene & Rendle’s definitions, and names the chosen ones and the tie rule otherwise', () => {
    expect(figuresDefinitionNote({ metrics: ['ap', 'ndcg'], variants: { ap: 'ap-min' } })).toBeNull();
    const note = figuresDefinitionNote({ metrics: ['ap@10', 'ndcg'], variants: { ap: 'ap-k' }, ties: 'random' });
    expect(note).toContain('use the definitions chosen in Definitions');
    expect(note).toContain(`${variantMetricLabel('ap@10', { ap: 'ap-k' })}; ties broken at random`);
    expect(note).not.toContain('NDCG');
    expect(figuresDefinitionNote({ metrics: ['ndcg'], ties: 'pessimistic' })).toMatch(/Definitions: ties .*pessimist/);
    expect(figuresDefinitionNote({ metrics: ['ndcg'], ties: 'random' }, true, false)).not.toContain('slower');
    expect(figuresDefinitionNote({ metrics: ['ndcg'], ties: 'random' }, true, true)).toContain('far slower');
  });

  it('says that the figures keep Krichene & Rendle’s definitions when some users have several relevant items', () => {
    const note = figuresDefinitionNote({ metrics: ['ap@10'], variants: { ap: 'ap-k' } }, false);
    expect(note).toContain('use Krichene & Rendle’s definitions of the metrics (eqs 2–13), since some users have');
    expect(note).toContain(variantMetricLabel('ap@10', { ap: 'ap-k' }));
  });
});
