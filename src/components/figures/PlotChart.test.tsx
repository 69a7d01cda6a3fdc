import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { singleRankData } from '../../core/index.ts';
import { metricCurves } from '../../../workers/figures/metricCurves.ts';
import { sweepSampleSizes } from '../../../workers/figures/sweep.ts';
import { metricVsRankPlot } from '../../figures/metricVsRankPlot.ts';
import { sampleSizePlot } from '../../figures/sampleSizePlot.ts';
import { PlotChart } from './PlotChart.tsx';
import { svgSnapshot } from './svgSnapshot.ts';

describe('PlotChart (rendered SVG)', () => {
  it('renders Figure 1 at n = 20 as a figure with its caption, legend buttons and focusable panels', () => {
    const curves = metricCurves({ metrics: ['auc', 'ap', 'ndcg', 'recall@10'], itemCount: 20, zoom: 5 });
    const html = renderToStaticMarkup(<PlotChart figure={metricVsRankPlot({ curves, width: 640 })} />);
    expect(html).toContain('<figcaption');
    expect(html.match(/role="slider"/g)).toHaveLength(2);
    expect(html.match(/aria-pressed="true"/g)).toHaveLength(4);
    expect(svgSnapshot(html)).toMatchSnapshot();
  });

  it('renders Figure 2 on the toy example with log ticks and the named ordering changes', () => {
    const toy = [
      singleRankData('A', [100, 100, 100, 100, 100]),
      singleRankData('B', [40, 40, 8437, 9266, 4482]),
      singleRankData('C', [212, 2, 743, 5342, 1548]),
    ];
    const sweep = sweepSampleSizes({
      recommenders: toy,
      metrics: ['ap'],
      methods: ['sampled'],
      itemCount: 10_000,
      sampling: 'with-replacement',
      points: 12,
    });
    const figure = sampleSizePlot({
      sweep,
      recommenders: [{ name: 'A', color: '#0072b2' }, { name: 'B' }, { name: 'C' }],
      itemCount: 10_000,
      samplingLabel: 'sampled with replacement',
      markSampleSize: 99,
      width: 480,
    });
    const html = renderToStaticMarkup(<PlotChart figure={figure} />);
    expect(html).toContain('>B &gt; C (73)</text>');
    expect(svgSnapshot(html)).toMatchSnapshot();
  });
});
