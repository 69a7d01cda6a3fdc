import { useMemo } from 'react';
import { correctedSweepPlot } from '../../figures/correctedSweepPlot.ts';
import type { SweepResult } from '../../../workers/figures/sweep.ts';
import { metricLabel } from '../../figures/labels.ts';
import { Choice, ListInput, ScaleChoice } from './Controls.tsx';
import { proxy as progressCallback } from 'comlink';
import { needsTrueRanks } from './Fig2View.tsx';
import { figureSettings } from './figureSettings.ts';
import { FigureView } from './FigureView.tsx';
import { PaperDataNote } from './PaperDataNote.tsx';
import { parseGammaList } from './parse.ts';
import { PlotChart } from './PlotChart.tsx';
import { dataKey, SAMPLING_TEXT, type FigureInputs } from './types.ts';
import { rankSources } from './uploadRanks.ts';
import { useFigureJob } from './useFigureJob.ts';

const METRICS = ['recall@10', 'ndcg@10', 'ap', 'auc'];

/** Figure 6: expected metric vs. m, uncorrected and BV-corrected, with the smallest m that orders correctly. */
export function Fig6View(props: FigureInputs) {
  const { recommenders, itemCount, sampling, compute, width, prior } = props;
  const settings = figureSettings(props, 'fig6');
  const { gamma, xScale, yScale } = settings.values;
  const metric = METRICS.includes(settings.values.metric) ? settings.values.metric : METRICS[0];
  const problem = needsTrueRanks(props);
  const methods = ['sampled', `bv:${gamma}`];
  const key = `${dataKey(recommenders)}|${itemCount}|${sampling}|${metric}|${gamma}|${prior ? prior.length : 'u'}`;
  const job = useFigureJob<SweepResult>(
    compute,
    'fig6',
    key,
    problem || !props.active
      ? null
      : async (api, onProgress) =>
          api.sweepSampleSizes(
            {
              recommenders: await rankSources(api, recommenders),
              metrics: [metric],
              methods,
              itemCount,
              sampling,
              prior,
              points: 40,
              correctedLimit: 1000,
            },
            progressCallback(onProgress),
          ),
  );
  const sweep = job.value;
  const figure = useMemo(
    () =>
      sweep && sweep.metrics[0] === metric
        ? correctedSweepPlot({
            sweep,
            metric,
            recommenders,
            itemCount,
            samplingLabel: SAMPLING_TEXT[sampling],
            xScale,
            yScale,
            width,
          })
        : null,
    [sweep, metric, recommenders, itemCount, sampling, xScale, yScale, width],
  );
  const controls = (
    <>
      <Choice
        label="Metric"
        value={metric}
        options={METRICS.map((id) => ({ value: id, label: metricLabel(id) }))}
        onChange={settings.setter('metric')}
      />
      <ListInput
        label="BV γ"
        value={String(gamma)}
        validate={(t) => {
          const parsed = parseGammaList(t, 1);
          return typeof parsed === 'string' ? parsed : parsed.length === 1 ? null : 'One γ.';
        }}
        onChange={(t) => settings.setter('gamma')(Number(t))}
        width="4rem"
      />
      <ScaleChoice label="m axis" value={xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="Value axis" value={yScale} onChange={settings.setter('yScale')} />
    </>
  );
  return (
    <FigureView
      id="fig6"
      number="Figure 6"
      title="Expected Recall@10 vs. m: uncorrected and corrected"
      lede={
        <>
          How large a sample each estimator needs to order the recommenders as the exact metric does. In the paper
          (MovieLens 1M) the uncorrected Recall@10 needs <i>m</i> ≈ 1,000 to order X and Y correctly, BV with γ = 0.1
          fewer than 60. The corrections are solved for each <i>m</i> up to 1,000 (their cost grows as <i>m</i>³).
        </>
      }
      status={{
        loading: !problem && job.status === 'loading',
        progress: job.progress,
        message: problem ?? job.message,
      }}
      onRetry={job.retry}
    >
      <PaperDataNote recommenders={recommenders} onLoadPaperData={props.onLoadPaperData} />
      {figure ? (
        <PlotChart figure={figure} busy={job.status === 'loading'} controls={controls} legend={settings.legend} />
      ) : null}
    </FigureView>
  );
}
