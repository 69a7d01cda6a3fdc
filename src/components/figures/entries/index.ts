/**
 * The registry of the figures section: each tab and the entries it shows, in order. Adding a figure is one entry
 * file here (its request, computation, model and controls), its pure model in src/figures and its test.
 */
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

export const FIGURE_REGISTRY: readonly FigureTabEntries[] = [
  { id: 'fig1', label: 'Figure 1', entries: [metricVsRank] },
  { id: 'fig2', label: 'Figure 2', entries: [sampleSizeSweep] },
  { id: 'fig3', label: 'Figure 3', entries: [sampledRankCurves] },
  { id: 'fig4', label: 'Figure 4', entries: [correctionCurves] },
  { id: 'fig5', label: 'Figure 5', entries: [rankHistogram, recoveredHistogram] },
  { id: 'fig6', label: 'Figure 6', entries: [correctedSweep] },
  { id: 'fig7', label: 'Figure 7 (Jin)', entries: [learnedDistribution, recoveredDistribution] },
  { id: 'tables', label: 'Tables', entries: [expectedTables, estimatorStudy, distributionStudy] },
];
