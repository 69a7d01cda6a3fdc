/**
 * Every command of the golden set (golden.ts) prints, with `--json`, exactly the bytes recorded in
 * test/fixtures/cli/golden.json: refactorings of the core change no number. A changed output fails with the first
 * characters where it differs from the recorded one.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { goldenCommands, goldenFiles } from './golden.ts';
import { cli, FIXTURES } from './testing.ts';

interface GoldenCase {
  readonly argv: string[];
  readonly bytes: number;
  readonly sha256: string;
  readonly head: string;
}

const recorded: GoldenCase[] = JSON.parse(readFileSync(`${FIXTURES}golden.json`, 'utf8'));
const files = goldenFiles();

describe('the CLI golden outputs', () => {
  it('records every command of the golden set, in order', () => {
    expect(recorded.map((c) => c.argv)).toEqual(goldenCommands());
  });

  // Whole CLI runs (the NCF bootstrap fits 7 estimators 11 times: 2–3 s idle, 6–7 s at load 6): a timeout far from that.
  it.each(recorded.map((c) => [c.argv.join(' '), c] as const))('%s', { timeout: 120_000 }, async (_, golden) => {
    const result = await cli([...golden.argv, '--json'], files);
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
    const sha256 = createHash('sha256').update(result.out).digest('hex');
    if (sha256 !== golden.sha256) {
      // Show the first difference: the recorded head against the same stretch of today's output.
      let at = 0;
      while (at < golden.head.length && golden.head[at] === result.out[at]) at++;
      const window = (text: string) => text.slice(Math.max(0, at - 200), at + 200);
      expect({ at, output: window(result.out) }).toEqual({ at, output: window(golden.head) });
      expect(Buffer.byteLength(result.out)).toBe(golden.bytes);
    }
    expect(sha256).toBe(golden.sha256);
  });
});
