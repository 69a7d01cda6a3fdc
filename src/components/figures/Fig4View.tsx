import { useMemo } from 'react';
import { correctionPlot } from '../../figures/correctionPlot.ts';
import type { CorrectionCurves } from '../../../workers/figures/correctionCurves.ts';
import { metricLabel } from '../../figures/labels.ts';
import { Choice, ListInput, ScaleChoice } from './Controls.tsx';
import { figureSettings } from './figureSettings.ts';
import { FigureView } from './FigureView.tsx';
import { integerListProblem, parseGammaList } from './parse.ts';
import { PlotChart } from './PlotChart.tsx';
import type { FigureInputs } from './types.ts';
import { useFigureJob } from './useFigureJob.ts';

const gammaProblem = (text: string) => {
  const parsed = parseGammaList(text, 4);
  return typeof parsed === 'string' ? parsed : null;
};

/** Figure 4: correction vectors on the sample (left) and expected corrected metric vs. true rank (right). */
export function Fig4View(props: FigureInputs) {
  const { itemCount, sampling, compute, width, prior } = props;
  const metricOptions = [...new Set(['ap', ...props.metrics])].map((id) => ({ value: id, label: metricLabel(id) }));
  const settings = figureSettings(props, 'fig4');
  const { metric, sampleSize: m, xScale, sampledRankScale, yScale } = settings.values;
  const gammaText = gammaProblem(settings.values.gammas) === null ? settings.values.gammas : '1, 0.1, 0.01';
  const gammas = parseGammaList(gammaText, 4);
  const methods = [
    'sampled',
    'rank-estimate',
    'ls',
    'cls',
    ...(typeof gammas === 'string' ? [] : gammas).map((g) => `bv:${g}`),
  ];
  const sampleSize = Math.min(m, sampling === 'without-replacement' ? itemCount - 1 : m);
  const chosen = metricOptions.some((o) => o.value === metric) ? metric : 'ap';
  const key = `${chosen}|${itemCount}|${sampleSize}|${sampling}|${methods.join(',')}|${prior ? prior.length : 'u'}`;
  const job = useFigureJob<CorrectionCurves>(
    compute,
    'fig4',
    key,
    !props.active
      ? null
      : (api) => api.correctionCurves({ metric: chosen, itemCount, sampleSize, sampling, methods, prior }),
  );
  const curves = job.value;
  const figure = useMemo(
    () =>
      curves
        ? correctionPlot({
            curves,
            itemCount,
            sampleSize: curves.vectors[0].length - 1,
            priorLabel: prior ? 'the prior p(r) of the settings' : 'uniform prior p(r) = 1/n',
            xScale,
            yScale,
            sampledRankScale,
            width,
          })
        : null,
    [curves, itemCount, prior, xScale, yScale, sampledRankScale, width],
  );
  const controls = (
    <>
      <Choice label="Metric" value={chosen} options={metricOptions} onChange={settings.setter('metric')} />
      <ListInput
        label="m"
        value={String(m)}
        validate={(t) => integerListProblem(t, 1, Math.min(3000, itemCount - 1), 1)}
        onChange={(t) => settings.setter('sampleSize')(Number(t))}
        width="4.5rem"
      />
      <ListInput
        label="BV γ"
        value={gammaText}
        validate={gammaProblem}
        onChange={settings.setter('gammas')}
        width="8rem"
      />
      <ScaleChoice label="r̃ axis (left)" value={sampledRankScale} onChange={settings.setter('sampledRankScale')} />
      <ScaleChoice label="r axis (right)" value={xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="value axis (right)" value={yScale} onChange={settings.setter('yScale')} />
    </>
  );
  return (
    <FigureView
      id="fig4"
      number="Figure 4"
      title="Corrected metrics: on the sample and in expectation"
      lede={
        <>
          The corrections of section 5 replace <i>M</i>(<i>r̃</i>) by a vector <i>M̂</i>(<i>r̃</i>) fitted so that its
          average over the sampling matches the exact metric. The paper shows corrected AP for <i>m</i> = 100, <i>n</i>{' '}
          = 10,000 and a uniform prior; <i>n</i>, the sampling scheme and the prior follow the settings.
        </>
      }
      status={{ loading: job.status === 'loading', progress: null, message: job.message }}
      onRetry={job.retry}
    >
      {figure ? (
        <PlotChart figure={figure} busy={job.status === 'loading'} controls={controls} legend={settings.legend} />
      ) : null}
    </FigureView>
  );
}
