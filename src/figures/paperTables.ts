/**
 * The papers' tables as table models: Krichene & Rendle Tables 1–2 (exact and expected sampled metrics), 3 (every
 * estimator's mean ± std over repeated sampled evaluations) and 4 (how often each method orders each pair
 * correctly); Jin et al. Table 2 (the same as Table 3 for their estimators) and Table 4 (how often each method
 * picks the exact winner). Cells that contradict the exact ordering are marked.
 */
import type { ExpectedTable } from '../../workers/jobs.ts';
import type { StudyTables } from '../../workers/study.ts';
import { formatInteger, metricIdLabel, shortMethodLabel } from '../core/labels.ts';
import { parseDefinedMetric } from '../core/variants/definedMetric.ts';

import { cell, contradictions, type TableGroup, type TableModel } from './tableModel.ts';

const fixed = (digits: number) => (v: number) => v.toFixed(digits);

/** The estimators' column labels (core estimator registry): "sampled" → "Sampled", "bv:0.1" → "BV 0.1". */
export { shortMethodLabel };

/** Tables 1 and 2: the exact metrics, and the expected sampled metrics ± their standard deviation. */
export function expectedTables(table: ExpectedTable, setting: string): [TableModel, TableModel] {
  const columns = table.metrics.map((id) => ({ id, label: metricIdLabel(id) }));
  const exactGroup: TableGroup = {
    label: '',
    rows: table.recommenders.map((name, r) => ({
      label: name,
      cells: table.metrics.map((_, t) => cell(table.exact[r][t], null, fixed(3))),
    })),
  };
  const wrong = table.metrics.map((_, t) =>
    contradictions(
      table.recommenders.map((_, r) => table.exact[r][t]),
      table.recommenders.map((_, r) => table.mean[r][t]),
    ),
  );
  const sampledGroup: TableGroup = {
    label: '',
    rows: table.recommenders.map((name, r) => ({
      label: name,
      cells: table.metrics.map((_, t) => cell(table.mean[r][t], table.std[r][t], fixed(3), wrong[t][r])),
    })),
  };
  const base = { groupHeading: '', rowHeading: 'Recommender', columns };
  return [
    {
      ...base,
      id: 'table1',
      title: 'Table 1 · Exact metrics',
      caption: `Exact metrics, ${setting}.`,
      groups: [exactGroup],
    },
    {
      ...base,
      id: 'table2',
      title: 'Table 2 · Expected sampled metrics ± std',
      caption:
        `Expected value of each sampled metric ± its standard deviation over the sampling, computed exactly ` +
        `(eq 16) rather than from 1,000 simulated runs as in the paper; ${setting}. Marked: a recommender ordered ` +
        `against another one opposite to the exact metric.`,
      groups: [sampledGroup],
    },
  ];
}

/** Table 3 / Jin Table 2: per metric and recommender, the exact value and each method's mean ± std, in percent. */
export function estimatorTable(study: StudyTables, id: string, title: string, source: string): TableModel {
  const pick = (rec: string, metric: string, method: string) =>
    study.results.find((r) => r.recommender === rec && r.metric === metric && r.method === method);
  const percent = (v: number) => (100 * v).toFixed(2);
  const groups = study.metrics.map((metric) => {
    const exact = study.recommenders.map((rec) => pick(rec, metric, study.methods[0])?.exact ?? NaN);
    const wrong = study.methods.map((method) =>
      contradictions(
        exact,
        study.recommenders.map((rec) => pick(rec, metric, method)?.mean ?? NaN),
      ),
    );
    return {
      label: metricIdLabel(metric),
      rows: study.recommenders.map((rec, r) => ({
        label: rec,
        cells: [
          cell(exact[r], null, percent),
          ...study.methods.map((method, k) => {
            const row = pick(rec, metric, method);
            return cell(row?.mean ?? null, row?.std ?? null, percent, wrong[k][r]);
          }),
        ],
      })),
    };
  });
  return {
    id,
    title,
    caption:
      `${source}: exact metric and each estimator's mean ± standard deviation over ${formatInteger(study.repeats)} sampled ` +
      `evaluations (m = ${formatInteger(study.sampleSize)}), in percent. Marked: the estimator's mean orders that ` +
      `recommender against another one opposite to the exact metric.${study.note}`,
    groupHeading: 'Metric',
    rowHeading: 'Recommender',
    columns: [{ id: 'exact', label: 'Exact' }, ...study.methods.map((m) => ({ id: m, label: shortMethodLabel(m) }))],
    groups,
  };
}

/** Table 4: for each pair and metric, in how many repetitions each method orders the pair as the exact metric. */
export function orderingTable(study: StudyTables): TableModel {
  const pairs = [...new Set(study.orderings.map((o) => `${o.a}\u0000${o.b}`))].map((k) => k.split('\u0000'));
  const groups = pairs.map(([a, b]) => ({
    label: `${a} vs ${b}`,
    rows: study.metrics.map((metric) => ({
      label: metricIdLabel(metric),
      cells: study.methods.map((method) => {
        const o = study.orderings.find((x) => x.a === a && x.b === b && x.metric === metric && x.method === method);
        if (!o) return cell(null, null, String);
        return cell(o.correct, null, (v) => formatInteger(v), !o.exactTie && 2 * o.correct < o.repeats);
      }),
    })),
  }));
  return {
    id: 'table4',
    title: 'Table 4 · Correct orderings of each pair',
    caption:
      `Krichene & Rendle Table 4: out of ${formatInteger(study.repeats)} sampled evaluations, how many order each pair of ` +
      `recommenders as the exact metric does (${formatInteger(study.repeats)} = always right). Marked: wrong in most ` +
      `repetitions. When the exact values tie, only tied estimates count as correct.${study.note}`,
    groupHeading: 'Pair',
    rowHeading: 'Metric',
    columns: study.methods.map((m) => ({ id: m, label: shortMethodLabel(m) })),
    groups,
  };
}

/** Jin et al. Table 4: per cut-off K and metric, in how many repetitions each method picks the exact winner. */
export function winnerTable(study: StudyTables): TableModel {
  const parsed = study.metrics.map(parseDefinedMetric);
  const cutoffs = [...new Set(parsed.map((m) => m.cutoff).filter((k) => k !== null))];
  const groups = cutoffs.map((k) => ({
    label: `K = ${k}`,
    rows: study.metrics
      .filter((_, i) => parsed[i].cutoff === k)
      .map((metric) => ({
        // The metric's name without its cut-off (the group says K), with the definition it is read under.
        label: metricIdLabel(metric.replace(`@${k}`, '')),
        cells: study.methods.map((method) => {
          const w = study.winners.find((x) => x.metric === metric && x.method === method);
          return w
            ? cell(w.correct, null, (v) => formatInteger(v), 2 * w.correct < w.repeats)
            : cell(null, null, String);
        }),
      })),
  }));
  const winners = study.winners.filter((w) => w.method === study.methods[0]);
  const named = winners.map((w) => `${metricIdLabel(w.metric)}: ${w.winners.join(' = ')}`).join(', ');
  return {
    id: 'jin-table4',
    title: 'Jin et al. Table 4 · Correct winners',
    caption:
      `Jin et al. Table 4: out of ${formatInteger(study.repeats)} sampled evaluations (m = ${formatInteger(study.sampleSize)}), ` +
      `how often each method's best recommender is the exact winner. Exact winners: ${named}. Marked: wrong in ` +
      `most repetitions.${study.note}`,
    groupHeading: 'Cut-off',
    rowHeading: 'Metric',
    columns: study.methods.map((m) => ({ id: m, label: shortMethodLabel(m) })),
    groups,
  };
}
