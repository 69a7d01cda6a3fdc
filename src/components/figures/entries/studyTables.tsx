import { proxy } from 'comlink';
import type { ReactNode } from 'react';
import { UNIFORM_PRIOR, type PriorSpec } from '../../../core/index.ts';
import { tablesSettings } from '../../../figures/figureRegistry.ts';
import { fmtInt } from '../../../figures/labels.ts';
import { estimatorTable, orderingTable, winnerTable } from '../../../figures/paperTables.ts';
import type { TableModel } from '../../../figures/tableModel.ts';
import type { StudyTables, StudyTablesRequest } from '../../../../workers/study.ts';
import { IntegerInput } from '../Controls.tsx';
import { figureEntry, type AnyEntry } from '../entry.ts';
import { definedIds, needsRecommenders, plainMetricId, priorPhrase, requestData, type PageRequest } from './common.ts';
import { populationOf, POPULATION_TEXT, withPopulation, withPopulationCaption, type Populated } from './population.ts';
import { withRankSources } from '../../../state/rankUpload.ts';

/** Instances × repetitions up to which a study starts by itself (the toy example); above, on request. */
export const AUTO_RUN = 20_000;

type StudyRequest = Populated<PageRequest<StudyTablesRequest>>;

/** A table whose estimators use the prior, its caption saying which. */
const withPrior = (table: TableModel, prior: PriorSpec): TableModel => ({
  ...table,
  caption: `${table.caption} The corrections use ${priorPhrase(prior)}.`,
});

interface StudyOptions {
  readonly id: string;
  readonly title: string;
  readonly lede: (prior: PriorSpec) => ReactNode;
  readonly metrics: readonly string[];
  readonly methods: readonly string[];
  /** Which setting of the Tables tab holds its repetitions. */
  readonly repeats: 'studyRepeats' | 'jinRepeats';
  readonly tables: (study: StudyTables, prior: PriorSpec) => TableModel[];
}

/** A Monte Carlo study of the papers' estimators (core simulate, seed 1) and the tables made from it. */
function studyEntry(options: StudyOptions): AnyEntry {
  return figureEntry<'tables', StudyRequest, StudyTables>({
    id: options.id,
    settings: tablesSettings,
    kind: 'tables',
    title: options.title,
    lede: ({ inputs }) => (
      <>
        {options.lede(inputs.prior)}
        {inputs.rankKind === 'sampled' ? ` ${POPULATION_TEXT}` : null}
      </>
    ),
    problem: (inputs) => needsRecommenders(inputs, 2),
    request: (inputs, values) => ({
      ...requestData(inputs, inputs.recommenders),
      metrics: definedIds(inputs, options.metrics),
      methods: options.methods,
      itemCount: inputs.itemCount,
      sampleSize: inputs.sampleSize,
      sampling: inputs.sampling,
      repeats: values[options.repeats],
      seed: 1,
      prior: inputs.prior,
      population: populationOf(inputs),
    }),
    startOnRequest: ({ recommenders, repeats }) => {
      const instances = recommenders.reduce((s, r) => s + r.data.weights.length, 0);
      return instances * repeats <= AUTO_RUN
        ? null
        : `Run the study (${fmtInt(instances)} instances × ${repeats} repetitions)`;
    },
    compute: async (api, request, _signal, onProgress) =>
      api.studyTables(await withRankSources(api, await withPopulation(api, request)), proxy(onProgress)),
    model: (study, request) =>
      options
        .tables(study, request.prior ?? UNIFORM_PRIOR)
        .map((table) => withPopulationCaption(table, request.population)),
    controls: ({ settings }) => (
      <IntegerInput
        label="Repetitions"
        value={settings.values[options.repeats]}
        min={2}
        max={1000}
        onChange={settings.setter(options.repeats)}
      />
    ),
  });
}

/** Krichene & Rendle's Tables 3–4: every estimator of the exact metric, and how often each orders the pairs. */
export const estimatorStudy = studyEntry({
  id: 'tables-kr',
  title: 'Tables 3–4 (Krichene & Rendle, section 6)',
  lede: (prior) =>
    `Recall@10, NDCG@10, AP and AUC estimated from each simulated sampled evaluation by the sampled metric and by ` +
    `every correction, with ${priorPhrase(prior)} (the settings’ prior); the paper repeats 100 times with m = 100 ` +
    `on MovieLens 1M, with a uniform prior.`,
  metrics: ['recall@10', 'ndcg@10', 'ap', 'auc'],
  methods: ['sampled', 'rank-estimate', 'cls', 'bv:1', 'bv:0.1', 'bv:0.01', 'bv:0.001'],
  repeats: 'studyRepeats',
  tables: (study, prior) => [
    withPrior(
      estimatorTable(study, 'table3', 'Table 3 · Estimators of the exact metric', 'Krichene & Rendle Table 3'),
      prior,
    ),
    orderingTable(study),
  ],
});

/** Jin et al.'s Tables 2 and 4: Metric@K from the learned rank distributions, and how often each picks the winner. */
export const distributionStudy = studyEntry({
  id: 'tables-jin',
  title: 'Jin et al. Tables 2 and 4',
  lede: (prior) =>
    `Metric@K estimated from the rank distribution learned by each estimator, and how often each picks the exact ` +
    `winner among the recommenders; the paper repeats 100 times with m = 99 (ml-1m). The corrections (CLS, BV) use ` +
    `${priorPhrase(prior)}. On MovieLens, where every user is fitted with its own n, a repetition takes about an ` +
    `eighth of a second for the three recommenders.`,
  metrics: [1, 5, 10, 20].flatMap((k) => [`recall@${k}`, `ndcg@${k}`, `ap@${k}`]),
  methods: ['cls', 'bv:0.1', 'bv:0.01', 'mle', 'wmle', 'mes'],
  repeats: 'jinRepeats',
  tables: (study, prior) => {
    const at10 = { ...study, metrics: study.metrics.filter((m) => plainMetricId(m).endsWith('@10')) };
    return [
      withPrior(
        estimatorTable(at10, 'jin-table2', 'Jin et al. Table 2 · Estimators of Metric@10', 'Jin et al. Table 2'),
        prior,
      ),
      winnerTable(study),
    ];
  },
});
