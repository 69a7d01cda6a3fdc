/**
 * The bounds of cli/bounds.ts: docs/cli.md and the README list every one of them, the runs the README benchmarks sit
 * at or under them, and just beyond is refused.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { singleRankData } from '../src/core/index.ts';
import { LIMITS, scientific, WORK_BOUNDS } from './bounds.ts';
import { UsageError } from './errors.ts';
import { checkCorrections, checkFits, type Workload } from './workload.ts';

const read = (path: string) => readFileSync(new URL(path, import.meta.url), 'utf8').replaceAll('`', '');
const CLI_DOC = read('../docs/cli.md');
const README = read('../README.md');

/** 1e9 → "10^9", 2e10 → "2·10^10", 1.5e11 → "1.5·10^11": how the documents write a bound. */
function power(value: number): string {
  const exponent = Math.floor(Math.log10(value));
  const mantissa = value / 10 ** exponent;
  return mantissa === 1 ? `10^${exponent}` : `${mantissa}·10^${exponent}`;
}

describe('the documented bounds', () => {
  it('docs/cli.md gives every product and its bound, and every plain cap', () => {
    for (const bound of Object.values(WORK_BOUNDS)) {
      if (bound.resource !== 'output') expect(CLI_DOC).toContain(bound.product);
      expect(CLI_DOC).toContain(`| ${power(bound.limit)} |`);
    }
    const caps = [LIMITS.sampleSize, LIMITS.repeats, LIMITS.bootstrap, LIMITS.maxIterations, LIMITS.recommenders];
    for (const cap of caps) expect(CLI_DOC).toContain(cap.toLocaleString('en-US'));
    expect(CLI_DOC).toContain(`at most ${LIMITS.listItems} items`);
    expect(CLI_DOC).toContain(`${LIMITS.fileBytes / 2 ** 20} MiB`);
  });

  it("the README's reliability paragraph gives each bound", () => {
    const paragraph = README.slice(README.indexOf('**Reliability.**'), README.indexOf('### Input formats'));
    for (const bound of Object.values(WORK_BOUNDS)) expect(paragraph).toContain(power(bound.limit));
    for (const cap of [LIMITS.sampleSize, LIMITS.repeats, LIMITS.bootstrap, LIMITS.maxIterations]) {
      expect(paragraph).toContain(power(cap));
    }
    expect(paragraph).toContain(`${LIMITS.fileBytes / 2 ** 20} MiB`);
    expect(paragraph).toContain(`${LIMITS.listItems} metrics`);
  });
});

function workload(itemCount: number, sampleSize: number, metrics = 1): Workload {
  const recommenders = [singleRankData('A', [1, 2], [1, 1])];
  return { command: 'test', itemCount, sampleSize, recommenders, file: 'r.csv', metrics, methods: [] };
}

describe('the bounds admit the benchmarked runs and refuse just beyond', () => {
  it("the README's bv run, n = 10^7 and m = 1,000 with one metric (~30 s), is at the corrections' bound", () => {
    expect(() => checkCorrections(workload(1e7, 1000), ['bv'])).not.toThrow();
    expect(() => checkCorrections(workload(1e7 + 10, 1000), ['bv'])).toThrow(UsageError);
    expect(() => checkCorrections(workload(1e6, 1000, 10), ['bv'])).not.toThrow();
  });

  it('cls at m = 2,000 with two metrics passes its dense systems; m = 5,000 (>5 minutes) does not', () => {
    expect(() => checkCorrections(workload(1e4, 2000, 2), ['cls'])).not.toThrow();
    expect(() => checkCorrections(workload(1e4, 5000, 1), ['cls'])).toThrow(/distinct n × \(m \+ 1\)³/);
    expect(() => checkCorrections(workload(1e4, 5000, 1), ['bv'])).not.toThrow();
  });

  it("mle at the README's n = 10^5, m = 100 is at one fit's bound with the default iteration cap", () => {
    const mle = { ...workload(1e5, 100), methods: [{ kind: 'mle', id: 'mle' } as const] };
    expect(() => checkFits(mle, 1)).not.toThrow();
    expect(() => checkFits({ ...mle, maxIterations: 20_000 }, 1)).toThrow(/n × m × max-iterations = 2\.0e11/);
  });

  it('writes the numbers of its messages as integers below 10^5, in exponent form above', () => {
    expect([scientific(60003), scientific(1e9), scientific(1.5e11)]).toEqual(['60003', '1.0e9', '1.5e11']);
  });
});
