/**
 * Data in from a file (picker or drop), a pasted CSV or a built-in data set. All reading happens in the worker;
 * what was understood is shown as a preview, and nothing is replaced until the user confirms it.
 */
import type { RankData } from '../core/index.ts';
import { formatFileProblems } from '../io/fileError.ts';
import { rankSummary } from '../io/rankHistogram.ts';
import { startTask } from './actions.ts';
import { datasetById } from './datasets/registry.ts';
import type { SyntheticParams } from '../io/syntheticParams.ts';
import { LIMITS, PALETTE, type ExplorerDocument } from './document.ts';
import { applyDocument, nextTask } from './documentActions.ts';
import { restoreDocument } from './restore.ts';
import { setItemCount } from './settingsActions.ts';
import { documentOf, explorerStore as store, type Preview } from './store.ts';

/** Files larger than this are refused before reading (a histogram of any evaluation is far smaller). */
export const MAX_FILE_BYTES = 200 * 1024 * 1024;
/** Data of at most this many single-item users stay editable as text in their paste box. */
const EDITABLE_USERS = 2000;

const LAYOUTS: Readonly<Record<string, string>> = {
  single: 'one rank per user',
  grouped: 'several relevant items per user',
  histogram: 'rank histogram (rank, count)',
};

/** The data as paste-box text when small enough to edit: each rank repeated by its count. */
export function editableText(data: RankData): string | null {
  const summary = rankSummary(data);
  if (summary.grouped || data.itemCounts !== null || summary.instances > EDITABLE_USERS) return null;
  if (!Array.from(data.weights).every(Number.isInteger)) return null;
  return Array.from(data.ranks)
    .flatMap((r, i) => Array<number>(data.weights[i]).fill(r))
    .join(' ');
}

/** The last file or text read, to read again once n is set to its largest rank. */
let lastRead: { origin: string; source: Blob | string } | null = null;

async function read(origin: string, source: Blob | string, itemCount?: number): Promise<void> {
  const { settings } = store.getState();
  lastRead = { origin, source };
  store.setState({ input: { status: 'reading', origin } });
  const options = {
    file: origin,
    itemCount: itemCount ?? settings.itemCount,
    sampleSize: settings.sampleSize,
    sampling: settings.sampling,
    sampled: settings.rankKind === 'sampled',
  };
  const outcome = await startTask('input', (job) => job.worker((api) => api.readInput(source, options)));
  if (outcome === null) return;
  if ('error' in outcome) {
    const message = `${origin} could not be read: ${(outcome.error as Error).message ?? String(outcome.error)}`;
    store.setState({ input: { status: 'error', origin, message } });
    return;
  }
  const parsed = outcome.value;
  if (!parsed.ok) {
    // Every bad line, one a line (the panel lists them); a single problem is one line.
    const message = formatFileProblems(parsed.error).join('\n');
    const largestRank =
      itemCount === undefined && !options.sampled && / is larger than n = /.test(message)
        ? await largestRankOf(origin, source, options)
        : null;
    store.setState({
      input: { status: 'error', origin, message, ...(largestRank !== null ? { largestRank } : {}) },
    });
    return;
  }
  let preview: Preview;
  if (parsed.value.kind === 'document') {
    const { document, problems } = restoreDocument(parsed.value.json);
    const recommenders = document.recommenders.filter((r) => r.data !== null);
    preview = {
      origin,
      layout: 'configuration file',
      settings: document.settings,
      problems,
      recommenders: recommenders.map((r) => ({ name: r.name, data: r.data!, text: r.text })),
      document,
    };
  } else {
    const { file } = parsed.value;
    const recommenders = file.recommenders.map((data) => ({ name: data.name, data, text: editableText(data) }));
    preview = { origin, layout: LAYOUTS[file.layout], settings: null, problems: [], recommenders };
  }
  store.setState({ input: { status: 'preview', preview } });
}

