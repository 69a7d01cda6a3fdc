/**
 * The text of an input file from its bytes, decoded as UTF-8 strictly (`TextDecoder` with `fatal: true`): a file in
 * another encoding (Latin-1, UTF-16, …) is refused with the line of its first bad byte instead of turning that byte
 * into U+FFFD inside a recommender's name. Shared by the CLI (cli/inputs.ts) and the app's worker (workers/jobs.ts).
 * Example: decodeUtf8(Uint8Array.of(0x41, 0x0a, 0xe9), 'r.csv') fails with "r.csv:2: the file is not UTF-8 text
 * (byte 0xE9, the line's byte 1): …". A leading byte-order mark is dropped.
 */
import type { Parsed } from './fileError.ts';
import { fail, ok } from './fileError.ts';

const ADVICE = 'save it as UTF-8 (a spreadsheet: "CSV UTF-8")';

export function decodeUtf8(bytes: Uint8Array, file: string): Parsed<string> {
  try {
    return ok(new TextDecoder('utf-8', { fatal: true }).decode(bytes));
  } catch (error) {
    if (!(error instanceof TypeError)) throw error;
  }
  if ((bytes[0] === 0xff && bytes[1] === 0xfe) || (bytes[0] === 0xfe && bytes[1] === 0xff)) {
    return fail(file, null, null, `the file is UTF-16 text, not UTF-8: ${ADVICE}`);
  }
  const at = firstInvalidByte(bytes);
  let line = 1;
  let lineStart = 0;
  for (let i = 0; i < at; i++) {
    if (bytes[i] === 0x0a) {
      line++;
      lineStart = i + 1;
    }
  }
  const byte = `0x${bytes[at].toString(16).toUpperCase().padStart(2, '0')}`;
  const column = at - lineStart + 1;
  return fail(file, line, null, `the file is not UTF-8 text (byte ${byte}, the line's byte ${column}): ${ADVICE}`);
}

/**
 * The offset of the first byte that does not belong to a well-formed UTF-8 sequence (the Unicode standard's
 * table 3-7: no overlong forms, no surrogates, nothing above U+10FFFF), or bytes.length when there is none.
 */
export function firstInvalidByte(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let low = 0x80;
    let high = 0xbf;
    if (b >= 0xc2 && b <= 0xdf) length = 2;
    else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) low = 0xa0;
      if (b === 0xed) high = 0x9f;
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) low = 0x90;
      if (b === 0xf4) high = 0x8f;
    } else return i;
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined) return i;
      if (k === 1 ? c < low || c > high : c < 0x80 || c > 0xbf) return i;
    }
    i += length;
  }
  return bytes.length;
}
