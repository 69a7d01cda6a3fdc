/**
 * Bad input is the user's error: a message on stderr naming the option, or the file, line and value; exit status 2;
 * nothing on stdout.
 */
import { describe, expect, it } from 'vitest';
import { argv, cli } from './testing.ts';

const RANKS = ['--ranks', 'r.csv'];
const GOOD = { 'r.csv': 'recommender,rank\nA,1\nA,5\n' };

/** [title, argv, inline files, text the message must contain] */
type Case = [string, string[], Record<string, string>, string];

/** `correct --n 10 --m 3 --metrics ap` and more options. */
const correctArgs = (...options: string[]): string[] => [
  ...argv('correct', { n: 10, m: 3, metrics: 'ap' }),
  ...options,
];

/** `correct` with a prior file p.csv of the given text, and the message it must give. */
const priorCase = (title: string, prior: string, message: string): Case => [
  title,
  correctArgs('--method', 'ls', '--prior', 'p.csv'),
  { 'p.csv': prior },
  message,
];

const exact = (ranks: string, n = '10000'): string[] => [
  'exact',
  '--n',
  n,
  '--ranks',
  'ranks.csv',
  '--metrics',
  'auc',
  ranks,
];

const optionCases: Case[] = [
  ['n < 2', ['exact', '--n', '1', ...RANKS, '--metrics', 'auc'], GOOD, '--n must be at least 2, got 1'],
  ['non-integer n', ['exact', '--n', '10.5', ...RANKS, '--metrics', 'auc'], GOOD, '--n must be an integer, got "10.5"'],
  ['m < 1', ['expected', '--n', '10', '--m', '0', ...RANKS, '--metrics', 'auc'], GOOD, '--m must be at least 1, got 0'],
  [
    'non-integer m',
    ['expected', '--n', '10', '--m', 'ten', ...RANKS, '--metrics', 'auc'],
    GOOD,
    '--m must be an integer, got "ten"',
  ],
  [
    'm > n − 1 without replacement',
    ['expected', '--n', '10', '--m', '10', ...RANKS, '--metrics', 'auc', '--sampling', 'without-replacement'],
    GOOD,
    '--m 10 is larger than the n − 1 = 9 irrelevant items',
  ],
  [
    'm > n − 1 without replacement (correct)',
    ['correct', '--n', '10', '--m', '12', '--metrics', 'auc', '--method', 'ls', '--sampling=without-replacement'],
    {},
    '--m 12 is larger than the n − 1 = 9',
  ],
  [
    'unknown sampling',
    ['expected', '--n', '10', '--m', '3', ...RANKS, '--metrics', 'auc', '--sampling', 'often'],
    GOOD,
    '--sampling: unknown sampling "often"',
  ],
  ['unknown metric', ['exact', '--n', '10', ...RANKS, '--metrics', 'auc,mrt'], GOOD, '--metrics: unknown metric "mrt"'],
  [
    'metric without its cut-off',
    ['exact', '--n', '10', ...RANKS, '--metrics', 'recall'],
    GOOD,
    'metric "recall" needs a cut-off',
  ],
  [
    'empty metric list',
    ['exact', '--n', '10', ...RANKS, '--metrics', ','],
    GOOD,
    '--metrics: the metric list is empty',
  ],
  ['unknown method', correctArgs('--method', 'magic'), {}, '--method: unknown method "magic"'],
  ['γ > 1', correctArgs('--method', 'bv', '--gamma', '1.5'), {}, '--gamma must be in [0, 1], got 1.5'],
  ['γ < 0', correctArgs('--method', 'bv', '--gamma', '-0.1'), {}, '--gamma must be in [0, 1], got -0.1'],
  ['γ not a number', correctArgs('--method', 'bv', '--gamma', 'x'), {}, '--gamma must be a number, got "x"'],
  ['γ > 1 after bv:', correctArgs('--method', 'bv:2'), {}, 'γ must be a number in [0, 1]'],
  [
    'γ for a method without γ',
    correctArgs('--method', 'ls', '--gamma', '0.1'),
    {},
    '--gamma applies only to --method bv',
  ],
  [
    'unknown option',
    ['exact', '--n', '10', ...RANKS, '--metrics', 'auc', '--fast'],
    GOOD,
    'unknown option --fast for "exact"',
  ],
  [
    'option of another command',
    ['exact', '--n', '10', '--m', '5', ...RANKS, '--metrics', 'auc'],
    GOOD,
    'unknown option --m for "exact"',
  ],
  ['missing required option', ['exact', '--n', '10', '--metrics', 'auc'], GOOD, 'missing required option --ranks FILE'],
  ['option without its value', ['exact', '--metrics', 'auc', ...RANKS, '--n'], GOOD, 'option --n needs a value (N)'],
  [
    'option followed by another option',
    ['exact', '--n', '--metrics', 'auc', ...RANKS],
    GOOD,
    'option --n needs a value (N)',
  ],
  [
    'option given twice',
    ['exact', '--n', '10', '--n', '11', ...RANKS, '--metrics', 'auc'],
    GOOD,
    'option --n is given twice',
  ],
  [
    'stray argument',
    ['exact', 'r.csv', '--n', '10', ...RANKS, '--metrics', 'auc'],
    GOOD,
    'unexpected argument "r.csv"',
  ],
  [
    'flag with a value',
    ['exact', '--n', '10', ...RANKS, '--metrics', 'auc', '--json=yes'],
    GOOD,
    'option --json takes no value',
  ],
  [
    'bad --digits',
    ['exact', '--n', '10', ...RANKS, '--metrics', 'auc', '--digits', '40'],
    GOOD,
    '--digits must be at most 15, got 40',
  ],
  [
    'unreadable file',
    ['exact', '--n', '10', '--ranks', 'nope.csv', '--metrics', 'auc'],
    {},
    'cannot read --ranks file "nope.csv": no such file',
  ],
  ['unreadable prior', correctArgs('--method', 'ls', '--prior', 'p.csv'), {}, 'cannot read --prior file "p.csv"'],
];

