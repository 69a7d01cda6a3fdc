/**
 * A list of ranks as typed into the web app's paste box of one recommender: whole numbers separated by spaces,
 * commas, semicolons or new lines, one relevant item per instance. Errors name the line and the value
 * ("line 3: 12000 is larger than n = 10000") and never change the text.
 */
import { singleRankData, type RankData } from '../core/rankData.ts';
import { MAX_PROBLEMS } from './fileError.ts';
import { compactRankData } from './rankHistogram.ts';

export interface RankListOptions {
  /** n: true ranks run from 1 to n. */
  readonly itemCount: number;
  /** m: sampled ranks run from 1 to m + 1. Required when `sampled`. */
  readonly sampleSize?: number;
  /** The list holds sampled ranks r̃ rather than true ranks r. */
  readonly sampled?: boolean;
}

export type RankListResult =
  | { readonly ok: true; readonly data: RankData; readonly count: number }
  | {
      readonly ok: false;
      /** The first problem's line and message. */
      readonly line: number | null;
      readonly message: string;
      /** When several lines have problems: the first MAX_PROBLEMS of them, and how many there are in all. */
      readonly problems?: readonly string[];
      readonly total?: number;
    };

/** Problems listed one by one; the rest are counted (as a file's bad lines are). */
export { MAX_PROBLEMS };

const INTEGER = /^\+?\d+$/;

function show(token: string): string {
  return token.length > 24 ? `${token.slice(0, 21)}…` : token;
}

/** Parses the list; the data come back as a histogram (rank, count) sorted by rank, named `name`. */
export function parseRankList(text: string, name: string, options: RankListOptions): RankListResult {
  const limit = options.sampled ? (options.sampleSize ?? 0) + 1 : options.itemCount;
  const what = options.sampled ? `m + 1 = ${limit}` : `n = ${limit}`;
  const ranks: number[] = [];
  const problems: { line: number; message: string }[] = [];
  let total = 0;
  const problem = (line: number, message: string) => {
    total += 1;
    if (problems.length < MAX_PROBLEMS) problems.push({ line, message });
  };
  const lines = text.split(/\r\n|\n|\r/);
  for (let i = 0; i < lines.length; i++) {
    const tokens = lines[i].split(/[\s,;]+/);
    for (const token of tokens) {
      if (token === '') continue;
      const line = i + 1;
      if (!INTEGER.test(token)) {
        const kind = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/.test(token) ? 'not a whole number' : 'not a number';
        problem(line, `line ${line}: "${show(token)}" is ${kind} (ranks are 1, 2, 3, …)`);
        continue;
      }
      const rank = Number(token);
      if (rank < 1) problem(line, `line ${line}: 0 is not a rank (1 is the best position)`);
      else if (rank > limit) problem(line, `line ${line}: ${show(token)} is larger than ${what}`);
      else ranks.push(rank);
    }
  }
  if (total > 0) {
    const { line, message } = problems[0];
    return total === 1
      ? { ok: false, line, message }
      : { ok: false, line, message, problems: problems.map((p) => p.message), total };
  }
  if (ranks.length === 0) {
    return { ok: false, line: null, message: 'No ranks yet: type ranks separated by spaces, commas or new lines.' };
  }
  return { ok: true, data: compactRankData(singleRankData(name, ranks)), count: ranks.length };
}
