/** Names and notation shared by the figure models: metric labels, axis titles in the paper's notation. */
import { format } from 'd3';
import type { TitlePart } from './axes.ts';

const METRIC_LABELS: Readonly<Record<string, string>> = {
  auc: 'AUC',
  ap: 'AP',
  ndcg: 'NDCG',
  recall: 'Recall',
  precision: 'Precision',
};

/** `recall@10` → "Recall@10", `ap` → "AP". */
export function metricLabel(id: string): string {
  const [kind, cutoff] = id.split('@');
  const label = METRIC_LABELS[kind] ?? kind;
  return cutoff === undefined ? label : `${label}@${cutoff}`;
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

export const fmtInt = format(',');
export const fmt3 = format('.3f');

/** A value for a read-out or caption: 4 significant digits, no exponent between 1e-4 and 1e6. */
export function fmtValue(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (v === 0) return '0';
  const a = Math.abs(v);
  if (a >= 1e-4 && a < 1e6) return String(Number(v.toPrecision(4)));
  return v.toExponential(3);
}

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
