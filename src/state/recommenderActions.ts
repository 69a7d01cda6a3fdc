/**
 * Actions on the recommenders: the paste boxes (add, rename, recolour, hide, remove, type). The text is stored as
 * typed; it is parsed on every change, and only valid text replaces a recommender's data, so a mistake shows a
 * message naming the line while the results keep showing the last valid data.
 */
import type { RankData } from '../core/index.ts';
import { parseRankList, type RankListOptions, type RankListResult } from '../io/rankList.ts';
import { refreshSoon, startTask } from './actions.ts';
import { LIMITS, PALETTE, type Settings } from './document.ts';
import { explorerStore as store, newRecommenderId, type RecommenderEntry } from './store.ts';

/** Texts longer than this are parsed in the worker. */
const INLINE_PARSE_LIMIT = 200_000;

export function listOptions(settings: Settings): RankListOptions {
  return { itemCount: settings.itemCount, sampleSize: settings.sampleSize, sampled: settings.rankKind === 'sampled' };
}

function update(id: string, change: Partial<RecommenderEntry>): void {
  store.setState((s) => ({ recommenders: s.recommenders.map((r) => (r.id === id ? { ...r, ...change } : r)) }));
}

function sameArray(a: ArrayLike<number> | null, b: ArrayLike<number> | null): boolean {
  if (a === null || b === null) return a === b;
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

function sameRanks(a: RankData, b: RankData): boolean {
  return (
    sameArray(a.ranks, b.ranks) &&
    sameArray(a.weights, b.weights) &&
    sameArray(a.offsets, b.offsets) &&
    sameArray(a.itemCounts, b.itemCounts)
  );
}

/** Applies a parse of `text` to the recommender, unless its text changed since. */
function applyParse(id: string, text: string, result: RankListResult): void {
  const entry = store.getState().recommenders.find((r) => r.id === id);
  if (!entry || entry.text !== text) return;
  if (result.ok) {
    // Re-reading the same ranks (n or m changed) keeps the data object, so nothing recomputes or is saved again.
    const data = entry.data && sameRanks(entry.data, result.data) ? entry.data : result.data;
    const changed = data !== entry.data;
    // Data that replace other data are the user's own; a first reading (a link's text) keeps its origin.
    const edited = changed && entry.data !== null;
    if (changed || entry.problem !== null) {
      update(id, {
        data,
        problem: null,
        problemLines: null,
        largestRank: null,
        ...(edited ? { source: null, dataset: null } : {}),
      });
    }
  } else if (text.trim() === '' && entry.data === null) update(id, { problem: null, problemLines: null });
  else
    update(id, {
      problem: result.message,
      problemLines: result.problems ? { lines: result.problems, total: result.total ?? result.problems.length } : null,
      largestRank: / is larger than n = /.test(result.message) ? largestRank(text) : null,
    });
}

/** The largest whole number of a text, for "Set n to the largest rank (N)"; null when none is within n's bounds. */
export function largestRank(text: string): number | null {
  let largest = 0;
  for (const token of text.split(/[\s,;]+/)) if (/^\+?\d+$/.test(token)) largest = Math.max(largest, Number(token));
  return largest >= 2 && largest <= LIMITS.maxItemCount ? largest : null;
}

/** Parses the texts of the given recommenders (all by default) against the current n, m and kind of ranks. */
export async function parseTexts(ids?: readonly string[]): Promise<void> {
  const { recommenders, settings } = store.getState();
  const options = listOptions(settings);
  const chosen = recommenders.filter((r) => r.text !== null && (!ids || ids.includes(r.id)));
  const large = chosen.filter((r) => r.text!.length > INLINE_PARSE_LIMIT);
  for (const r of chosen)
    if (r.text!.length <= INLINE_PARSE_LIMIT) applyParse(r.id, r.text!, parseRankList(r.text!, r.name, options));
  if (large.length === 0) return;
  const outcome = await startTask('parse', (job) =>
    job.worker((api) => Promise.all(large.map((r) => api.parseList(r.text!, r.name, options)))),
  );
  if (outcome && 'value' in outcome) large.forEach((r, i) => applyParse(r.id, r.text!, outcome.value[i]));
  refreshSoon();
}

export function setRecommenderText(id: string, text: string): void {
  update(id, { text });
  void parseTexts([id]);
  refreshSoon();
}

/** A name not yet taken: the next capital letter, then "R13" and so on. */
export function freeName(taken: readonly string[]): string {
  for (let i = 0; i < 26; i++) {
    const name = String.fromCharCode(65 + i);
    if (!taken.includes(name)) return name;
  }
  let i = 27;
  while (taken.includes(`R${i}`)) i++;
  return `R${i}`;
}

export function addRecommender(): string | null {
  const { recommenders } = store.getState();
  if (recommenders.length >= LIMITS.maxRecommenders) return null;
  const used = recommenders.map((r) => r.color);
  const entry: RecommenderEntry = {
    id: newRecommenderId(),
    name: freeName(recommenders.map((r) => r.name)),
    color: PALETTE.find((c) => !used.includes(c)) ?? PALETTE[recommenders.length % PALETTE.length],
    hidden: false,
    text: '',
    data: null,
    source: null,
    dataset: null,
    problem: null,
  };
  store.setState({ recommenders: [...recommenders, entry] });
  return entry.id;
}

/** Why `name` cannot be given to recommender `id`, or null when it can. */
export function nameProblem(id: string, name: string): string | null {
  const trimmed = name.trim();
  if (trimmed === '') return 'A name cannot be empty.';
  if (trimmed.length > LIMITS.maxNameLength) return `At most ${LIMITS.maxNameLength} characters.`;
  const clash = store.getState().recommenders.some((r) => r.id !== id && r.name === trimmed);
  return clash ? `Another recommender is called “${trimmed}”.` : null;
}

export function renameRecommender(id: string, name: string): void {
  if (nameProblem(id, name) !== null) return;
  update(id, { name: name.trim() });
  refreshSoon();
}

export function recolourRecommender(id: string, color: string): void {
  if (/^#[0-9a-fA-F]{6}$/.test(color)) update(id, { color: color.toLowerCase() });
}

export function setRecommenderHidden(id: string, hidden: boolean): void {
  update(id, { hidden });
  refreshSoon(0);
}

export function removeRecommender(id: string): void {
  store.setState((s) => ({ recommenders: s.recommenders.filter((r) => r.id !== id) }));
  refreshSoon(0);
}