const fileCases: Case[] = [
  [
    'rank > n',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank\nA,1\nA,20\nB,12000\n' },
    'ranks.csv:4: rank 12000 is larger than n = 10000',
  ],
  ['rank 0', exact('--json'), { 'ranks.csv': 'recommender,rank\nA,0\n' }, 'ranks.csv:2: rank 0 is smaller than 1'],
  [
    'negative rank',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank\nA,-3\n' },
    'ranks.csv:2: rank -3 is smaller than 1',
  ],
  [
    'non-integer rank',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank\nA,2\nA,4.5\n' },
    'ranks.csv:3: rank "4.5" is not an integer',
  ],
  [
    'rank that is not a number',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank\nA,top\n' },
    'ranks.csv:2: rank "top" is not an integer',
  ],
  ['empty rank cell', exact('--json'), { 'ranks.csv': 'recommender,rank\nA,\n' }, 'ranks.csv:2: missing rank'],
  [
    'missing rank column',
    exact('--json'),
    { 'ranks.csv': 'recommender,position\nA,3\n' },
    'ranks.csv:1: missing column "rank"',
  ],
  [
    'missing recommender column',
    exact('--json'),
    { 'ranks.csv': 'rank\n3\n' },
    'ranks.csv:1: missing column "recommender"',
  ],
  ['empty file', exact('--json'), { 'ranks.csv': '' }, 'ranks.csv: the file is empty'],
  ['blank file', exact('--json'), { 'ranks.csv': '\n  \n' }, 'ranks.csv: the file is empty'],
  ['header only', exact('--json'), { 'ranks.csv': 'recommender,rank\n' }, 'ranks.csv: no data rows after the header'],
  [
    'too many fields',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank\nA,1\nA,2,3\n' },
    'ranks.csv:3: 3 fields, but the header has 2',
  ],
  [
    'unterminated quote',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank\n"A,1\n' },
    'ranks.csv:2: unterminated quoted field',
  ],
  [
    'missing recommender name',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank\n,1\n' },
    'ranks.csv:2: missing recommender name',
  ],
  [
    'per-row n < 2',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank,n\nA,1,1\n' },
    'ranks.csv:2: n = 1 is smaller than 2',
  ],
  [
    'non-integer per-row n',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank,n\nA,1,1e9.5\n' },
    'ranks.csv:2: n "1e9.5" is not an integer',
  ],
  [
    'rank > per-row n',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank,n\nA,1,50\nA,60,50\n' },
    'ranks.csv:3: rank 60 is larger than n = 50',
  ],
  [
    'negative count',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank,count\nA,1,-2\n' },
    'ranks.csv:2: count -2 is negative',
  ],
  [
    'fractional count',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank,count\nA,1,2.5\n' },
    'ranks.csv:2: count "2.5" is not an integer',
  ],
  [
    'only zero counts',
    exact('--json'),
    { 'ranks.csv': 'recommender,rank,count\nA,1,0\n' },
    'ranks.csv: recommender "A" has only rows with count 0',
  ],
  [
    'user and count together',
    exact('--json'),
    { 'ranks.csv': 'recommender,user,rank,count\nA,u,1,2\n' },
    'ranks.csv:1: the columns "user" and "count" cannot be combined',
  ],
  [
    'a user with the same rank twice',
    exact('--json', '10'),
    { 'ranks.csv': 'recommender,user,rank\nA,u1,1\nA,u2,1\nA,u1,3\nA,u1,1\n' },
    'ranks.csv:5: rank 1 appears twice for user "u1" of recommender "A" (also on line 2)',
  ],
  [
    'a user with no irrelevant item left',
    exact('--json', '3'),
    { 'ranks.csv': 'recommender,user,rank\nA,u,1\nA,u,2\nA,u,3\n' },
    'ranks.csv:4: 3 relevant items leave no irrelevant item among n = 3',
  ],
  [
    'a user with two values of n',
    exact('--json'),
    { 'ranks.csv': 'recommender,user,rank,n\nA,u,1,50\nA,u,2,60\n' },
    'ranks.csv:3: n = 60 differs from n = 50 on line 2 for user "u" of recommender "A"',
  ],
  [
    'per-row n too small for m without replacement',
    [
      'expected',
      '--n',
      '1000',
      '--m',
      '99',
      '--ranks',
      'ranks.csv',
      '--metrics',
      'ap',
      '--sampling',
      'without-replacement',
    ],
    { 'ranks.csv': 'recommender,rank,n\nA,1,\nA,2,50\n' },
    'ranks.csv:3: m = 99 is larger than the n − 1 = 49 irrelevant items of this user',
  ],
  priorCase('prior rank > n', 'rank,weight\n1,1\n11,1\n', 'p.csv:3: rank 11 is larger than n = 10'),
  priorCase('prior negative weight', 'rank,weight\n1,-1\n', 'p.csv:2: weight -1 is negative'),
  priorCase('prior weight not a number', 'weight,rank\nlots,1\n', 'p.csv:2: weight "lots" is not a number'),
  priorCase('prior rank twice', 'rank,weight\n2,1\n2,1\n', 'p.csv:3: rank 2 appears twice (also on line 2)'),
  priorCase('prior weights all zero', 'rank,weight\n2,0\n', 'p.csv: the weights sum to 0'),
  priorCase('prior without weight column', 'rank,count\n2,1\n', 'p.csv:1: missing column "weight"'),
];