/** The largest rank of a file whose ranks exceed n: read again with the largest n the page takes; null if it fails. */
async function largestRankOf(
  origin: string,
  source: Blob | string,
  options: { file: string; sampleSize: number; sampling: ExplorerDocument['settings']['sampling']; sampled: boolean },
): Promise<number | null> {
  const outcome = await startTask('input', (job) =>
    job.worker((api) => api.readInput(source, { ...options, itemCount: LIMITS.maxItemCount })),
  );
  if (outcome === null || 'error' in outcome || !outcome.value.ok || outcome.value.value.kind !== 'ranks') return null;
  let largest = 0;
  for (const data of outcome.value.value.file.recommenders) for (const r of data.ranks) largest = Math.max(largest, r);
  return largest >= 2 ? largest : null;
}

/** Sets n to the largest rank of the file that exceeded it, and reads the file again (its preview follows). */
export async function fitItemCount(): Promise<void> {
  const { input } = store.getState();
  if (input.status !== 'error' || !input.largestRank || !lastRead) return;
  setItemCount(input.largestRank);
  await read(lastRead.origin, lastRead.source, input.largestRank);
}

export function readFile(file: File): Promise<void> {
  if (file.size > MAX_FILE_BYTES) {
    const message = `${file.name} is ${Math.round(file.size / 2 ** 20)} MB; files up to 200 MB are read. Summarise it as a histogram (recommender,rank,count).`;
    store.setState({ input: { status: 'error', origin: file.name, message } });
    return Promise.resolve();
  }
  return read(file.name, file);
}

export function readPastedCsv(text: string): Promise<void> {
  return read('Pasted CSV', text);
}

export async function loadDataset(id: string, params: SyntheticParams): Promise<void> {
  const dataset = datasetById(id);
  if (!dataset) return;
  store.setState({ input: { status: 'reading', origin: dataset.label } });
  const outcome = await startTask('input', (job) => dataset.load(job, params));
  if (outcome === null) return;
  if ('error' in outcome) {
    const message = `${dataset.label} could not be loaded: ${(outcome.error as Error).message}`;
    store.setState({ input: { status: 'error', origin: dataset.label, message } });
    return;
  }
  const { recommenders, settings } = outcome.value;
  const preview: Preview = {
    origin: dataset.label,
    layout: 'built-in data set',
    settings,
    problems: [],
    recommenders,
    dataset: { id, params: dataset.parametric ? params : null },
  };
  store.setState({ input: { status: 'preview', preview } });
}

export function dismissInput(): void {
  store.setState({ input: { status: 'idle' } });
}

/** Replaces the recommenders (and, for a configuration or a data set, the settings) by the preview's. */
export async function confirmPreview(): Promise<void> {
  const state = store.getState();
  const { input, settings, view } = state;
  if (input.status !== 'preview') return;
  const { preview } = input;
  store.setState({
    input: { status: 'idle' },
    replacedWork: documentOf(state),
    notice: { tone: 'info', message: `${preview.origin} replaced your data.`, offerUndo: true },
  });
  await nextTask();
  if (preview.document) return applyDocument(preview.document);
  const document: ExplorerDocument = {
    settings: { ...settings, ...preview.settings },
    view,
    recommenders: preview.recommenders.map((r, i) => ({
      name: r.name,
      color: PALETTE[i % PALETTE.length],
      hidden: false,
      text: r.text,
      data: r.data,
      source: r.text === null ? preview.origin : null,
      dataset: preview.dataset ? { ...preview.dataset, index: i } : null,
    })),
  };
  return applyDocument(document);
}

/** Brings back the data and settings that loaded data replaced. */
export async function undoReplace(): Promise<void> {
  const state = store.getState();
  const replaced = state.replacedWork;
  if (!replaced) return;
  store.setState({ replacedWork: null, notice: { tone: 'info', message: 'Your data are back.' } });
  await nextTask();
  await applyDocument(replaced);
}
