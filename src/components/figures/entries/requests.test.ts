/** The registry's requests and their keys (src/state/requestKey.ts): which settings a figure's request follows. */
import { describe, expect, it } from 'vitest';
import { singleRankData, type PriorSpec } from '../../../core/index.ts';
import { DEFAULT_FIGURES_VIEW, FIGURE_DEFAULTS } from '../../../state/figureView.ts';
import { requestKey } from '../../../state/requestKey.ts';
import { inline } from '../../../state/testing.ts';
import { TOY_RECOMMENDERS } from '../../../state/toyExample.ts';
import type { FigureInputs } from '../types.ts';
import { FIGURE_REGISTRY } from './index.ts';

/** Fresh RankData objects of the toy example (Krichene & Rendle 2020, section 3.2) on every call. */
const toy = () => TOY_RECOMMENDERS.map(({ name, ranks }) => singleRankData(name, ranks));

describe('the registry’s requests', () => {
  const inputs = (prior: PriorSpec): FigureInputs => ({
    recommenders: toy().map((data) => ({ name: data.name, color: null, data })),
    rankKind: 'true',
    itemCount: 10_000,
    sampleSize: 99,
    sampling: 'with-replacement',
    metrics: ['auc', 'ap', 'ndcg', 'recall@10'],
    prior,
    compute: inline,
    width: 900,
    active: true,
    figureView: DEFAULT_FIGURES_VIEW,
    onFigureView: () => {},
  });
  const keys = (prior: PriorSpec) =>
    Object.fromEntries(
      FIGURE_REGISTRY.flatMap((tab) => tab.entries).map((entry) => [
        entry.id,
        requestKey(entry.request(inputs(prior), FIGURE_DEFAULTS[entry.settings.id as keyof typeof FIGURE_DEFAULTS])),
      ]),
    );

  it('a new prior exponent changes the keys of Figures 4, 6, 7 (both views) and the studies, and no other', () => {
    const a1 = keys({ kind: 'power', exponent: 1 });
    const a2 = keys({ kind: 'power', exponent: 2 });
    const changed = Object.keys(a1).filter((id) => a1[id] !== a2[id]);
    expect(changed).toEqual(['fig4', 'fig6', 'fig7', 'recovered', 'tables-kr', 'tables-jin']);
  });

  it('Figures 4 and 7 take the settings’ m unless they have their own', () => {
    const fig4 = FIGURE_REGISTRY.find((t) => t.id === 'fig4')!.entries[0];
    const fig7 = FIGURE_REGISTRY.find((t) => t.id === 'fig7')!.entries[0];
    const own = inputs({ kind: 'uniform' });
    expect(fig4.request(own, FIGURE_DEFAULTS.fig4).sampleSize).toBe(99);
    expect(fig7.request({ ...own, sampleSize: 50 }, FIGURE_DEFAULTS.fig7).sampleSize).toBe(50);
    expect(fig4.request(own, { ...FIGURE_DEFAULTS.fig4, sampleSize: 100 }).sampleSize).toBe(100);
    expect(fig4.request({ ...own, sampleSize: 100_000 }, FIGURE_DEFAULTS.fig4).sampleSize).toBe(3000);
  });
});
