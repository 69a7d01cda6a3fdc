import { useState } from 'react';
import type { PlotFigure } from '../../figures/plot.ts';
import type { TableModel } from '../../figures/tableModel.ts';
import type { JobTask } from '../../state/jobRunner.ts';
import { requestKey } from '../../state/requestKey.ts';
import { useJob } from '../useJob.ts';
import type { AnyEntry, ModelView } from './entry.ts';
import { figureSettings } from './figureSettings.ts';
import { JobStatus } from './JobStatus.tsx';
import { PaperDataNote } from './PaperDataNote.tsx';
import { PlotChart } from './PlotChart.tsx';
import { StudyTable } from './StudyTable.tsx';
import type { FigureInputs } from './types.ts';
import { useModelTask } from './useModelTask.ts';

export interface EntryViewProps {
  readonly entry: AnyEntry;
  readonly inputs: FigureInputs;
}

/** A result with the request it answers: the model is built from both, so a stale figure stays consistent. */
interface Computed {
  readonly request: unknown;
  readonly result: unknown;
}

/**
 * Renders any figure or table entry: its settings from the figures' view, the request and its derived key, the job
 * on the entry's channel through the page's one runner (progress and Cancel while it runs, the last result dimmed
 * until the new one is there, a finished result shown again at once), and the model as a chart or as tables.
 */
export function EntryView({ entry, inputs }: EntryViewProps) {
  const settings = figureSettings(inputs, entry.settings.id);
  const problem = entry.problem?.(inputs) ?? null;
  const request: unknown = problem === null ? entry.request(inputs, settings.values) : null;
  const key = request === null ? null : requestKey(request);
  const [requested, setRequested] = useState<string | null>(null);
  const waiting = request !== null && entry.startOnRequest ? entry.startOnRequest(request) : null;
  const go = inputs.active && key !== null && (waiting === null || requested === key);
  const { compute } = entry;
  const task: JobTask<Computed> | null =
    go && compute
      ? (job) => {
          const partial = (result: unknown) => job.onPartial({ request, result });
          return job.worker(async (api) => ({
            request,
            result: await compute(api, request, job.signal, job.onProgress, job.lane(1), partial),
          }));
        }
      : null;
  const job = useJob<Computed>(inputs.compute, entry.id, compute ? key : null, task);
  // Without a computation the request is the result (a model cheap enough for the page); with a problem, nothing.
  const computed: Computed | null = request === null ? null : compute ? job.value : { request, result: request };
  const view: ModelView<never> = {
    values: settings.values as never,
    width: inputs.width,
    sampleSize: entry.marksSampleSize ? inputs.sampleSize : 0,
    recommenders: inputs.recommenders.map((r) => ({ name: r.name, color: r.color })),
  };
  const viewKey = JSON.stringify(view);
  const build = computed
    ? () => ({
        model: entry.model(computed.result, computed.request, view),
        tables: entry.tables?.(computed.result, computed.request, view) ?? [],
      })
    : null;
  // `computed` is new only with a new result (or, without a computation, a new request: named by its key);
  // `viewKey` names the view; the last, the request that the model answers.
  const deps = [entry, computed && (compute ? job.value : key), viewKey, compute ? job.valueKey : key];
  // The model is built in a task of its own (useModelTask), not in the render that brought its inputs: a change of
  // setting then never waits on a model (Figure 5 spreads 18,000 MovieLens users over its buckets in ~30 ms).
  const deferred = useModelTask(build, deps);
  const drawn = deferred.value;
  const model = drawn?.model ?? null;
  // Dimmed while the result shown answers another request (a partial result of this one is not dimmed), and while
  // the model of this request is being built.
  const busy = (compute !== null && job.valueKey !== key) || deferred.from?.[3] !== key;
  const context = { inputs, settings, request };
  const controls = entry.controls(context);
  const start =
    waiting !== null && !go && inputs.active && key !== null ? (
      <button type="button" className="primary" onClick={() => setRequested(key)}>
        {waiting}
      </button>
    ) : null;
  return (
    <section
      className={entry.kind === 'tables' ? 'figure-view study-section' : 'figure-view'}
      aria-labelledby={`${entry.id}-heading`}
    >
      <h3 id={`${entry.id}-heading`}>{entry.number ? `${entry.number} · ${entry.title}` : entry.title}</h3>
      <p className="lede">{entry.lede(context, computed?.result ?? null)}</p>
      {entry.kind === 'tables' && (controls || start) ? (
        <div className="study-controls">
          {controls}
          {start}
        </div>
      ) : (
        start
      )}
      <JobStatus job={job} problem={problem} verb={entry.startOnRequest ? 'Simulating' : 'Computing'} />
      {problem !== null && inputs.onLoadPaperData && entry.problem?.({ ...inputs, rankKind: 'true' }) === null ? (
        <p className="figure-switch">
          <button type="button" onClick={inputs.onLoadPaperData}>
            Load MovieLens 1M true ranks (X, Y, Z)
          </button>
        </p>
      ) : null}
      {entry.paperData ? (
        <PaperDataNote recommenders={inputs.recommenders} onLoadPaperData={inputs.onLoadPaperData} />
      ) : null}
      {entry.kind === 'figure' && model ? (
        <PlotChart figure={model as PlotFigure} busy={busy} controls={controls} legend={settings.legend} />
      ) : null}
      {entry.kind === 'figure'
        ? (drawn?.tables ?? []).map((table) => <StudyTable key={table.id} model={table} busy={busy} ordered={false} />)
        : null}
      {entry.kind === 'tables'
        ? ((model ?? []) as readonly TableModel[]).map((table) => (
            <StudyTable key={table.id} model={table} busy={busy} />
          ))
        : null}
    </section>
  );
}
