/**
 * A prior p(r) on true ranks for the corrected metrics (Krichene & Rendle eq. 21): CSV or TSV with the columns
 * `rank,weight`. Ranks not listed get weight 0; a rank may appear once. The weights are normalised to sum to 1,
 * so counts (e.g. a histogram of ranks from a full evaluation) work as well as probabilities.
 */
import { integerCell, numberCell } from './cells.ts';
import type { Parsed } from './fileError.ts';
import { catchFileError, raise } from './fileError.ts';
import type { TableReader } from './table.ts';
import { openPapaTable } from './papaTable.ts';
import { requireColumn } from './table.ts';

export interface PriorFileOptions {
  /** Display name for messages. */
  readonly file: string;
  /** The catalogue size n: the prior covers ranks 1..n. */
  readonly itemCount: number;
}

/** Returns p as a Float64Array of length n with p[r − 1] the weight of rank r, summing to 1. */
export function parsePriorFile(text: string, options: PriorFileOptions): Parsed<Float64Array> {
  return catchFileError(() => readPrior(openPapaTable(text, options.file, 'rank,weight'), options.itemCount));
}

function readPrior(table: TableReader, itemCount: number): Float64Array {
  const rankColumn = requireColumn(table, 'rank', 'rank,weight');
  const weightColumn = requireColumn(table, 'weight', 'rank,weight');
  const prior = new Float64Array(itemCount);
  const lineOf = new Map<number, number>();
  let largest = 0;
  table.forEachRow((row) => {
    const rank = integerCell(table, row, rankColumn, 'rank');
    if (rank < 1) raise(table.file, row.line, 'rank', `rank ${rank} is smaller than 1`);
    if (rank > itemCount) raise(table.file, row.line, 'rank', `rank ${rank} is larger than n = ${itemCount}`);
    const previous = lineOf.get(rank);
    if (previous !== undefined)
      raise(table.file, row.line, 'rank', `rank ${rank} appears twice (also on line ${previous})`);
    lineOf.set(rank, row.line);
    const weight = numberCell(table, row, weightColumn, 'weight');
    if (weight < 0) raise(table.file, row.line, 'weight', `weight ${weight} is negative`);
    prior[rank - 1] = weight;
    if (weight > largest) largest = weight;
  });
  if (lineOf.size === 0) raise(table.file, null, null, 'no data rows after the header');
  if (!(largest > 0)) raise(table.file, null, 'weight', 'the weights sum to 0');
  // Scaled by the largest weight before summing: weights near 1e308 would overflow the sum (every p(r) then 0).
  let total = 0;
  for (let r = 0; r < itemCount; r++) total += prior[r] /= largest;
  for (let r = 0; r < itemCount; r++) prior[r] /= total;
  return prior;
}
