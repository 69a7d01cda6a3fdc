/**
 * Names and notation shared by the figure models: axis titles in the paper's notation, captions' catalogue sizes, and
 * the core's labels and number formats (src/core/labels.ts) re-exported for the figures and their views.
 */
import { formatInteger, formatSigned, formatSignificant } from '../core/labels.ts';

/** A run of an axis or panel title; a symbol of the paper's notation (r, M, n) is set in italics. */
export interface TitlePart {
  readonly text: string;
  readonly italic?: boolean;
}

const italic = (text: string): TitlePart => ({ text, italic: true });
const plain = (text: string): TitlePart => ({ text });

export const TITLE = {
  trueRank: [plain('true rank '), italic('r')] as readonly TitlePart[],
  rank: [plain('rank '), italic('r')] as readonly TitlePart[],
  sampledRank: [plain('sampled rank '), italic('r̃')] as readonly TitlePart[],
  sampleSize: [plain('sampled items '), italic('m')] as readonly TitlePart[],
  metric: [italic('M'), plain('('), italic('r'), plain(')')] as readonly TitlePart[],
  expectedSampled: [
    italic('E'),
    plain('['),
    italic('M'),
    plain('('),
    italic('r̃'),
    plain(') | '),
    italic('r'),
    plain(']'),
  ],
  corrected: [italic('M̂'), plain('('), italic('r̃'), plain(')')] as readonly TitlePart[],
  expectedCorrected: [
    italic('E'),
    plain('['),
    italic('M̂'),
    plain('('),
    italic('r̃'),
    plain(') | '),
    italic('r'),
    plain(']'),
  ],
} satisfies Record<string, readonly TitlePart[]>;

/** "E[AP(r̃)]" style title for one metric averaged over a recommender's instances. */
export function expectedOf(label: string, corrected = false): TitlePart[] {
  if (corrected) return [italic('E'), plain('['), italic('M̂'), plain('('), italic('r̃'), plain(`)], M = ${label}`)];
  return [italic('E'), plain(`[${label}(`), italic('r̃'), plain(')]')];
}

/** "E[AP(r̃) | r]": the expected value of a metric on the sample for one relevant item at true rank r (eq 16). */
export function expectedAtRank(label: string): TitlePart[] {
  return [italic('E'), plain(`[${label}(`), italic('r̃'), plain(') | '), italic('r'), plain(']')];
}

/** The core's number formats under the figures' short names: 10000 → "10,000"; −0.5 → "−0.500"; 4 significant digits. */
export const fmtInt = formatInteger;
export const fmt3 = (value: number): string => formatSigned(value, 3);
export const fmtValue = formatSignificant;

/**
 * The catalogue size as a caption says it: "n = 10,000", or for data with their own n per user "each user's own n
 * from 1,393 to 3,687 (743 distinct values)".
 */
export function catalogueText(
  itemCount: number,
  own: { readonly smallest: number; readonly largest: number; readonly distinct?: number } | null | undefined,
): string {
  if (!own) return `n = ${fmtInt(itemCount)}`;
  if (own.smallest === own.largest) return `n = ${fmtInt(own.smallest)}`;
  const count = own.distinct === undefined ? '' : ` (${fmtInt(own.distinct)} distinct values)`;
  return `each user's own n from ${fmtInt(own.smallest)} to ${fmtInt(own.largest)}${count}`;
}
