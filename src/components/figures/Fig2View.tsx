import { useMemo } from 'react';
import type { SweepResult } from '../../../workers/figures/sweep.ts';
import { sampleSizePlot } from '../../figures/sampleSizePlot.ts';
import { ScaleChoice } from './Controls.tsx';
import { proxy as progressCallback } from 'comlink';
import { figureSettings } from './figureSettings.ts';
import { FigureView } from './FigureView.tsx';
import { PlotChart } from './PlotChart.tsx';
import { dataKey, SAMPLING_TEXT, type FigureInputs } from './types.ts';
import { rankSources } from './uploadRanks.ts';
import { useFigureJob } from './useFigureJob.ts';

/** Figure 2: expected sampled metric vs. m for each recommender, ordering changes marked. */
export function Fig2View(props: FigureInputs) {
  const { recommenders, itemCount, sampleSize, sampling, metrics, compute, width } = props;
  const settings = figureSettings(props, 'fig2');
  const { xScale, yScale } = settings.values;
  const usable = props.rankKind === 'true' && recommenders.length > 0;
  const run = usable && props.active;
  const key = `${dataKey(recommenders)}|${itemCount}|${sampling}|${metrics.join(',')}|${sampleSize}`;
  const job = useFigureJob<SweepResult>(
    compute,
    'fig2',
    key,
    run
      ? async (api, onProgress) =>
          api.sweepSampleSizes(
            {
              recommenders: await rankSources(api, recommenders),
              metrics,
              methods: ['sampled'],
              itemCount,
              sampling,
              include: [sampleSize],
            },
            progressCallback(onProgress),
          )
      : null,
  );
  const sweep = job.value;
  const figure = useMemo(
    () =>
      sweep
        ? sampleSizePlot({
            sweep,
            recommenders,
            itemCount,
            samplingLabel: SAMPLING_TEXT[sampling],
            xScale,
            yScale,
            markSampleSize: sampleSize,
            width,
          })
        : null,
    [sweep, recommenders, itemCount, sampling, xScale, yScale, sampleSize, width],
  );
  return (
    <FigureView
      id="fig2"
      number="Figure 2"
      title="Expected sampled metric vs. number of sampled items"
      lede={
        <>
          How each recommender’s expected sampled metric moves as <i>m</i> grows from 1 to <i>n</i> − 1: the points
          where two recommenders swap places are marked and named. The paper uses the toy example (A, B, C, <i>n</i> =
          10,000); the thin dashed line is the <i>m</i> of the settings.
        </>
      }
      status={{
        loading: job.status === 'loading' && usable,
        progress: job.progress,
        message: usable ? job.message : needsTrueRanks(props),
      }}
      onRetry={job.retry}
    >
      {figure ? (
        <PlotChart
          figure={figure}
          busy={job.status === 'loading'}
          legend={settings.legend}
          controls={
            <>
              <ScaleChoice label="m axis" value={xScale} onChange={settings.setter('xScale')} />
              <ScaleChoice label="Value axis" value={yScale} onChange={settings.setter('yScale')} />
            </>
          }
        />
      ) : null}
    </FigureView>
  );
}

export function needsTrueRanks(props: Pick<FigureInputs, 'rankKind' | 'recommenders'>): string | null {
  if (props.rankKind !== 'true')
    return 'This figure needs true ranks (positions among all n items); the data hold sampled ranks.';
  if (props.recommenders.length === 0) return 'Add a recommender’s ranks to draw this figure.';
  return null;
}
