/**
 * The CLI's golden outputs: a fixed set of commands (every command, both sampling laws, several relevant items, per-user
 * n, ties, MovieLens NCF with bootstrap intervals) whose `--json` output is committed byte for byte in
 * test/fixtures/cli/golden.json (its SHA-256, and its first characters to show where a change begins). golden.test.ts re-runs each and compares the bytes: a refactoring that changes no
 * number leaves every output identical. Regenerate (only when a change of numbers is intended, and say so in the
 * commit) with `node bin/tsx-run.mjs scripts/fixtures/cliGolden.ts`.
 */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../', import.meta.url));

/** The shipped MovieLens files, read as inline files of the in-process CLI (cli/testing.ts). */
export function goldenFiles(): Record<string, string> {
  const read = (name: string) => readFileSync(`${ROOT}public/datasets/${name}`, 'utf8');
  return {
    'ncf.csv': read('movielens-1m-ncf-sampled-ranks.csv'),
    'true.csv': read('movielens-1m-true-ranks.csv'),
    // 300 users of Y with their own n, for the per-user-n models that fit every user's exact kernel.
    'ncf-small.csv': read('movielens-1m-ncf-sampled-ranks.csv')
      .split('\n')
      .filter((line, i) => i === 0 || line.startsWith('Y,'))
      .slice(0, 301)
      .join('\n'),
    // The toy example's sampled ranks with three catalogue sizes, for one fit per distinct n (`separate`).
    'toy-sampled-n.csv': readFileSync(`${ROOT}test/fixtures/cli/toy-sampled.csv`, 'utf8')
      .trim()
      .split('\n')
      .map((line, i) => (i === 0 ? `${line},n` : `${line},${[9000, 10000, 12000][i % 3]}`))
      .join('\n'),
  };
}

const LAWS = ['with-replacement', 'without-replacement'] as const;
const TOY = ['--n', '10000', '--ranks', 'fixtures/toy.csv'];
const TOY_SAMPLED = ['--n', '10000', '--m', '99', '--sampled-ranks', 'fixtures/toy-sampled.csv'];
const ALL_METHODS = 'sampled,rank-estimate,ls,cls,bv:0.1,bv:1,mle,wmle,mes,bv-dist:0.1';