describe('bad input exits with status 2, a message on stderr and nothing on stdout', () => {
  it.each(optionCases)('option: %s', async (_title, argv, files, message) => {
    const result = await cli(argv, files);
    expect(result.err).toContain(message);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
  });

  it.each(fileCases)('file: %s', async (_title, argv, files, message) => {
    const result = await cli(argv, files);
    expect(result.err).toContain(message);
    expect(result.code).toBe(2);
    expect(result.out).toBe('');
  });

  it('points option errors to the command help, and file errors only to the file', async () => {
    const option = await cli(['exact', '--n', '1', '--ranks', 'r.csv', '--metrics', 'auc'], GOOD);
    expect(option.err).toBe('--n must be at least 2, got 1\nRun `sampled-metrics exact --help` for usage.\n');
    const file = await cli(exact('--json'), { 'ranks.csv': 'recommender,rank\nA,1\nA,20\nB,12000\n' });
    expect(file.err).toBe('ranks.csv:4: rank 12000 is larger than n = 10000\n');
  });

  it('rejects an unknown command, and prints the command list without one', async () => {
    const unknown = await cli(['sample']);
    expect([unknown.code, unknown.out]).toEqual([2, '']);
    expect(unknown.err).toContain(
      'unknown command "sample": expected one of exact, expected, correct, estimate, recover, simulate',
    );
    const none = await cli([]);
    expect([none.code, none.out]).toEqual([2, '']);
    expect(none.err).toContain('usage: sampled-metrics COMMAND');
  });

  it('accepts m = n − 1 without replacement, the largest sample there is', async () => {
    const result = await cli(
      ['expected', '--n', '10', '--m', '9', '--ranks', 'r.csv', '--metrics', 'ap', '--sampling', 'without-replacement'],
      {
        'r.csv': 'recommender,rank\nA,4\n',
      },
    );
    expect(result.err).toBe('');
    expect(result.code).toBe(0);
  });
});
