/**
 * Any rank input the web app accepts, told apart by its content: JSON (rank records, rank lists, or an object
 * with a `settings` key, returned as it is: the app's configuration files), otherwise CSV or TSV (rankFile.ts).
 * Every recommender comes back compacted to a histogram where that loses nothing (rankHistogram.ts).
 */
import type { Parsed } from './fileError.ts';
import { fail, ok } from './fileError.ts';
import { parseJsonRanks } from './jsonRanks.ts';
import type { RankFile, RankFileOptions } from './rankFile.ts';
import { parseRankFile } from './rankFile.ts';
import { compactRankData } from './rankHistogram.ts';

export type RankInput =
  | { readonly kind: 'ranks'; readonly file: RankFile }
  /** A JSON object with a `settings` key: not rank data, for the caller to restore. */
  | { readonly kind: 'document'; readonly json: unknown };

function looksLikeJson(text: string): boolean {
  const first = /\S/.exec(text);
  return first !== null && (first[0] === '{' || first[0] === '[');
}

export function readRankInput(text: string, options: RankFileOptions): Parsed<RankInput> {
  let parsed: Parsed<RankFile>;
  if (looksLikeJson(text) || options.file.toLowerCase().endsWith('.json')) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (error) {
      return fail(options.file, null, null, `not valid JSON (${(error as Error).message})`);
    }
    if (typeof json === 'object' && json !== null && !Array.isArray(json) && 'settings' in json) {
      return ok({ kind: 'document', json });
    }
    parsed = parseJsonRanks(json, options);
  } else parsed = parseRankFile(text, options);
  if (!parsed.ok) return parsed;
  const file = { ...parsed.value, recommenders: parsed.value.recommenders.map(compactRankData) };
  return ok({ kind: 'ranks', file });
}
