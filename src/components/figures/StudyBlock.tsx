import { useMemo, useState, type ReactNode } from 'react';
import type { StudyTables } from '../../../workers/figures/studyTables.ts';
import type { TableModel } from '../../figures/tableModel.ts';
import { ListInput } from './Controls.tsx';
import { proxy as progressCallback } from 'comlink';
import { integerListProblem } from './parse.ts';
import { StudyTable } from './StudyTable.tsx';
import { dataKey, type FigureInputs } from './types.ts';
import { rankSources } from './uploadRanks.ts';
import { useFigureJob } from './useFigureJob.ts';

export interface StudyBlockProps {
  readonly inputs: FigureInputs;
  readonly channel: string;
  readonly heading: string;
  readonly lede: ReactNode;
  readonly metrics: readonly string[];
  readonly methods: readonly string[];
  /** Repetitions of the study (controlled: the figures' view keeps them, so a link opens the same study). */
  readonly repeats: number;
  readonly onRepeats: (repeats: number) => void;
  readonly tables: (study: StudyTables) => TableModel[];
}

/** Instances × repetitions below which a study starts by itself (the toy example); above, on request. */
const AUTO_RUN = 20_000;

/** A Monte Carlo study of the paper's estimators and the tables made from it, run in the figures' worker. */
export function StudyBlock({
  inputs,
  channel,
  heading,
  lede,
  metrics,
  methods,
  repeats,
  onRepeats,
  tables,
}: StudyBlockProps) {
  const { recommenders, itemCount, sampleSize, sampling, prior, compute } = inputs;
  const [requested, setRequested] = useState<string | null>(null);
  const instances = recommenders.reduce((s, r) => s + r.data.weights.length, 0);
  const key = `${dataKey(recommenders)}|${itemCount}|${sampleSize}|${sampling}|${repeats}|${prior ? prior.length : 'u'}`;
  const usable = inputs.rankKind === 'true' && recommenders.length > 1 && inputs.active;
  const go = usable && (instances * repeats <= AUTO_RUN || requested === key);
  const job = useFigureJob<StudyTables>(
    compute,
    channel,
    key,
    go
      ? async (api, onProgress) =>
          api.studyTables(
            {
              recommenders: await rankSources(api, recommenders),
              metrics,
              methods,
              itemCount,
              sampleSize,
              sampling,
              repeats,
              seed: 1,
              prior,
            },
            progressCallback(onProgress),
          )
      : null,
  );
  const models = useMemo(() => (job.value ? tables(job.value) : []), [job.value, tables]);
  const running = go && job.status === 'loading';
  return (
    <section className="study-section" aria-label={heading}>
      <h3>{heading}</h3>
      <p className="lede">{lede}</p>
      <div className="study-controls">
        <ListInput
          label="Repetitions"
          value={String(repeats)}
          validate={(t) => integerListProblem(t, 2, 1000, 1)}
          onChange={(t) => onRepeats(Number(t))}
          width="4.5rem"
        />
        {!go && usable ? (
          <button type="button" className="primary" onClick={() => setRequested(key)}>
            Run the study ({instances.toLocaleString('en-US')} instances × {repeats} repetitions)
          </button>
        ) : null}
        <span role="status" className="muted">
          {running
            ? `Simulating… ${job.progress !== null ? `${Math.round(100 * job.progress)}%` : ''}`
            : !usable
              ? 'Needs true ranks of at least two recommenders.'
              : ''}
          {job.message ? ` ${job.message}` : ''}
        </span>
      </div>
      {models.map((model) => (
        <StudyTable key={model.id} model={model} busy={running} />
      ))}
    </section>
  );
}
