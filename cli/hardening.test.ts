/**
 * Inputs that once crashed, hung or passed silently (issue "Hardening"): each case failed before its fix. Every bad
 * input must end with exit 2, one message naming what is wrong, and nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { cli, cliJson } from './testing.ts';

const HUGE_PRIOR = 'rank,weight\n1,1e308\n2,1e308\n';
const SAME_PRIOR = 'rank,weight\n1,1\n2,1\n';

function refused(result: { code: number; out: string; err: string }, pattern: RegExp): void {
  expect(result.code).toBe(2);
  expect(result.out).toBe('');
  expect(result.err).toMatch(pattern);
  expect(result.err).not.toMatch(/\bat \w+ \(|TypeError|RangeError/);
}

describe('prior weights near the largest double', () => {
  it('correct --method bv gives the same vector as the same prior written with small weights', async () => {
    const argv = ['correct', '--n', '10000', '--m', '99', '--metrics', 'ap', '--method', 'bv', '--prior', 'p.csv'];
    const huge = await cliJson(argv, { 'p.csv': HUGE_PRIOR });
    const small = await cliJson(argv, { 'p.csv': SAME_PRIOR });
    expect(huge).toEqual(small);
  });

  it('simulate --methods cls with such a prior gives the same (non-zero) estimates', async () => {
    const argv = ['simulate', '--n', '10000', '--m', '99', '--ranks', 'fixtures/toy.csv', '--metrics', 'ap'];
    const rest = ['--methods', 'cls', '--repeats', '5', '--seed', '1', '--prior', 'p.csv'];
    const huge = await cliJson<{ results: { mean: number }[] }>([...argv, ...rest], { 'p.csv': HUGE_PRIOR });
    const small = await cliJson<{ results: { mean: number }[] }>([...argv, ...rest], { 'p.csv': SAME_PRIOR });
    expect(huge).toEqual(small);
    expect(huge.results.some((e) => e.mean !== 0)).toBe(true);
  });
});

describe('m too large for a dense correction system', () => {
  it('correct --m 100000 --method bv is refused with the bound, not a RangeError', async () => {
    const result = await cli(['correct', '--n', '10000', '--m', '100000', '--metrics', 'ap', '--method', 'bv']);
    refused(result, /m = 100000 is too large .*at most m = 5000/);
  });

  it('estimate with bv-dist at such an m likewise', async () => {
    const result = await cli(
      ['estimate', '--n', '1000000', '--m', '100000', '--sampled-ranks', 's.csv', '--metrics', 'ap'].concat(
        '--methods',
        'bv-dist:0.1',
      ),
      { 's.csv': 'recommender,rank\nA,1\nA,3\n' },
    );
    refused(result, /too large .*at most m = 5000/);
  });
});
