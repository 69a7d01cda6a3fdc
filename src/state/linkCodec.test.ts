import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupedRankData, singleRankData } from '../core/index.ts';
import { defaultDocument, LIMITS, type ExplorerDocument, type RecommenderDoc } from './document.ts';
import { withEstimatorSetting, type StoredEstimatorSettings } from './estimatorSettings.ts';
import { FIGURE_DEFAULTS, FIGURE_TABS, type FiguresView } from './figureView.ts';
import { decodeFragment, encodeFragment, MAX_FRAGMENT_LENGTH } from './linkCodec.ts';
import { linkDocument, restoreDocument, toWireDocument } from './restore.ts';

async function roundTrip(document: ExplorerDocument) {
  const encoded = await encodeFragment(document);
  if (!encoded.ok) throw new Error(encoded.reason);
  return decodeFragment(encoded.fragment);
}

async function deflatedFragment(json: string): Promise<string> {
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return `#v1.${Buffer.from(bytes).toString('base64url')}`;
}

/** A document is valid when restoring its own wire form reports nothing. */
function expectValid(document: ExplorerDocument) {
  expect(restoreDocument(toWireDocument(document)).problems).toEqual([]);
}

const metricId = fc.oneof(
  fc.constantFrom('auc', 'ap', 'ndcg'),
  fc
    .tuple(fc.constantFrom('recall', 'precision', 'ap', 'ndcg'), fc.integer({ min: 1, max: 1000 }))
    .map(([k, c]) => `${k}@${c}`),
);

const rankData = fc.oneof(
  fc
    .array(fc.tuple(fc.integer({ min: 1, max: LIMITS.maxItemCount }), fc.integer({ min: 1, max: 1e6 })), {
      minLength: 1,
      maxLength: 30,
    })
    .map((rows) =>
      singleRankData(
        'x',
        rows.map((r) => r[0]),
        rows.map((r) => r[1]),
      ),
    ),
  fc
    .array(fc.uniqueArray(fc.integer({ min: 1, max: 5000 }), { minLength: 1, maxLength: 4 }), {
      minLength: 1,
      maxLength: 10,
    })
    .chain((groups) =>
      fc
        .array(fc.integer({ min: 5000, max: LIMITS.maxItemCount }), {
          minLength: groups.length,
          maxLength: groups.length,
        })
        .map((n) => groupedRankData('x', groups, n)),
    ),
);

const recommender = fc.record({
  name: fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s.length > 0),
  color: fc.integer({ min: 0, max: 0xffffff }).map((c) => `#${c.toString(16).padStart(6, '0')}`),
  hidden: fc.boolean(),
  text: fc.option(fc.string({ unit: 'grapheme', maxLength: 200 })),
  data: fc.option(rankData),
  source: fc.option(fc.string({ maxLength: 40 })),
  dataset: fc.constant(null),
});

const scale = fc.constantFrom('linear' as const, 'log' as const);
const whole = (min: number, max: number) => fc.integer({ min, max });
const integerList = fc.uniqueArray(whole(1, 100_000), { minLength: 1, maxLength: 6 }).map((l) => l.join(', '));
const gammaList = fc
  .uniqueArray(fc.constantFrom(0, 0.5, 1, 0.1, 0.01, 0.25), { maxLength: 6 })
  .map((l) => l.join(', '));
const metricText = fc.uniqueArray(metricId, { minLength: 1, maxLength: 8 }).map((l) => l.join(', '));

