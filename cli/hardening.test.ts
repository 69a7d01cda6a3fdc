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

/** Runs the CLI and fails unless it was refused within `seconds` (up front, not after minutes of work). */
async function refusedQuickly(
  argv: string[],
  pattern: RegExp,
  files: Record<string, string | Uint8Array> = {},
  seconds = 3,
): Promise<void> {
  const start = performance.now();
  refused(await cli(argv, files), pattern);
  expect((performance.now() - start) / 1000).toBeLessThan(seconds);
}

const TOY_SAMPLED = ['--n', '10000', '--m', '99', '--sampled-ranks', 'fixtures/toy-sampled.csv', '--metrics', 'ap'];
const TOY_TRUE = ['--n', '10000', '--m', '99', '--ranks', 'fixtures/toy.csv', '--metrics', 'ap'];

describe('unbounded work is refused before it starts, with the bound and what the run would cost', () => {
  it('correct --n 1000000000 (a vector over 10^9 ranks)', async () => {
    const argv = ['correct', '--n', '1000000000', '--m', '99', '--metrics', 'ap', '--method', 'bv'];
    await refusedQuickly(
      argv,
      /^--n 1000000000, --m 99, 1 metric: the corrections hold n × metrics = 1\.0e9, more than the 1\.0e8 allowed \(about 17 GB of memory/,
    );
  });

  it('correct --m 5000 with cls and several metrics (the dense solves), and the printed vector of rank-estimate', async () => {
    const cls = ['correct', '--n', '10000', '--m', '5000', '--metrics', 'ap,ndcg', '--method', 'cls'];
    await refusedQuickly(cls, /^--m 5000, 2 metrics with cls: the corrections need distinct n × \(m \+ 1\)³/);
    const printed = ['correct', '--n', '10', '--m', '10000000', '--metrics', 'ap,ndcg', '--method', 'rank-estimate'];
    await refusedQuickly(
      printed,
      /^--m 10000000, 2 metrics: the output has values printed = 2\.0e7, more than the 1\.0e7/,
    );
  });

  it('expected --m 1000000000, and a large m on many rows', async () => {
    await refusedQuickly(
      ['expected', ...TOY_TRUE.slice(0, 2), '--m', '1000000000', ...TOY_TRUE.slice(4)],
      /^--m must be at most 10000000, got 1000000000/,
    );
    const rows = 'recommender,rank\n' + Array.from({ length: 40000 }, (_, i) => `A,${1 + (i % 9000)}\n`).join('');
    const argv = [
      'expected',
      '--n',
      '10000',
      '--m',
      '10000000',
      '--ranks',
      'r.csv',
      '--metrics',
      'ap,ndcg,auc,recall@10,ap@10,ndcg@10,recall@5,precision@5,recall@20,ndcg@20',
    ];
    await refusedQuickly(argv, /^--m 10000000, 10 metrics, 40000 rows of r\.csv: the expected sampled metrics need/, {
      'r.csv': rows,
    });
  });

  it('estimate --bootstrap 1000000000, and a bootstrap over 10^12 users', async () => {
    await refusedQuickly(
      ['estimate', ...TOY_SAMPLED, '--methods', 'sampled', '--bootstrap', '1000000000'],
      /^--bootstrap must be at most 1000000, got 1000000000/,
    );
    const huge = { 'h.csv': 'recommender,rank,count\nA,1,1000000000000\nA,2,5\n' };
    const argv = [
      'estimate',
      '--n',
      '10000',
      '--m',
      '99',
      '--sampled-ranks',
      'h.csv',
      '--metrics',
      'ap',
      '--methods',
      'sampled',
      '--bootstrap',
      '200',
    ];
    await refusedQuickly(argv, /^--bootstrap 200, .* users and rows in h\.csv: the bootstrap needs/, huge);
  });

  it('simulate over a histogram of 10^12 users, and too many repetitions', async () => {
    const huge = { 'h.csv': 'recommender,rank,count\nA,1,1000000000000\n' };
    const argv = [
      'simulate',
      '--n',
      '10000',
      '--m',
      '99',
      '--ranks',
      'h.csv',
      '--metrics',
      'ap',
      '--methods',
      'sampled',
      '--repeats',
      '10',
      '--seed',
      '1',
    ];
    await refusedQuickly(
      argv,
      /^--repeats 10, --m 99, 1\.0e12 users in h\.csv: the simulation needs .* \(about \d+ days; at the bound about 2 minutes\)/,
      huge,
    );
    const many = ['simulate', ...TOY_TRUE, '--methods', 'sampled', '--repeats', '100000000', '--seed', '1'];
    await refusedQuickly(many, /^--repeats must be at most 10000000, got 100000000/);
  });

  it('recover and estimate with a rank-distribution fit over a large n × m', async () => {
    const recover = [
      'recover',
      '--n',
      '1000000',
      '--m',
      '99',
      '--sampled-ranks',
      'fixtures/toy-sampled.csv',
      '--method',
      'mle',
    ];
    await refusedQuickly(
      recover,
      /^--n 1000000, --m 99: one rank-distribution fit may need n × m × max-iterations = 9\.9e11/,
    );
    const estimate = ['estimate', ...TOY_SAMPLED, '--methods', 'mle', '--bootstrap', '20000'];
    await refusedQuickly(
      estimate,
      /^--bootstrap 20000, --n 10000, --m 99, 60003 fits: the rank-distribution fits need fits × n × m = 5\.9e10/,
    );
  });

  it('recover with many distinct per-user n (their distributions would take gigabytes)', async () => {
    const rows = Array.from({ length: 3000 }, (_, i) => `A,${1 + (i % 5)},${100000 - i}`).join('\n');
    const argv = ['recover', '--n', '1000', '--m', '9', '--sampled-ranks', 'n.csv', '--method', 'mes'];
    const files = { 'n.csv': `recommender,rank,n\n${rows}\n` };
    await refusedQuickly(
      argv,
      /^n\.csv: 3000 distinct n \(largest 100000\): the distributions of every n hold Σ n/,
      files,
    );
  });

  it('a file beyond 64 MiB, a file of more than 1000 recommenders, a list of more than 100 metrics', async () => {
    const big = new Uint8Array(65 * 2 ** 20).fill(0x31);
    await refusedQuickly(
      ['exact', '--n', '10', '--ranks', 'big.csv', '--metrics', 'ap'],
      /^big\.csv: the file has 65 MiB, more than the 64 MiB a --ranks file may have/,
      { 'big.csv': big },
    );
    const names = 'recommender,rank\n' + Array.from({ length: 1001 }, (_, i) => `R${i},1\n`).join('');
    await refusedQuickly(
      ['exact', '--n', '10', '--ranks', 'r.csv', '--metrics', 'ap'],
      /^r\.csv: 1001 recommenders, more than the 1000 allowed/,
      { 'r.csv': names },
    );
    const metrics = Array.from({ length: 101 }, (_, k) => `recall@${k + 1}`).join(',');
    await refusedQuickly(
      ['exact', '--n', '10', '--ranks', 'fixtures/toy.csv', '--metrics', metrics],
      /^--metrics lists 101 items: at most 100/,
    );
  });

  it('simulate with every pair of 1000 recommenders (the ordering table)', async () => {
    const names = 'recommender,rank\n' + Array.from({ length: 1000 }, (_, i) => `R${i},1\n`).join('');
    const argv = [
      'simulate',
      '--n',
      '10',
      '--m',
      '5',
      '--ranks',
      'r.csv',
      '--metrics',
      'ap,auc',
      '--methods',
      'sampled',
      '--repeats',
      '1',
      '--seed',
      '1',
    ];
    await refusedQuickly(
      argv,
      /^1000 recommenders in r\.csv, 2 metrics, 1 methods: the output has rows of results = 1\.0e6/,
      { 'r.csv': names },
    );
  });
});

describe('progress on stderr: --progress in a pipeline, by default on a terminal, never with --quiet', () => {
  const simulate = ['simulate', ...TOY_TRUE, '--methods', 'sampled', '--repeats', '50', '--seed', '1', '--json'];

  it('--progress writes whole lines to a stderr that is not a terminal; stdout is the same document', async () => {
    const plain = await cli(simulate);
    const reported = await cli([...simulate, '--progress']);
    expect(plain.err).toBe('');
    expect(reported.code).toBe(0);
    expect(reported.out).toBe(plain.out);
    expect(reported.err.split('\n')).toEqual(
      expect.arrayContaining(['simulate: 1/50 repetitions', 'simulate: 50/50 repetitions']),
    );
    expect(reported.err).not.toContain('\r');
  });

  it('on a terminal progress is drawn on one line and cleared; --quiet silences it', async () => {
    const drawn = await cli(simulate, {}, { terminal: true });
    expect(drawn.err).toContain('\r\x1b[Ksimulate: 50/50 repetitions');
    expect(drawn.err.endsWith('\r\x1b[K')).toBe(true);
    expect((await cli([...simulate, '--quiet'], {}, { terminal: true })).err).toBe('');
    refused(await cli([...simulate, '--progress', '--quiet']), /^--progress and --quiet contradict each other/);
  });

  it('estimate --bootstrap counts the resamples of each recommender, recover its recommenders', async () => {
    const estimate = await cli(['estimate', ...TOY_SAMPLED, '--methods', 'sampled', '--bootstrap', '30', '--progress']);
    expect(estimate.err).toContain('estimate: bootstrap of C: 30/30 resamples\n');
    const recover = await cli(['recover', ...TOY_SAMPLED.slice(0, 6), '--method', 'mes', '--progress']);
    expect(recover.err).toContain('recover: 3/3 recommenders\n');
  });
});

describe('silent acceptance: empty list items, hexadecimal numbers, files that are not UTF-8', () => {
  it('--metrics auc, / auc,,ap and --methods sampled,,cls are refused naming the empty item', async () => {
    const correct = ['correct', '--n', '100', '--m', '9', '--method', 'ls', '--metrics'];
    refused(
      await cli([...correct, 'auc,']),
      /^--metrics: item 2 of the metric list "auc," is empty \(a comma at the end\)/,
    );
    refused(
      await cli([...correct, 'auc,,ap']),
      /^--metrics: item 2 of the metric list "auc,,ap" is empty \(a doubled comma\)/,
    );
    const methods = await cli(['estimate', ...TOY_SAMPLED, '--methods', 'sampled,,cls']);
    refused(methods, /^--methods: item 2 of the method list "sampled,,cls" is empty/);
  });

  it('--gamma 0x1, --method bv:0x1 and --methods bv:0x1 are refused as integer options refuse hex', async () => {
    const correct = ['correct', '--n', '100', '--m', '9', '--metrics', 'ap', '--method'];
    refused(await cli([...correct, 'bv', '--gamma', '0x1']), /^--gamma must be a number, got "0x1"/);
    refused(await cli([...correct, 'bv:0x1']), /^--method bv:0x1: γ must be a number in \[0, 1\]/);
    refused(
      await cli(['estimate', ...TOY_SAMPLED, '--methods', 'bv:0x1']),
      /^--methods: method "bv:0x1": "0x1" is not a decimal number/,
    );
    expect((await cli([...correct, 'bv', '--gamma', '1e-1'])).code).toBe(0);
  });

  it('a rank or prior file that is not UTF-8 is refused with its line, not read with U+FFFD in a name', async () => {
    const latin1 = Uint8Array.from([...new TextEncoder().encode('recommender,rank\nA,1\nCaf'), 0xe9, 0x2c, 0x32, 0x0a]);
    const exact = await cli(['exact', '--n', '10', '--ranks', 'r.csv', '--metrics', 'ap'], { 'r.csv': latin1 });
    refused(exact, /^r\.csv:3: the file is not UTF-8 text \(byte 0xE9, the line's byte 4\)/);
    const prior = Uint8Array.from([...new TextEncoder().encode('rank,weight\n1,1\n2,'), 0xff, 0x0a]);
    const correct = await cli(
      ['correct', '--n', '10', '--m', '3', '--metrics', 'ap', '--method', 'ls', '--prior', 'p.csv'],
      { 'p.csv': prior },
    );
    refused(correct, /^p\.csv:3: the file is not UTF-8 text/);
  });
});

describe('messages', () => {
  it('an empty prior file suggests the header rank,weight', async () => {
    const result = await cli(
      ['correct', '--n', '10', '--m', '3', '--metrics', 'ap', '--method', 'ls', '--prior', 'p.csv'],
      { 'p.csv': '' },
    );
    refused(result, /^p\.csv: the file is empty \(expected a header line such as "rank,weight"\)\n$/);
  });

  const few = { 'few.csv': 'recommender,rank\nA,1\nA,2\nB,3\n' };
  const setup = ['--n', '100', '--m', '9', '--metrics', 'ap'];

  it('recover names the recommender once, and the file', async () => {
    const result = await cli(
      ['recover', '--n', '100', '--m', '9', '--sampled-ranks', 'few.csv', '--method', 'mle'],
      few,
    );
    refused(result, /^few\.csv: recommender "B" has 1 instance: at least 2 are needed\n$/);
  });

  it('simulate and estimate with too few instances name the file', async () => {
    const simulate = await cli(
      ['simulate', ...setup, '--ranks', 'few.csv', '--methods', 'mle', '--repeats', '2', '--seed', '1'],
      few,
    );
    refused(simulate, /^few\.csv: recommender "B" has fewer than 2 instances: mle needs at least 2\n$/);
    const estimate = await cli(['estimate', ...setup, '--sampled-ranks', 'few.csv', '--methods', 'mle'], few);
    refused(estimate, /^few\.csv: recommender "B" has 1 instance: at least 2 are needed\n$/);
    const bootstrap = await cli(
      ['estimate', ...setup, '--sampled-ranks', 'few.csv', '--methods', 'mle', '--bootstrap', '5'],
      few,
    );
    refused(bootstrap, /^few\.csv: recommender "B" has 1 instance: at least 2 are needed\n$/);
  });
});
