/**
 * Fuzzing of link payloads (issue 15, "What stays"), beside linkCodec.test.ts's properties (any string, any JSON
 * value, counts, versions): here a valid link is tampered with one field at a time. Whatever field is given a value
 * of another type, the link opens within a second as a valid document and the page gets a message naming what was
 * replaced (restore.ts: an invalid field gets its default and a problem), never silently. FUZZ_RUNS and FUZZ_SEED as
 * in cli/fuzz.test.ts (`node scripts/fuzz.mjs` runs both with many more cases).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { defaultDocument } from './document.ts';
import { decodeFragment } from './linkCodec.ts';
import { restoreDocument, toWireDocument } from './restore.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 40);
const SEED = Number(process.env.FUZZ_SEED ?? 15);

async function fragmentOf(json: string): Promise<string> {
  const stream = new Blob([json]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return `#v1.${Buffer.from(bytes).toString('base64url')}`;
}

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every path to a leaf (or an empty container) of a JSON value. */
function leaves(value: Json, path: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) return value.length === 0 ? [path] : value.flatMap((v, i) => leaves(v, [...path, i]));
  if (value !== null && typeof value === 'object') {
    const keys = Object.keys(value);
    return keys.length === 0 ? [path] : keys.flatMap((k) => leaves(value[k], [...path, k]));
  }
  return [path];
}

/** A value of another JSON type than `value` (a number becomes a word, a word a number, …). */
function otherType(value: Json, pick: number): Json {
  const choices: Json[] = ['x', 12345, true, [], { a: 1 }, -1e300];
  const kind = (v: Json) => (Array.isArray(v) ? 'array' : v === null ? 'null' : typeof v);
  const others = choices.filter((c) => kind(c) !== kind(value));
  return others[pick % others.length];
}

function withLeaf(value: Json, path: readonly (string | number)[], leaf: Json): Json {
  if (path.length === 0) return leaf;
  const [head, ...rest] = path;
  const copy = (Array.isArray(value) ? [...value] : { ...(value as object) }) as Record<string | number, Json>;
  copy[head] = withLeaf(copy[head], rest, leaf);
  return copy as Json;
}

function getLeaf(value: Json, path: readonly (string | number)[]): Json {
  return path.reduce<Json>((v, k) => (v as Record<string | number, Json>)[k], value);
}

describe('link fuzz: a tampered field is never taken silently', () => {
  const wire = toWireDocument(defaultDocument()) as unknown as Json;
  // Not checked: the envelope (`format`, `version`), which a link does not read (its version is the fragment's
  // `#v1.` prefix), and the view's selected metric and hidden series, which restore.ts resets silently on purpose
  // (`.catch`: they only say what is shown, and are found so by this property).
  const lenient = new Set(['format', 'version', 'view.metric', 'view.hiddenSeries']);
  // A null leaf is left out too: its field may take some other type (`source: null` or a string).
  const paths = leaves(wire).filter(
    (path) => !lenient.has(path.slice(0, 2).join('.')) && !lenient.has(String(path[0])) && getLeaf(wire, path) !== null,
  );

  it('a field of another type opens the default document part with a message, quickly (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.nat(), async (path, pick) => {
        const tampered = withLeaf(wire, path, otherType(getLeaf(wire, path), pick));
        const start = performance.now();
        const decoded = await decodeFragment(await fragmentOf(JSON.stringify(tampered)));
        expect(performance.now() - start).toBeLessThan(1000);
        expect(decoded).not.toBeNull();
        expect(restoreDocument(toWireDocument(decoded!.document)).problems).toEqual([]);
        expect({ path: path.join('.'), problems: decoded!.problems.length > 0 }).toEqual({
          path: path.join('.'),
          problems: true,
        });
      }),
      { numRuns: RUNS * 3, seed: SEED, endOnFailure: true },
    );
  });
});
