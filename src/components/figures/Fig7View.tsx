import { useMemo } from 'react';
import type { DistributionCurves } from '../../../workers/figures/distributionCurves.ts';
import { learnedDistributionPlot } from '../../figures/learnedDistributionPlot.ts';
import { ListInput, ScaleChoice } from './Controls.tsx';
import { proxy as progressCallback } from 'comlink';
import { needsTrueRanks } from './Fig2View.tsx';
import { figureSettings } from './figureSettings.ts';
import { FigureView } from './FigureView.tsx';
import { integerListProblem } from './parse.ts';
import { PlotChart } from './PlotChart.tsx';
import { dataKey, SAMPLING_TEXT, type FigureInputs } from './types.ts';
import { rankSources } from './uploadRanks.ts';
import { useFigureJob } from './useFigureJob.ts';

/** Jin et al.'s estimators, as in their Figure 2: BV (γ = 0.1), MLE, WMLE, MES. */
export const FIG7_METHODS = ['bv-dist:0.1', 'mle', 'wmle', 'mes'];

/** Figure 7 (Jin et al. 2021 Figure 2): learned P̂(R) and its CDF vs. the empirical P(R), per recommender. */
export function Fig7View(props: FigureInputs) {
  const { itemCount, sampling, compute, width, prior } = props;
  const recommenders = props.recommenders.slice(0, 3);
  const settings = figureSettings(props, 'fig7');
  const { sampleSize: m, repeats, maxRank, xScale, yScale } = settings.values;
  const problem = needsTrueRanks(props);
  const sampleSize = sampling === 'without-replacement' ? Math.min(m, itemCount - 2) : m;
  const shown = Math.min(maxRank, itemCount);
  const key = `${dataKey(recommenders)}|${itemCount}|${sampling}|${sampleSize}|${repeats}|${shown}|${prior ? prior.length : 'u'}`;
  const job = useFigureJob<DistributionCurves>(
    compute,
    'fig7',
    key,
    problem || !props.active
      ? null
      : async (api, onProgress, signal) => {
          // The recommenders' fits are independent: split them over two workers (two cores), and merge.
          const request = {
            methods: FIG7_METHODS,
            itemCount,
            sampleSize,
            sampling,
            repeats,
            seed: 1,
            maxRank: shown,
            prior,
          };
          const halves = [recommenders.slice(0, 2), recommenders.slice(2)].filter((h) => h.length > 0);
          const done = halves.map(() => 0);
          const totals = halves.map((h) => h.length * repeats);
          const report = (half: number) =>
            progressCallback((d: number) => {
              done[half] = d;
              onProgress(
                done.reduce((a, b) => a + b, 0),
                totals.reduce((a, b) => a + b, 0),
              );
            });
          const parts = await Promise.all(
            halves.map(async (half, h) =>
              h === 0
                ? api.distributionCurves({ ...request, recommenders: await rankSources(api, half) }, report(h))
                : compute.run('fig7-second', signal, async (second) =>
                    second.distributionCurves({ ...request, recommenders: await rankSources(second, half) }, report(h)),
                  ),
            ),
          );
          return {
            methods: parts[0].methods,
            studies: parts.flatMap((p) => p.studies),
            userItemCounts: parts.flatMap((p) => p.userItemCounts),
          };
        },
  );
  const curves = job.value;
  const ranges = (curves?.userItemCounts ?? []).filter((r) => r !== null);
  const fmt = (v: number) => v.toLocaleString('en-US');
  const own =
    ranges.length > 0
      ? { smallest: Math.min(...ranges.map((r) => r.smallest)), largest: Math.max(...ranges.map((r) => r.largest)) }
      : null;
  const figure = useMemo(
    () =>
      curves && curves.studies.length > 0
        ? learnedDistributionPlot({
            curves,
            itemCount,
            sampleSize,
            samplingLabel: SAMPLING_TEXT[sampling],
            xScale,
            yScale,
            width,
          })
        : null,
    [curves, itemCount, sampleSize, sampling, xScale, yScale, width],
  );
  const field = (label: string, value: number, set: (v: number) => void, min: number, max: number) => (
    <ListInput
      label={label}
      value={String(value)}
      validate={(t) => integerListProblem(t, min, max, 1)}
      onChange={(t) => set(Number(t))}
      width="4.5rem"
    />
  );
  const controls = (
    <>
      {field('m', m, settings.setter('sampleSize'), 1, Math.max(1, itemCount - 2))}
      {field('Repetitions', repeats, settings.setter('repeats'), 1, 1000)}
      {field('R up to', maxRank, settings.setter('maxRank'), 10, itemCount)}
      <ScaleChoice label="R axis" value={xScale} onChange={settings.setter('xScale')} />
      <ScaleChoice label="Value axis" value={yScale} onChange={settings.setter('yScale')} />
    </>
  );
  return (
    <FigureView
      id="fig7"
      number="Figure 7"
      title="Learned rank distribution (Jin et al. 2021, Figure 2)"
      lede={
        <>
          Jin et al. estimate the whole rank distribution <i>P</i>(<i>R</i>) from sampled ranks (BV, MLE, weighted MLE,
          maximal entropy) and read any metric@K off it. Their figure averages 100 sampled evaluations with <i>m</i> =
          99 for <i>R</i> ≤ 200; here the first three recommenders, 10 repetitions by default (on MovieLens about 2
          seconds per recommender and repetition, a minute and a half for the defaults, computed in two workers),{' '}
          {own ? (
            <>
              each user sampled and fitted with its own <i>n</i> ({fmt(own.smallest)}–{fmt(own.largest)}; one fit of the
              relative position shared by all users).
            </>
          ) : (
            <>
              every user fitted with <i>n</i> = {fmt(itemCount)}.
            </>
          )}
        </>
      }
      status={{
        loading: !problem && job.status === 'loading',
        progress: job.progress,
        message: problem ?? job.message,
      }}
      onRetry={job.retry}
    >
      {figure ? (
        <PlotChart figure={figure} busy={job.status === 'loading'} controls={controls} legend={settings.legend} />
      ) : null}
    </FigureView>
  );
}
