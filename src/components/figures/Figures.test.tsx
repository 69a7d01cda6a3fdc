import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { singleRankData, UNIFORM_PRIOR } from '../../core/index.ts';
import { correctedSweepPlot } from '../../figures/correctedSweepPlot.ts';
import { correctionPlot } from '../../figures/correctionPlot.ts';
import { learnedDistributionPlot } from '../../figures/learnedDistributionPlot.ts';
import { recoveredDistributionPlot } from '../../figures/recoveredDistributionPlot.ts';
import { recoveredMetricsTable } from '../../figures/recoveredMetrics.ts';
import { correctionCurves } from '../../../workers/figures/correctionVectors.ts';
import { distributionCurves } from '../../../workers/figures/distributionCurves.ts';
import { recoveredDistribution } from '../../../workers/figures/recoveredBands.ts';
import { expectedTable } from '../../../workers/jobs.ts';
import { studyTables } from '../../../workers/study.ts';
import { sampledCurves } from '../../../workers/figures/rankCurves.ts';
import { sweepSampleSizes } from '../../../workers/figures/sweep.ts';
import { estimatorTable, expectedTables, orderingTable, winnerTable } from '../../figures/paperTables.ts';
import { rankHistogramPlot } from '../../figures/rankHistogramPlot.ts';
import { sampledRankPlot } from '../../figures/sampledRankPlot.ts';
import { DEFAULT_FIGURES_VIEW, type FiguresView } from '../../state/figureView.ts';
import { inline } from '../../state/testing.ts';
import { TOY_RECOMMENDERS } from '../../state/toyExample.ts';
import { FiguresSection } from './FiguresSection.tsx';
import { PlotChart } from './PlotChart.tsx';
import { StudyTable } from './StudyTable.tsx';
import { svgSnapshot } from './svgSnapshot.ts';

/** A table's markup, one element per line (the tables' counterpart of svgSnapshot). */
const tableSnapshot = (html: string) => html.replace(/></g, '>\n<');

/** Three small recommenders over n = 200 items, shaped like the paper's X, Y, Z (Figures 6 and 7 at test size). */
const SMALL = [
  singleRankData('X', [1, 2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 190]),
  singleRankData('Y', [2, 3, 4, 6, 9, 12, 18, 25, 40, 60, 90, 130]),
  singleRankData('Z', [1, 1, 2, 4, 30, 60, 100, 150, 170, 180, 195, 200]),
];
const SMALL_STYLES = SMALL.map((d) => ({ name: d.name, color: null }));

