/**
 * The cache key of a figure's request, derived from the whole request rather than written by hand: a stable text of
 * every field (object keys sorted), with typed arrays — rank data, a prior's weights — fingerprinted by content, so
 * that a figure recomputes when any input changes and only then (the store may hand over a new object holding the
 * same ranks, e.g. after saving or restoring the work).
 */

/**
 * Arrays longer than this are told apart by identity: hashing them would block the page (10^6 values take 20–50 ms
 * on the 2-core machine, the first time a summary or figure keys new data).
 */
export const HASHED_VALUES = 250_000;
/** Plain arrays longer than this are fingerprinted like typed arrays instead of written out. */
const WRITTEN_VALUES = 64;

const fingerprints = new WeakMap<object, string>();
let nextId = 0;

type NumberArray = ArrayLike<number> & object;

/**
 * Two 32-bit FNV-1a style hashes of the values' bits (a change of any value, or of their order, changes them). A
 * typed array is read as its 32-bit words in place (the key names its kind); other arrays as doubles.
 */
function hashValues(values: NumberArray): string {
  const aligned = ArrayBuffer.isView(values) && values.byteOffset % 4 === 0 && values.byteLength % 4 === 0;
  const view = aligned ? (values as ArrayBufferView) : Float64Array.from(values);
  const words = new Uint32Array(view.buffer, view.byteOffset, view.byteLength / 4);
  let a = 0x811c9dc5;
  let b = 0x01000193;
  for (let i = 0; i < words.length; i++) {
    a = Math.imul(a ^ words[i], 0x01000193);
    b = Math.imul(b ^ words[i], 0x5bd1e995) ^ (b >>> 13);
  }
  return `${(a >>> 0).toString(36)}.${(b >>> 0).toString(36)}`;
}

/** A fingerprint of an array of numbers, cached per array object: its length and content hash (or its identity). */
function fingerprint(values: NumberArray): string {
  let key = fingerprints.get(values);
  if (key === undefined) {
    const kind = ArrayBuffer.isView(values) ? values.constructor.name : 'Array';
    key =
      values.length > HASHED_VALUES
        ? `${kind}(${values.length})@${++nextId}`
        : `${kind}(${values.length}):${hashValues(values)}`;
    fingerprints.set(values, key);
  }
  return key;
}

function isNumberArray(value: unknown): value is NumberArray {
  return (
    (ArrayBuffer.isView(value) && !(value instanceof DataView)) ||
    (Array.isArray(value) && value.length > WRITTEN_VALUES && value.every((v) => typeof v === 'number'))
  );
}

function keyOf(value: unknown): string {
  if (value === undefined) return 'u';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : `(${value})`; // NaN is not null
  if (value === null || typeof value === 'boolean' || typeof value === 'string') return JSON.stringify(value);
  if (isNumberArray(value)) return `#${fingerprint(value)}`;
  if (Array.isArray(value)) return `[${value.map(keyOf).join(',')}]`;
  if (typeof value === 'object') {
    const fields = Object.keys(value)
      .filter((k) => (value as Record<string, unknown>)[k] !== undefined)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${keyOf((value as Record<string, unknown>)[k])}`);
    return `{${fields.join(',')}}`;
  }
  throw new TypeError(`a figure request holds a ${typeof value}, which has no key`);
}

/**
 * A text naming every input of a request: equal for equal content, different when any field, any value of a typed
 * array or the prior changes. Example: requestKey({ n: 10, prior: { kind: 'power', exponent: 2 } }) →
 * '{"n":10,"prior":{"exponent":2,"kind":"power"}}'.
 */
export function requestKey(request: unknown): string {
  return keyOf(request);
}
