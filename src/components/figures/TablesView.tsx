import { useMemo } from 'react';
import type { ExpectedTable, StudyTables } from '../../../workers/figures/studyTables.ts';
import { itemCountRange } from '../../core/index.ts';
import { catalogueText, fmtInt } from '../../figures/labels.ts';
import { estimatorTable, expectedTables, orderingTable, winnerTable } from '../../figures/paperTables.ts';
import { figureSettings } from './figureSettings.ts';
import { StudyBlock } from './StudyBlock.tsx';
import { StudyTable } from './StudyTable.tsx';
import { dataKey, SAMPLING_TEXT, type FigureInputs } from './types.ts';
import { useFigureJob } from './useFigureJob.ts';

const KR_METRICS = ['recall@10', 'ndcg@10', 'ap', 'auc'];
const KR_METHODS = ['sampled', 'rank-estimate', 'cls', 'bv:1', 'bv:0.1', 'bv:0.01', 'bv:0.001'];
const JIN_METRICS = [1, 5, 10, 20].flatMap((k) => [`recall@${k}`, `ndcg@${k}`, `ap@${k}`]);
const JIN_METHODS = ['cls', 'bv:0.1', 'bv:0.01', 'mle', 'wmle', 'mes'];

const krTables = (study: StudyTables) => [
  estimatorTable(study, 'table3', 'Table 3 · Estimators of the exact metric', 'Krichene & Rendle Table 3'),
  orderingTable(study),
];

const jinTables = (study: StudyTables) => {
  const at10 = { ...study, metrics: study.metrics.filter((m) => m.endsWith('@10')) };
  return [
    estimatorTable(at10, 'jin-table2', 'Jin et al. Table 2 · Estimators of Metric@10', 'Jin et al. Table 2'),
    winnerTable(study),
  ];
};

/** The papers' tables on the current data: 1–2 analytic, 3–4 and Jin's 2 and 4 from seeded studies. */
export function TablesView(props: FigureInputs) {
  const { recommenders, itemCount, sampleSize, sampling, metrics, compute } = props;
  const settings = figureSettings(props, 'tables');
  const usable = props.rankKind === 'true' && recommenders.length > 0 && props.active;
  const key = `${dataKey(recommenders)}|${itemCount}|${sampleSize}|${sampling}|${metrics.join(',')}`;
  const job = useFigureJob<ExpectedTable>(
    compute,
    'tables-expected',
    key,
    usable
      ? (api) =>
          api.expectedTableModel({
            recommenders: recommenders.map((r) => ({ ...r.data, name: r.name })),
            metrics,
            itemCount,
            sampleSize,
            sampling,
          })
      : null,
  );
  const own = useMemo(() => itemCountRange(recommenders.map((r) => r.data)), [recommenders]);
  const setting = `${catalogueText(itemCount, own)}, m = ${fmtInt(sampleSize)} ${SAMPLING_TEXT[sampling]}`;
  const [t1, t2] = useMemo(() => (job.value ? expectedTables(job.value, setting) : [null, null]), [job.value, setting]);
  return (
    <section className="figure-view" aria-labelledby="tables-heading">
      <h3 id="tables-heading">Tables · the papers’ tables on these data</h3>
      <p className="lede">
        Krichene &amp; Rendle’s Tables 1–4 and Jin et al.’s Tables 2 and 4. Tables 1–2 are computed exactly; the others
        simulate sampled evaluations (seed 1). Cells whose value orders the recommenders differently from the exact
        metric are marked ✗. Each table downloads as CSV.
      </p>
      {t1 && t2 ? (
        <>
          <StudyTable model={t1} busy={job.status === 'loading'} />
          <StudyTable model={t2} busy={job.status === 'loading'} />
        </>
      ) : null}
      <StudyBlock
        inputs={props}
        channel="tables-kr"
        heading="Tables 3–4 (Krichene & Rendle, section 6)"
        lede="Recall@10, NDCG@10, AP and AUC estimated from each simulated sampled evaluation by the sampled metric and by every correction (uniform prior); the paper repeats 100 times with m = 100 on MovieLens 1M."
        metrics={KR_METRICS}
        methods={KR_METHODS}
        repeats={settings.values.studyRepeats}
        onRepeats={settings.setter('studyRepeats')}
        tables={krTables}
      />
      <StudyBlock
        inputs={props}
        channel="tables-jin"
        heading="Jin et al. Tables 2 and 4"
        lede="Metric@K estimated from the rank distribution learned by each estimator, and how often each picks the exact winner among the recommenders; the paper repeats 100 times with m = 99 (ml-1m). On MovieLens, where every user is fitted with its own n, a repetition takes about ten seconds for the three recommenders."
        metrics={JIN_METRICS}
        methods={JIN_METHODS}
        repeats={settings.values.jinRepeats}
        onRepeats={settings.setter('jinRepeats')}
        tables={jinTables}
      />
    </section>
  );
}
