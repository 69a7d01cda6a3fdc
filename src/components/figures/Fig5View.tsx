import { useMemo } from 'react';
import { recommenderStyle } from '../../figures/palette.ts';
import { rankHistogramPlot } from '../../figures/rankHistogramPlot.ts';
import { ListInput, ScaleChoice } from './Controls.tsx';
import { needsTrueRanks } from './Fig2View.tsx';
import { figureSettings } from './figureSettings.ts';
import { FigureView } from './FigureView.tsx';
import { PaperDataNote } from './PaperDataNote.tsx';
import { integerListProblem } from './parse.ts';
import { PlotChart } from './PlotChart.tsx';
import type { FigureInputs } from './types.ts';

/** Figure 5: each recommender's predicted ranks in equal-width buckets (counted on the main thread: O(users)). */
export function Fig5View(props: FigureInputs) {
  const { recommenders, itemCount, width } = props;
  const settings = figureSettings(props, 'fig5');
  const { bucketWidth, yScale } = settings.values;
  const problem = needsTrueRanks(props);
  const w = Math.min(bucketWidth, itemCount);
  const figure = useMemo(
    () =>
      problem
        ? null
        : rankHistogramPlot({
            recommenders: recommenders.map((r, i) => ({
              name: r.name,
              data: r.data,
              style: recommenderStyle(i, r.color),
            })),
            itemCount,
            bucketWidth: w,
            yScale,
            width,
          }),
    [problem, recommenders, itemCount, w, yScale, width],
  );
  const controls = (
    <>
      <ListInput
        label="Ranks per bucket"
        value={String(bucketWidth)}
        validate={(t) => integerListProblem(t, Math.max(1, Math.ceil(itemCount / 400)), itemCount, 1)}
        onChange={(t) => settings.setter('bucketWidth')(Number(t))}
        width="5rem"
      />
      <ScaleChoice label="Count axis" value={yScale} onChange={settings.setter('yScale')} />
    </>
  );
  return (
    <FigureView
      id="fig5"
      number="Figure 5"
      title="Distribution of predicted ranks"
      lede={
        <>
          Where each recommender puts the relevant items: counts per bucket of ranks. The paper’s recommenders differ in
          shape — Z best in the top 10 but with many items in the worst bucket, X more balanced — which is what makes
          their sampled metrics disagree with the exact ones.
        </>
      }
      status={{ loading: false, progress: null, message: problem }}
    >
      <PaperDataNote recommenders={recommenders} onLoadPaperData={props.onLoadPaperData} />
      {figure ? <PlotChart figure={figure} controls={controls} legend={settings.legend} /> : null}
    </FigureView>
  );
}
