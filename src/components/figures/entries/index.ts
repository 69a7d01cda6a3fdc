/**
 * The registry of the figures section: each tab and the entries it shows, in order. The tabs and every figure's
 * settings (defaults and schemas) are the registry's part without React, src/figures/figureRegistry.ts, which the
 * state reads too; here each tab gets its entries. Adding a figure is its settings there, one entry file here (its
 * request, computation, model and controls, carrying its settings), its pure model in src/figures and its test.
 */
import { FIGURE_TAB_LIST } from '../../../figures/figureRegistry.ts';
import type { FigureTab } from '../../../state/figureView.ts';
import type { AnyEntry } from '../entry.ts';
import { correctedSweep } from './correctedSweep.tsx';
import { correctionCurves } from './correctionCurves.tsx';
import { expectedTables } from './expectedTables.tsx';
import { learnedDistribution } from './learnedDistribution.tsx';
import { metricVsRank } from './metricVsRank.tsx';
import { rankHistogram, recoveredHistogram } from './rankHistogram.tsx';
import { recoveredDistribution } from './recoveredDistribution.tsx';
import { sampledRankCurves } from './sampledRankCurves.tsx';
import { sampleSizeSweep } from './sampleSizeSweep.tsx';
import { distributionStudy, estimatorStudy } from './studyTables.tsx';

export interface FigureTabEntries {
  readonly id: FigureTab;
  readonly label: string;
  readonly entries: readonly AnyEntry[];
}

/** The entries of each tab, in order. */
const ENTRIES: { readonly [T in FigureTab]: readonly AnyEntry[] } = {
  fig1: [metricVsRank],
  fig2: [sampleSizeSweep],
  fig3: [sampledRankCurves],
  fig4: [correctionCurves],
  fig5: [rankHistogram, recoveredHistogram],
  fig6: [correctedSweep],
  fig7: [learnedDistribution, recoveredDistribution],
  tables: [expectedTables, estimatorStudy, distributionStudy],
};

/** The tabs of the registry (src/figures/figureRegistry.ts: ids and labels), each with its entries. */
export const FIGURE_REGISTRY: readonly FigureTabEntries[] = FIGURE_TAB_LIST.map((tab) => ({
  ...tab,
  entries: ENTRIES[tab.id],
}));
