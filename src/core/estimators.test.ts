/**
 * The estimator registry: every estimator's ids parse to themselves and carry a label, the explorer's and Jin et
 * al.'s default lists, and the parser's messages, which the CLI prints as they are (cli/errors.test.ts) — the
 * expected strings are the messages of the parser before the registry (corrections/methods.ts at 420727d).
 */
import { describe, expect, it } from 'vitest';
import {
  distributionMethodIds,
  ESTIMATORS,
  estimatorOf,
  isDistributionMethod,
  methodIds,
  methodLabel,
  methodSyntaxes,
  parseMethod,
  parseMethodList,
  shortMethodLabel,
} from './estimators.ts';

/** Canonical ids of every estimator, with and without parameters. */
const CANONICAL: Readonly<Record<string, readonly string[]>> = {
  sampled: ['sampled'],
  'rank-estimate': ['rank-estimate'],
  ls: ['ls'],
  cls: ['cls'],
  bv: ['bv:0', 'bv:0.1', 'bv:1'],
  mle: ['mle'],
  wmle: ['wmle:ndcg:10', 'wmle:ap:5'],
  mes: ['mes:0.001', 'mes:0.01'],
  'bv-dist': ['bv-dist:0.1', 'bv-dist:1'],
};

describe('the estimator registry', () => {
  it('lists each estimator once, and this test covers every one', () => {
    const kinds = ESTIMATORS.map((e) => e.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(kinds).toEqual(Object.keys(CANONICAL));
  });

  it.each(ESTIMATORS.map((e) => [e.kind, e] as const))('%s: canonical ids parse to themselves', (kind, estimator) => {
    for (const id of [...CANONICAL[kind], estimator.defaultId]) {
      const method = parseMethod(id);
      expect(method.kind).toBe(kind);
      expect(estimatorOf(method)).toBe(estimator);
      expect(parseMethod(method.id)).toEqual(method);
      if (CANONICAL[kind].includes(id)) expect(method.id).toBe(id);
      expect(isDistributionMethod(method)).toBe(estimator.learnsDistribution);
    }
  });

  it('labels every estimator, long and short', () => {
    const labels = Object.values(CANONICAL).flatMap((ids) => ids.map((id) => [methodLabel(id), shortMethodLabel(id)]));
    expect(labels).toEqual([
      ['Sampled (uncorrected)', 'Sampled'],
      ['Rank estimate', 'Rank estimate'],
      ['LS', 'LS'],
      ['CLS', 'CLS'],
      ['BV γ = 0', 'BV 0'],
      ['BV γ = 0.1', 'BV 0.1'],
      ['BV γ = 1', 'BV 1'],
      ['MLE', 'MLE'],
      ['WMLE', 'WMLE'],
      ['WMLE', 'WMLE'],
      ['MES', 'MES'],
      ['MES', 'MES'],
      ['BV γ = 0.1', 'BV γ = 0.1'],
      ['BV γ = 1', 'BV γ = 1'],
    ]);
    expect([methodLabel('magic:3'), shortMethodLabel('magic:3')]).toEqual(['magic:3', 'MAGIC']);
  });

  it("lists the explorer's methods and Jin et al.'s estimators", () => {
    expect(methodIds([0.1, 1])).toEqual(['sampled', 'rank-estimate', 'ls', 'cls', 'bv:0.1', 'bv:1']);
    expect(distributionMethodIds()).toEqual(['mle', 'wmle', 'mes', 'bv-dist:0.1']);
    expect(distributionMethodIds().map((id) => parseMethod(id).id)).toEqual([
      'mle',
      'wmle:ndcg:10',
      'mes:0.001',
      'bv-dist:0.1',
    ]);
    expect(methodSyntaxes(false).join(', ')).toBe('sampled, rank-estimate, ls, cls, bv:G (γ = G in [0, 1])');
    expect(methodSyntaxes(true).join(', ')).toBe('mle, wmle[:ndcg|ap[:C]], mes[:η[:code]], bv-dist:G');
    expect(methodSyntaxes(true, true).join('|')).toBe('mle|wmle|mes|bv-dist:G');
  });

  it('reads case and spaces loosely, and drops repeated methods from a list', () => {
    expect(parseMethod(' BV:0.10 ')).toEqual({ kind: 'bv', id: 'bv:0.1', gamma: 0.1 });
    expect(parseMethod('WMLE:AP')).toEqual({ kind: 'wmle', id: 'wmle:ap:10', weight: 'ap', scale: 10 });
    expect(parseMethod('MES:0.010:Code')).toEqual({ kind: 'mes', id: 'mes:0.01:code', eta: 0.01, scale: 'code' });
    expect(parseMethod('mes:0.01')).toEqual({ kind: 'mes', id: 'mes:0.01', eta: 0.01 });
    expect(parseMethodList('ls, bv:0.1,LS,bv:0.10').map((m) => m.id)).toEqual(['ls', 'bv:0.1']);
  });

  it.each([
    [
      'magic',
      'unknown method "magic": expected sampled, rank-estimate, ls, cls, bv:G with G in [0, 1], mle, ' +
        'wmle[:ndcg|ap[:C]], mes[:η[:code]] or bv-dist:G',
    ],
    ['ls:2', 'unknown method "ls:2": expected sampled'],
    ['bv', 'method "bv" needs γ after a colon, e.g. bv:0.1'],
    ['BV:1.5', 'method "BV:1.5": γ must be a number in [0, 1], got "1.5"'],
    ['bv:', 'method "bv:": γ must be a number in [0, 1], got ""'],
    ['mle:3', 'method "mle:3": mle takes no parameter'],
    ['wmle:ap:5:6', 'method "wmle:ap:5:6": expected wmle, wmle:ndcg|ap or wmle:ndcg|ap:C'],
    ['wmle:x', 'method "wmle:x": C must be a number > 0 (w(r̃) = M(r̃/C)), got "x"'],
    ['mes:a:b', 'method "mes:a:b": expected mes, mes:η or mes:η:code'],
    ['mes:0.1:code:1', 'method "mes:0.1:code:1": expected mes, mes:η or mes:η:code'],
    ['mes:0', 'method "mes:0": η must be a number > 0, got "0"'],
    ['bv-dist:0.1:3', 'method "bv-dist:0.1:3" needs γ after a colon, e.g. bv-dist:0.1'],
    ['bv-dist:2', 'method "bv-dist:2": γ must be a number in (0, 1], got "2"'],
    // Only decimals: JavaScript's Number() would read these as 1, 10 and 0.
    ['bv:0x1', 'method "bv:0x1": γ must be a number in [0, 1], got "0x1"'],
    ['mes:1_0', 'method "mes:1_0": η must be a number > 0, got "1_0"'],
    ['bv:0b0', 'method "bv:0b0": γ must be a number in [0, 1], got "0b0"'],
  ])('%s: the message names the id and what is expected', (text, message) => {
    expect(() => parseMethod(text)).toThrow(message);
  });

  it('refuses an empty list', () => {
    expect(() => parseMethodList(' , ')).toThrow('the method list is empty');
  });
});