/** The toy example of Krichene & Rendle 2020 (section 3.2), as the app loads it. */
const TOY = TOY_RECOMMENDERS.map((r) => r.data);

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

  it('Figure 6: Recall@10 of X, Y, Z at n = 200, uncorrected and BV 0.1 with a power prior', () => {
    const sweep = sweepSampleSizes({
      recommenders: SMALL,
      metrics: ['recall@10'],
      methods: ['sampled', 'bv:0.1'],
      itemCount: 200,
      sampling: 'with-replacement',
      prior: { kind: 'power', exponent: 1 },
      points: 12,
      correctedLimit: 60,
    });
    const figure = correctedSweepPlot({
      sweep,
      metric: 'recall@10',
      recommenders: SMALL_STYLES,
      itemCount: 200,
      samplingLabel: 'sampled with replacement',
      priorLabel: 'a prior p(r) ∝ r^−1',
      width: 640,
    });
    expect(figure.caption).toContain('with a prior p(r) ∝ r^−1');
    expect(svgSnapshot(renderToStaticMarkup(<PlotChart figure={figure} />))).toMatchSnapshot();
  });

  it('Figure 7: the distributions learned for X and Y at n = 200, m = 20, over 2 repetitions', () => {
    const curves = distributionCurves({
      recommenders: SMALL.slice(0, 2),
      methods: ['bv-dist:0.1', 'mle'],
      itemCount: 200,
      sampleSize: 20,
      sampling: 'with-replacement',
      repeats: 2,
      seed: 1,
      maxRank: 50,
    });
    const figure = learnedDistributionPlot({
      curves,
      itemCount: 200,
      sampleSize: 20,
      samplingLabel: 'sampled with replacement',
      width: 640,
    });
    expect(svgSnapshot(renderToStaticMarkup(<PlotChart figure={figure} />))).toMatchSnapshot();
  });

  it('Figure 7 for sampled ranks: the distributions recovered for X and Y at n = 200, m = 20, with 90% bands of B = 5', () => {
    const sampled = [
      singleRankData('X', [1, 1, 1, 2, 2, 3, 4, 5, 7, 9, 12, 15, 18, 21]),
      singleRankData('Y', [1, 2, 2, 3, 3, 4, 5, 6, 8, 10, 11, 14, 17, 20]),
    ];
    const result = recoveredDistribution({
      recommenders: sampled,
      methods: ['mle', 'bv-dist:0.1'],
      itemCount: 200,
      sampleSize: 20,
      sampling: 'with-replacement',
      replicates: 5,
      seed: 1,
      level: 0.9,
      maxRank: 50,
    });
    const figure = recoveredDistributionPlot({
      result,
      itemCount: 200,
      sampleSize: 20,
      samplingLabel: 'sampled with replacement',
      cutoff: 10,
      width: 640,
    });
    const html = renderToStaticMarkup(<PlotChart figure={figure} />);
    // A band per estimator and panel (2 estimators × 2 recommenders × pmf and CDF), K = 10 marked on the CDFs.
    expect(html.match(/class="band"/g)).toHaveLength(8);
    expect(html.match(/class="rule rule-reference"/g)).toHaveLength(2);
    expect(figure.caption).toContain('pointwise 90% percentile band of each curve over B = 5 resamples of the users');
    expect(figure.caption).toMatch(/X \(14 users\): Recall@10 MLE 0\.\d{3} \[0\.\d{3}, 0\.\d{3}\]/);
    expect(svgSnapshot(html)).toMatchSnapshot();
    const table = recoveredMetricsTable(result, 10);
    expect(tableSnapshot(renderToStaticMarkup(<StudyTable model={table} ordered={false} />))).toMatchSnapshot(
      'metrics at K = 10',
    );
  });

  it('Figure 5 for sampled ranks: expected users per bucket under a recovered P̂', () => {
    const p = Float64Array.from({ length: 200 }, (_, r) => (r < 100 ? 0.008 : 0.002));
    const figure = rankHistogramPlot({
      recommenders: [
        {
          name: 'X',
          data: singleRankData(
            'X',
            Float64Array.from(p, (_, r) => r + 1),
            Float64Array.from(p, (q) => 50 * q),
          ),
          style: { stroke: 'var(--series-1)', dash: null },
        },
      ],
      itemCount: 200,
      bucketWidth: 50,
      width: 640,
      recoveredBy: 'MLE',
    });
    expect(figure.title).toBe('Distribution of true ranks recovered by MLE, buckets of 50 ranks');
    expect(figure.panels[0].title).toBe('X (50 users)');
    // 50 users × P̂: 50 · 0.08 = 4 in the top 10, 50 · 0.8 = 40 in the top 100, 50 · 0.1 = 5 in ranks 151–200.
    expect(figure.caption).toContain('X: 4 in the top 10, 40 in the top 100, 5 in the worst bucket');
    expect(figure.caption).toContain('expected counts, not a draw');
  });

  it('Tables 3–4 and Jin et al.’s Tables 2 and 4 on the toy example, 5 seeded repetitions', () => {
    const study = (metrics: string[], methods: string[]) =>
      studyTables({
        recommenders: TOY,
        metrics,
        methods,
        itemCount: 10_000,
        sampleSize: 99,
        sampling: 'with-replacement',
        repeats: 5,
        seed: 1,
      });
    const kr = study(['recall@10', 'ap'], ['sampled', 'cls', 'bv:0.1']);
    const jin = study(['recall@10', 'ndcg@10'], ['bv:0.1', 'mle']);
    const tables = [
      estimatorTable(kr, 'table3', 'Table 3', 'Krichene & Rendle Table 3'),
      orderingTable(kr),
      estimatorTable(jin, 'jin-table2', 'Jin et al. Table 2', 'Jin et al. Table 2'),
      winnerTable(jin),
    ];
    for (const model of tables) {
      expect(tableSnapshot(renderToStaticMarkup(<StudyTable model={model} />))).toMatchSnapshot(model.id);
    }
  });

  it('Tables 1–2 on the toy example; Table 2 renders its marked cells with a text alternative', () => {
    const table = expectedTable({
      recommenders: TOY,
      metrics: ['auc', 'ap'],
      itemCount: 10_000,
      sampleSize: 99,
      sampling: 'with-replacement',
    });
    const [t1, t2] = expectedTables(table, 'n = 10,000, m = 99');
    const html = renderToStaticMarkup(<StudyTable model={t2} />);
    expect(tableSnapshot(renderToStaticMarkup(<StudyTable model={t1} />))).toMatchSnapshot('table1');
    expect(tableSnapshot(html)).toMatchSnapshot('table2');
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