/** Valid values of every figure setting (restore drops those equal to the default, so they are left out). */
const figureSettings = fc
  .record(
    {
      fig1: fc.record(
        { metrics: metricText, zoom: whole(2, 2_000_000), xScale: scale, yScale: scale },
        { requiredKeys: [] },
      ),
      fig2: fc.record({ xScale: scale, yScale: scale }, { requiredKeys: [] }),
      fig3: fc.record(
        { sampleSizes: integerList, zoom: whole(2, 2_000_000), xScale: scale, yScale: scale },
        { requiredKeys: [] },
      ),
      fig4: fc.record(
        {
          metric: metricId,
          sampleSize: whole(1, 1_000_000),
          gammas: gammaList,
          sampledRankScale: scale,
          xScale: scale,
          yScale: scale,
        },
        { requiredKeys: [] },
      ),
      fig5: fc.record({ bucketWidth: whole(1, 2_000_000), yScale: scale }, { requiredKeys: [] }),
      fig6: fc.record(
        { metric: metricId, gamma: fc.double({ min: 0, max: 1, noNaN: true }), xScale: scale, yScale: scale },
        { requiredKeys: [] },
      ),
      fig7: fc.record(
        {
          sampleSize: whole(1, 1_000_000),
          repeats: whole(1, 1000),
          maxRank: whole(2, 2_000_000),
          xScale: scale,
          yScale: scale,
        },
        { requiredKeys: [] },
      ),
      tables: fc.record({ studyRepeats: whole(2, 1000), jinRepeats: whole(2, 1000) }, { requiredKeys: [] }),
    },
    { requiredKeys: [] },
  )
  .map((all) => {
    const out: Record<string, Record<string, unknown>> = {};
    for (const [figure, values] of Object.entries(all)) {
      const defaults = FIGURE_DEFAULTS[figure as keyof typeof FIGURE_DEFAULTS] as Record<string, unknown>;
      const kept = Object.fromEntries(Object.entries(values).filter(([k, v]) => v !== defaults[k]));
      if (Object.keys(kept).length > 0) out[figure] = kept;
    }
    return out as FiguresView['settings'];
  });

const figuresView: fc.Arbitrary<FiguresView> = fc.record({
  tab: fc.constantFrom(...FIGURE_TABS),
  settings: figureSettings,
  // Figure 1's hidden series are the view's hiddenSeries, never here.
  hidden: fc.dictionary(
    fc.constantFrom('fig2', 'fig3', 'fig4', 'fig5', 'fig6', 'fig7'),
    fc.uniqueArray(fc.string({ minLength: 1, maxLength: 12 }), { minLength: 1, maxLength: 4 }),
    { noNullPrototype: true },
  ),
});

/** Valid estimator settings; restore drops those equal to the default (estimatorSettings.ts), so they are left out. */
const estimatorSettings = fc
  .record(
    {
      emRule: fc.constantFrom('gain' as const, 'fixed' as const),
      mesEta: fc.double({ min: 1e-6, max: 100, noNaN: true }),
      wmleWeight: fc.constantFrom('ndcg' as const, 'ap' as const),
      wmleScale: fc.double({ min: 1e-3, max: 1e6, noNaN: true }),
      replicates: fc.integer({ min: 0, max: 2000 }),
      showLs: fc.boolean(),
    },
    { requiredKeys: [] },
  )
  .map((all) => {
    let kept: StoredEstimatorSettings | undefined;
    for (const [key, value] of Object.entries(all)) {
      kept = withEstimatorSetting(kept, key as keyof StoredEstimatorSettings, value as never);
    }
    return kept;
  });

const document: fc.Arbitrary<ExplorerDocument> = fc.record({
  settings: fc
    .record({
      rankKind: fc.constantFrom('true' as const, 'sampled' as const),
      itemCount: fc.integer({ min: 2, max: LIMITS.maxItemCount }),
      sampleSize: fc.integer({ min: 1, max: LIMITS.maxSampleSize }),
      sampling: fc.constantFrom('with-replacement' as const, 'without-replacement' as const),
      metrics: fc.uniqueArray(metricId, { minLength: 1, maxLength: LIMITS.maxMetrics }),
      gammas: fc.array(fc.double({ min: 0, max: 1, noNaN: true }), { maxLength: LIMITS.maxGammas }),
      prior: fc.oneof(
        fc.constant({ kind: 'uniform' as const }),
        fc.double({ min: 0, max: 5, noNaN: true }).map((exponent) => ({ kind: 'power' as const, exponent })),
      ),
      seed: fc.integer({ min: 0, max: LIMITS.maxSeed }),
      repetitions: fc.integer({ min: 1, max: LIMITS.maxRepetitions }),
      estimators: estimatorSettings,
    })
    .map(({ estimators, ...rest }) => (estimators ? { ...rest, estimators } : rest)),
  view: fc.record({
    metric: fc.option(metricId),
    hiddenSeries: fc.uniqueArray(metricId, { maxLength: 4 }),
    figures: figuresView,
  }),
  recommenders: fc
    .uniqueArray(recommender, { maxLength: 5, selector: (r) => r.name })
    .map((list) => list.map((r): RecommenderDoc => ({ ...r, data: r.data ? { ...r.data, name: r.name } : null }))),
});

