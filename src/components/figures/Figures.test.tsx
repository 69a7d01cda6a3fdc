import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { singleRankData, UNIFORM_PRIOR } from '../../core/index.ts';
import { correctionPlot } from '../../figures/correctionPlot.ts';
import { correctionCurves } from '../../../workers/figures/correctionCurves.ts';
import { expectedTable } from '../../../workers/figures/studyTables.ts';
import { sampledCurves } from '../../../workers/figures/rankCurves.ts';
import { expectedTables } from '../../figures/paperTables.ts';
import { rankHistogramPlot } from '../../figures/rankHistogramPlot.ts';
import { sampledRankPlot } from '../../figures/sampledRankPlot.ts';
import { DEFAULT_FIGURES_VIEW, type FiguresView } from '../../state/figureView.ts';
import { inline } from '../../state/testing.ts';
import { FiguresSection } from './FiguresSection.tsx';
import { PlotChart } from './PlotChart.tsx';
import { StudyTable } from './StudyTable.tsx';
import { svgSnapshot } from './svgSnapshot.ts';

const TOY = [
  singleRankData('A', [100, 100, 100, 100, 100]),
  singleRankData('B', [40, 40, 8437, 9266, 4482]),
  singleRankData('C', [212, 2, 743, 5342, 1548]),
];

describe('figures rendered to SVG (snapshots of small cases)', () => {
  it('Figure 3: AP at n = 200 for m = 5 and 20, against the exact AP', () => {
    const curves = sampledCurves({
      metrics: ['ap'],
      itemCount: 200,
      sampleSizes: [5, 20],
      sampling: 'with-replacement',
      maxRank: 50,
    });
    const figure = sampledRankPlot({
      curves,
      itemCount: 200,
      samplingLabel: 'sampled with replacement',
      zoom: 50,
      width: 420,
    });
    expect(svgSnapshot(renderToStaticMarkup(<PlotChart figure={figure} />))).toMatchSnapshot();
  });

  it('Figure 4: corrected AP at n = 100, m = 10, with LS off scale named in the left panel', () => {
    const curves = correctionCurves({
      metric: 'ap',
      itemCount: 100,
      sampleSize: 10,
      sampling: 'with-replacement',
      methods: ['sampled', 'ls', 'bv:0.1'],
    });
    const figure = correctionPlot({ curves, itemCount: 100, sampleSize: 10, priorLabel: 'uniform prior', width: 640 });
    expect(svgSnapshot(renderToStaticMarkup(<PlotChart figure={figure} />))).toMatchSnapshot();
  });

  it('Figure 5: the toy example in buckets of 1,000 ranks', () => {
    const figure = rankHistogramPlot({
      recommenders: TOY.map((data, i) => ({
        name: data.name,
        data,
        style: { stroke: `var(--series-${i + 1})`, dash: null },
      })),
      itemCount: 10_000,
      bucketWidth: 1000,
      width: 900,
    });
    const html = renderToStaticMarkup(<PlotChart figure={figure} />);
    expect(html.match(/class="bar"/g)).toHaveLength(8); // A: 1 bucket; B: 1–1,000, 4,001–5,000, 8,001–9,000, 9,001–10,000; C: 1–1,000, 1,001–2,000, 5,001–6,000
    expect(svgSnapshot(html)).toMatchSnapshot();
  });

  it('Table 2 renders its marked cells with a text alternative', () => {
    const table = expectedTable({
      recommenders: TOY,
      metrics: ['auc', 'ap'],
      itemCount: 10_000,
      sampleSize: 99,
      sampling: 'with-replacement',
    });
    const [, t2] = expectedTables(table, 'n = 10,000, m = 99');
    const html = renderToStaticMarkup(<StudyTable model={t2} />);
    expect(html.match(/class="wrong"/g)).toHaveLength(3);
    expect(html).toContain('(contradicts the exact order)');
    expect(html).toContain('3 cells marked ✗.');
  });

  describe('the figures section shows the figures’ view it is given (controlled)', () => {
    const section = (figureView: FiguresView) =>
      renderToStaticMarkup(
        <FiguresSection
          recommenders={TOY.map((data) => ({ name: data.name, color: null, data }))}
          rankKind="true"
          itemCount={10_000}
          sampleSize={99}
          sampling="with-replacement"
          metrics={['auc', 'ap']}
          gammas={[0.1]}
          prior={UNIFORM_PRIOR}
          compute={inline}
          figureView={figureView}
          onFigureView={() => {}}
        />,
      );

    it('opens on Figure 1 by default', () => {
      const html = section(DEFAULT_FIGURES_VIEW);
      expect(html).toMatch(/<button[^>]*aria-selected="true"[^>]*>Figure 1<\/button>/);
      expect(html).toContain('id="tabpanel-fig1"');
    });

    it('opens the stored tab with that figure’s stored settings and hidden legend entries', () => {
      const html = section({
        tab: 'fig5',
        settings: { fig5: { bucketWidth: 1000, yScale: 'log' } },
        hidden: { fig5: ['B'] },
      });
      expect(html).toMatch(/<button[^>]*aria-selected="true"[^>]*>Figure 5<\/button>/);
      expect(html).toMatch(/<input[^>]*value="1000"/);
      expect(html).toMatch(/<option value="log" selected="">log<\/option>/);
      expect(html).toMatch(/aria-pressed="false"[^>]*>.*?B<\/button>/);
      // Buckets of 1,000 ranks: A fills 1, C 3; B's 4 bars are hidden with its legend entry.
      expect(html.match(/class="bar"/g)).toHaveLength(4);
    });
  });
});
