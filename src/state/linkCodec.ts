/**
 * The URL fragment codec: `#v1.PAYLOAD`, where PAYLOAD is the document as JSON (restore.ts: toWireDocument),
 * deflated (the platform's CompressionStream) and written in base64url. The fragment never reaches a server.
 * Decoding never throws and never runs anything: a fragment that is truncated, altered, too large or from a newer
 * format gives the defaults (or what could be validated) and a message saying what happened.
 */
import { formatInteger } from '../core/labels.ts';
import { DOCUMENT_VERSION, type ExplorerDocument } from './document.ts';
import { linkDocument, restoreDocument, toWireDocument, type Restored } from './restore.ts';

/** Longest fragment a link may carry: longer links get cut by mail and chat programs. */
export const MAX_FRAGMENT_LENGTH = 16_000;
/** A link's document may not inflate beyond this (a deflate bomb stops here). */
export const MAX_DECODED_BYTES = 4_000_000;
/** Documents with more ranks than this cannot fit in a link at all; they are not even compressed. */
const MAX_LINK_RANKS = 100_000;

export type LinkEncoding =
  { readonly ok: true; readonly fragment: string } | { readonly ok: false; readonly reason: string };

export interface DecodedLink extends Restored {
  /** True when the fragment could not be read at all and the document is the default. */
  readonly failed: boolean;
}

async function pump(input: Uint8Array, stream: CompressionStream | DecompressionStream, limit: number) {
  const writer = stream.writable.getWriter();
  writer.write(input as Uint8Array<ArrayBuffer>).catch(() => {});
  writer.close().catch(() => {});
  const reader = stream.readable.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > limit) {
      await reader.cancel().catch(() => {});
      throw new RangeError('too large');
    }
    chunks.push(value);
  }
  const out = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.length;
  }
  return out;
}

function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(text: string): Uint8Array {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

function rankCount(document: ExplorerDocument): number {
  return document.recommenders.reduce((s, r) => s + (r.data?.ranks.length ?? 0) + (r.text?.length ?? 0) / 4, 0);
}

/**
 * The fragment (with its `#`) for a document, or why the document is too large for a link. Data from built-in
 * data sets are named rather than carried (restore.ts: linkDocument), so such links stay short at any size.
 */
export async function encodeFragment(full: ExplorerDocument): Promise<LinkEncoding> {
  const document = linkDocument(full);
  const tooLarge = (size: string) => ({
    ok: false as const,
    reason: `The data are too large for a link (${size}; a link holds at most ${formatInteger(MAX_FRAGMENT_LENGTH)}).`,
  });
  if (rankCount(document) > MAX_LINK_RANKS) return tooLarge(`over ${formatInteger(MAX_LINK_RANKS)} ranks`);
  const json = new TextEncoder().encode(JSON.stringify(toWireDocument(document)));
  const packed = await pump(json, new CompressionStream('deflate-raw'), Infinity);
  const fragment = `#v${DOCUMENT_VERSION}.${toBase64Url(packed)}`;
  if (fragment.length > MAX_FRAGMENT_LENGTH) return tooLarge(`${formatInteger(fragment.length)} characters`);
  return { ok: true, fragment };
}

function failure(reason: string): DecodedLink {
  return { ...restoreDocument({}), problems: [reason], failed: true };
}

/**
 * Reads a location hash. Null when there is no explorer state in it (an empty hash); otherwise the restored
 * document and any problems, with `failed` when nothing could be used.
 */
export async function decodeFragment(hash: string): Promise<DecodedLink | null> {
  const text = hash.startsWith('#') ? hash.slice(1) : hash;
  if (text === '') return null;
  const match = /^v(\d{1,6})\.([A-Za-z0-9_-]*)$/.exec(text);
  if (!match) return failure('the part of the link after “#” is not a saved view of this explorer');
  if (text.length > MAX_FRAGMENT_LENGTH * 4) return failure('the link is far longer than any this explorer makes');
  const version = Number(match[1]);
  if (version > DOCUMENT_VERSION) {
    return failure(
      `the link was made by a newer version of this explorer (link format v${version}; this one reads v${DOCUMENT_VERSION})`,
    );
  }
  if (version < 1) return failure(`the link's format v${match[1]} is not one this explorer ever made`);
  let json: string;
  try {
    const bytes = await pump(fromBase64Url(match[2]), new DecompressionStream('deflate-raw'), MAX_DECODED_BYTES);
    json = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch (error) {
    const large = error instanceof RangeError && error.message === 'too large';
    return failure(
      large ? 'the link expands to more data than any this explorer makes' : 'the link is damaged or cut short',
    );
  }
  let raw: unknown;
  try {
    raw = JSON.parse(json);
  } catch {
    return failure('the link is damaged (its contents are not readable)');
  }
  const restored = restoreDocument(raw);
  const failed = typeof raw !== 'object' || raw === null || Array.isArray(raw);
  return { ...restored, failed };
}