describe('URL fragment codec', () => {
  it('round-trips the toy example in a short link', async () => {
    const encoded = await encodeFragment(defaultDocument());
    expect(encoded.ok && encoded.fragment).toMatch(/^#v1\.[A-Za-z0-9_-]+$/);
    expect(encoded.ok && encoded.fragment.length).toBeLessThan(600);
    const decoded = await decodeFragment(encoded.ok ? encoded.fragment : '');
    // The toy example's data are named in the link, not carried: opening it loads them from the data set.
    expect(decoded).toEqual({ document: linkDocument(defaultDocument()), problems: [], failed: false });
    expect(decoded?.document.recommenders.map((r) => r.dataset)).toEqual(
      [0, 1, 2].map((index) => ({ id: 'toy', params: null, index })),
    );
  });

  it('round-trips any valid document exactly (property)', async () => {
    await fc.assert(
      fc.asyncProperty(document, async (doc) => {
        const decoded = await roundTrip(doc);
        expect(decoded?.problems).toEqual([]);
        expect(decoded?.document).toEqual(doc);
      }),
      { numRuns: 150 },
    );
  });

  it('decodes any string to a valid document, with a message whenever it is not a clean link (property)', async () => {
    const anyHash = fc.oneof(
      fc.string({ maxLength: 300 }),
      fc.string({ unit: 'binary', maxLength: 100 }).map((s) => `#v1.${s}`),
      fc.uint8Array({ maxLength: 200 }).map((b) => `#v1.${Buffer.from(b).toString('base64url')}`),
    );
    await fc.assert(
      fc.asyncProperty(anyHash, async (hash) => {
        const decoded = await decodeFragment(hash);
        if (decoded === null) {
          expect(hash.replace(/^#/, '')).toBe('');
          return;
        }
        expectValid(decoded.document);
        if (decoded.failed) expect(decoded.problems.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
  });

  it('restores any JSON value as a valid document (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const decoded = await decodeFragment(await deflatedFragment(JSON.stringify(value)));
        expect(decoded).not.toBeNull();
        expectValid(decoded!.document);
      }),
      { numRuns: 200 },
    );
  });

  it('opens a link of an older format: missing fields get their defaults, silently', async () => {
    const old = {
      version: 1,
      settings: { itemCount: 500, sampleSize: 20 },
      recommenders: [{ name: 'X', data: { d: [3, 0, 7] } }],
    };
    const decoded = await decodeFragment(await deflatedFragment(JSON.stringify(old)));
    expect(decoded?.problems).toEqual([]);
    expect(decoded?.document.settings).toMatchObject({
      itemCount: 500,
      sampleSize: 20,
      sampling: 'with-replacement',
      metrics: ['auc', 'ap', 'ndcg', 'recall@10'],
    });
    expect(Array.from(decoded?.document.recommenders[0].data?.ranks ?? [])).toEqual([3, 3, 10]);
    expect(decoded?.document.recommenders[0].color).toBe('#0072b2');
  });

  it('carries the estimators’ settings that differ from the defaults, and a link without them opens with the defaults', async () => {
    const base = defaultDocument();
    const tuned = {
      ...base,
      settings: {
        ...base.settings,
        rankKind: 'sampled' as const,
        estimators: { mesEta: 0.01, replicates: 20, emRule: 'fixed' as const },
      },
    };
    const decoded = await roundTrip(tuned);
    expect(decoded?.problems).toEqual([]);
    expect(decoded?.document.settings.estimators).toEqual({ mesEta: 0.01, replicates: 20, emRule: 'fixed' });
    // The defaults are not written: the toy example's link is the same as before the estimators had settings.
    expect(JSON.stringify(toWireDocument(base).settings)).not.toMatch(/estimators/);
    const old = { version: 1, settings: { rankKind: 'sampled', itemCount: 3706, sampleSize: 99 } };
    const opened = await decodeFragment(await deflatedFragment(JSON.stringify(old)));
    expect(opened?.problems).toEqual([]);
    expect(opened?.document.settings.estimators).toBeUndefined();
    const tampered = { version: 1, settings: { estimators: { mesEta: 'x', replicates: 1e9, wmleScale: 5 } } };
    const fixed = await decodeFragment(await deflatedFragment(JSON.stringify(tampered)));
    expect(fixed?.document.settings.estimators).toEqual({ wmleScale: 5 });
    expect(fixed?.problems).toEqual([
      'MES η: not valid, the default is used',
      'bootstrap B: not valid, the default is used',
    ]);
  });

  it('replaces tampered fields by defaults and says which', async () => {
    const tampered = {
      version: 1,
      settings: { itemCount: -4, sampleSize: '99', metrics: ['auc', 'alert(1)'], sampling: 'with-replacement' },
      recommenders: [{ name: 'A', color: 'red;background:url(x)', data: { d: [0] } }, 'oops'],
      __proto__: { polluted: true },
    };
    const decoded = await decodeFragment(await deflatedFragment(JSON.stringify(tampered)));
    expect(decoded?.failed).toBe(false);
    expect(decoded?.document.settings.itemCount).toBe(10_000);
    expect(decoded?.document.settings.metrics).toEqual(['auc', 'ap', 'ndcg', 'recall@10']);
    expect(decoded?.document.recommenders).toHaveLength(1);
    expect(decoded?.document.recommenders[0]).toMatchObject({ name: 'A', color: '#0072b2', data: null });
    expect(decoded?.problems).toEqual([
      'n: not valid, the default is used',
      'm: not valid, the default is used',
      'metrics: not valid, the default is used',
      'data of "A": not valid (the ranks holds 0, outside 1..2000000), left out',
      'colour of "A": not valid, the default is used',
      'recommender 2: not readable, left out',
    ]);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('gives the defaults and a message for a truncated, foreign or oversized link', async () => {
    const good = await encodeFragment(defaultDocument());
    const fragment = good.ok ? good.fragment : '';
    const truncated = await decodeFragment(fragment.slice(0, fragment.length - 12));
    expect(truncated).toMatchObject({ failed: true, problems: ['the link is damaged or cut short'] });
    expect(truncated?.document).toEqual(defaultDocument());
    expect((await decodeFragment('#section-2'))?.failed).toBe(true);
    const bomb = await deflatedFragment(`"${'a'.repeat(5_000_000)}"`);
    expect(bomb.length).toBeLessThan(MAX_FRAGMENT_LENGTH);
    expect((await decodeFragment(bomb))?.problems).toEqual([
      'the link expands to more data than any this explorer makes',
    ]);
    expect(await decodeFragment('#')).toBeNull();
  });

  it('refuses to put data too large for a link into one, saying so', async () => {
    let state = 7;
    const big = Array.from({ length: 20_000 }, () => 1 + ((state = (state * 48271) % 2147483647) % 1_000_000));
    const doc = {
      ...defaultDocument(),
      recommenders: [
        { ...defaultDocument().recommenders[0], text: null, data: singleRankData('A', big), dataset: null },
      ],
    };
    const encoded = await encodeFragment(doc);
    expect(encoded.ok).toBe(false);
    expect(!encoded.ok && encoded.reason).toMatch(
      /too large for a link \([\d,]+ characters; a link holds at most 16,000\)/,
    );
  });
});

describe('links that must not open silently (hardening)', () => {
  /** The wire form of a one-recommender histogram document, with `w` (counts) replaced. */
  async function withCounts(counts: number[]): Promise<string> {
    const document = defaultDocument();
    const one = { ...document.recommenders[0], text: null, data: singleRankData('A', [1, 2], [3, 4]), dataset: null };
    const wire = toWireDocument({ ...document, recommenders: [one] }) as unknown as {
      recommenders: { data: { w: number[] } }[];
    };
    wire.recommenders[0].data.w = counts;
    return deflatedFragment(JSON.stringify(wire));
  }

  it.each([[[0.5, 4]], [[1e300, 4]], [[3, -1]]])('histogram counts %j are refused with a message', async (counts) => {
    const decoded = await decodeFragment(await withCounts(counts));
    expect(decoded?.problems.join(' ')).toMatch(/counts are whole numbers of users/);
    expect(decoded?.document.recommenders.some((r) => r.data?.weights.some((w) => w !== Math.round(w)))).toBe(false);
  });

  it('valid counts still open without a problem', async () => {
    const decoded = await decodeFragment(await withCounts([3, 4]));
    expect(decoded?.problems).toEqual([]);
  });

  it('a link of a newer format says so; a v0 link is named as unknown, not read as v1', async () => {
    const payload = (await deflatedFragment(JSON.stringify(toWireDocument(defaultDocument())))).slice(4);
    const newer = await decodeFragment(`#v2.${payload}`);
    expect(newer?.failed).toBe(true);
    expect(newer?.problems.join(' ')).toMatch(/made by a newer version of this explorer/);
    const zero = await decodeFragment(`#v0.${payload}`);
    expect(zero?.failed).toBe(true);
    expect(zero?.problems.join(' ')).toMatch(/format v0 is not one this explorer ever made/);
    expect((await decodeFragment(`#v1.${payload}`))?.problems).toEqual([]);
  });
});

describe('metric definitions and tied, graded data in a link', () => {
  it('carry the tie rule, the chosen variants, the grades and the tie ranges', async () => {
    const base = defaultDocument();
    const data = {
      ...groupedRankData('G', [[2, 5], [4]], [20, 10]),
      relevance: Float64Array.from([5, 0.5, 3]),
      ties: { low: Float64Array.from([1, 5, 4]), high: Float64Array.from([3, 9, 4]) },
    };
    const document: ExplorerDocument = {
      ...base,
      settings: { ...base.settings, ties: 'random', variants: { ndcg: 'ndcg-exp', recall: 'hitrate' } },
      recommenders: [{ ...base.recommenders[0], name: 'G', text: null, dataset: null, data }],
    };
    const decoded = (await roundTrip(document))!;
    expect(decoded.problems).toEqual([]);
    expect(decoded.document.settings).toEqual(document.settings);
    const back = decoded.document.recommenders[0].data!;
    expect(Array.from(back.relevance!)).toEqual([5, 0.5, 3]);
    expect([Array.from(back.ties!.low), Array.from(back.ties!.high)]).toEqual([
      [1, 5, 4],
      [3, 9, 4],
    ]);
  });

  it('old links (no ties, no variants) open with the defaults; unknown ones are reported and dropped', () => {
    const wire = toWireDocument(defaultDocument());
    expect('ties' in wire.settings || 'variants' in wire.settings).toBe(false);
    const bad = restoreDocument({ ...wire, settings: { ...wire.settings, ties: 'lucky', variants: { ap: 'dcg' } } });
    expect(bad.problems).toEqual([
      'tie rule: not valid, the default is used',
      'metric definitions: not valid, the default is used',
    ]);
    expect(bad.document.settings).toEqual(defaultDocument().settings);
  });
});