/** Every command line of the golden set (without `--json`, which the runner adds). */
export function goldenCommands(): string[][] {
  const commands: string[][] = [
    ['exact', ...TOY, '--metrics', 'auc,ap,ndcg,recall@10,precision@5,ap@10,ndcg@10'],
    ['exact', '--n', '10', '--ranks', 'fixtures/multi.csv', '--metrics', 'auc,ap,ndcg,recall@3,ap@3'],
    ['exact', '--n', '5000', '--ranks', 'true.csv', '--metrics', 'auc,ap,ndcg@10,recall@10', '--ties', 'random'],
    ['variants', '--n', '20', '--ranks', 'fixtures/graded.csv', '--k', '5'],
    ['variants', '--n', '20', '--ranks', 'fixtures/graded.csv', '--k', '5', '--ties', 'random'],
  ];
  for (const law of LAWS) {
    const sampling = ['--sampling', law];
    commands.push(
      ['expected', ...TOY, '--m', '99', '--metrics', 'auc,ap,ndcg,recall@10,ndcg@10', ...sampling],
      [
        'expected',
        '--n',
        '10',
        '--m',
        '5',
        '--ranks',
        'fixtures/multi.csv',
        '--metrics',
        'ap,ndcg,recall@3',
        ...sampling,
      ],
      [
        'expected',
        '--n',
        '5000',
        '--m',
        '99',
        '--ranks',
        'true.csv',
        '--metrics',
        'recall@10,ndcg@10,auc',
        ...sampling,
      ],
      [
        'expected',
        '--n',
        '5000',
        '--m',
        '99',
        '--ranks',
        'true.csv',
        '--metrics',
        'recall@10',
        '--ties',
        'random',
        ...sampling,
      ],
    );
    for (const method of ['rank-estimate', 'ls', 'cls', 'bv']) {
      commands.push([
        'correct',
        '--n',
        '1000',
        '--m',
        '20',
        '--metrics',
        'ap,recall@5,ndcg',
        '--method',
        method,
        ...sampling,
      ]);
    }
    commands.push(
      ['correct', '--n', '1000', '--m', '20', '--metrics', 'ap', '--method', 'bv', '--gamma', '1', ...sampling],
      [
        'correct',
        '--n',
        '1000',
        '--m',
        '20',
        '--metrics',
        'ndcg@5',
        '--method',
        'cls',
        '--prior',
        'fixtures/prior.csv',
        ...sampling,
      ],
      [
        'correct',
        '--n',
        '1000',
        '--m',
        '20',
        '--metrics',
        'auc',
        '--method',
        'bv',
        '--gamma',
        '0.01',
        '--prior',
        'fixtures/prior.csv',
        ...sampling,
      ],
      [
        'correct',
        '--n',
        '200000',
        '--m',
        '100',
        '--metrics',
        'ap,recall@10',
        '--method',
        'bv',
        '--gamma',
        '0.1',
        ...sampling,
      ],
      ['correct', '--n', '20000', '--m', '100', '--metrics', 'ndcg', '--method', 'cls', ...sampling],
      ['estimate', ...TOY_SAMPLED, '--metrics', 'auc,ap,ndcg,recall@10', '--methods', ALL_METHODS, ...sampling],
      [
        'estimate',
        ...TOY_SAMPLED,
        '--metrics',
        'ap,recall@10',
        '--methods',
        'sampled,cls,bv:0.1,mle,mes',
        '--bootstrap',
        '8',
        '--seed',
        '3',
        '--compare',
        ...sampling,
      ],
      [
        'estimate',
        '--n',
        '3700',
        '--m',
        '99',
        '--sampled-ranks',
        'ncf.csv',
        '--metrics',
        'recall@10,ndcg@10,auc',
        '--methods',
        'sampled,cls,bv:0.1,mle,wmle,mes,bv-dist:0.1',
        '--bootstrap',
        '10',
        '--seed',
        '5',
        '--compare',
        ...sampling,
      ],
      [
        'simulate',
        ...TOY,
        '--m',
        '99',
        '--metrics',
        'ap,recall@10,ndcg',
        '--methods',
        'sampled,rank-estimate,cls,bv:0.1,mle',
        '--repeats',
        '30',
        '--seed',
        '7',
        ...sampling,
      ],
      [
        'simulate',
        '--n',
        '10',
        '--m',
        '5',
        '--ranks',
        'fixtures/multi.csv',
        '--metrics',
        'ap,recall@3',
        '--methods',
        'sampled,bv:0.1',
        '--repeats',
        '50',
        '--seed',
        '2',
        ...sampling,
      ],
      [
        'simulate',
        '--n',
        '5000',
        '--m',
        '99',
        '--ranks',
        'true.csv',
        '--metrics',
        'recall@10,ndcg@10',
        '--methods',
        'sampled,bv:0.1,mle',
        '--repeats',
        '2',
        '--seed',
        '11',
        '--ties',
        'random',
        ...sampling,
      ],
    );
    for (const method of ['mle', 'wmle', 'mes', 'bv-dist:0.1']) {
      commands.push(['recover', ...TOY_SAMPLED, '--method', method, ...sampling]);
    }
    commands.push(
      ['recover', ...TOY_SAMPLED, '--method', 'mle', '--algorithm', 'newton', '--tolerance', '1e-9', ...sampling],
      ['recover', ...TOY_SAMPLED, '--method', 'wmle:ap:5', '--algorithm', 'squarem', ...sampling],
      ['recover', '--n', '3700', '--m', '99', '--sampled-ranks', 'ncf.csv', '--method', 'mle', ...sampling],
      ['recover', '--n', '3700', '--m', '99', '--sampled-ranks', 'ncf.csv', '--method', 'mes', ...sampling],
      [
        'recover',
        '--n',
        '3700',
        '--m',
        '99',
        '--sampled-ranks',
        'ncf-small.csv',
        '--method',
        'mes',
        '--per-user-n',
        'shared',
        ...sampling,
      ],
      [
        'recover',
        '--n',
        '3700',
        '--m',
        '99',
        '--sampled-ranks',
        'ncf-small.csv',
        '--method',
        'wmle',
        '--per-user-n',
        'shared',
        ...sampling,
      ],
      [
        'estimate',
        '--n',
        '3700',
        '--m',
        '99',
        '--sampled-ranks',
        'toy-sampled-n.csv',
        '--metrics',
        'recall@10,ap',
        '--methods',
        'mle,mes,bv-dist:0.1',
        '--per-user-n',
        'separate',
        ...sampling,
      ],
    );
  }
  commands.push([
    'recover',
    '--n',
    '3700',
    '--m',
    '99',
    '--sampled-ranks',
    'ncf.csv',
    '--method',
    'mle',
    '--per-user-n',
    'interpolated',
    '--sampling',
    'without-replacement',
  ]);
  return commands;
}
