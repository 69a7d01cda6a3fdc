import { describe, expect, it } from 'vitest';
import { parseMethod, recoverDistribution, singleRankData, type DistributionMethod } from '../core/index.ts';
import {
  ESTIMATOR_DEFAULTS,
  estimateMethodIds,
  estimatorSettingsOf,
  FIXED_EM,
  intervalGroups,
  mesSettingText,
  pointGroups,
  restoreEstimatorSettings,
  withEstimatorSetting,
} from './estimatorSettings.ts';

const defaults = ESTIMATOR_DEFAULTS;

describe('estimator settings', () => {
  it('list every method of the CLI’s estimate, LS only when shown, with their parameters in the ids', () => {
    expect(estimateMethodIds([0.1], defaults)).toEqual([
      'sampled',
      'rank-estimate',
      'cls',
      'bv:0.1',
      'mle',
      'wmle:ndcg:10',
      'mes:0.001',
      'bv-dist:0.1',
    ]);
    const changed = { ...defaults, showLs: true, wmleWeight: 'ap' as const, wmleScale: 5, mesEta: 0.01 };
    expect(estimateMethodIds([0.1, 0.01], changed)).toEqual([
      'sampled',
      'rank-estimate',
      'ls',
      'cls',
      'bv:0.1',
      'bv:0.01',
      'mle',
      'wmle:ap:5',
      'mes:0.01',
      'bv-dist:0.1',
    ]);
  });

  it('MES scaled as the papers’ code: its id carries `code`, the link only the changed setting', () => {
    const code = { ...defaults, mesEta: 0.01, mesScale: 'code' as const };
    expect(estimateMethodIds([0.1], code)).toContain('mes:0.01:code');
    expect(mesSettingText(code)).toBe('MES η = 0.01, E × (m + 1) (the papers’ code)');
    expect(mesSettingText(defaults)).toBe('MES η = 0.001');
    expect(withEstimatorSetting(undefined, 'mesScale', 'code')).toEqual({ mesScale: 'code' });
    expect(withEstimatorSetting({ mesScale: 'code' }, 'mesScale', 'paper')).toBeUndefined();
    const problems: string[] = [];
    expect(restoreEstimatorSettings({ mesScale: 'code' }, problems)).toEqual({ mesScale: 'code' });
    expect(restoreEstimatorSettings({ mesScale: 'scaled' }, problems)).toBeUndefined();
    expect(problems).toEqual(['MES scale: not valid, the default is used']);
  });

  it('compute the intervals of the vector methods first, in one group, then each fit on its own', () => {
    const methods = estimateMethodIds([0.1], defaults);
    expect(intervalGroups(methods, defaults)).toEqual([
      { methods: ['sampled', 'rank-estimate', 'cls', 'bv:0.1', 'bv-dist:0.1'] },
      { methods: ['mle'], fit: undefined },
      { methods: ['wmle:ndcg:10'], fit: undefined },
      { methods: ['mes:0.001'], fit: undefined },
    ]);
    expect(pointGroups(methods, defaults)).toEqual([{ methods }]);
  });

  it('the papers’ EM rule applies to MLE and WMLE only (MES keeps its own stopping rule)', () => {
    const fixed = { ...defaults, emRule: 'fixed' as const };
    const methods = estimateMethodIds([0.1], fixed);
    expect(intervalGroups(methods, fixed).map((g) => [g.methods.join(), g.fit])).toEqual([
      ['sampled,rank-estimate,cls,bv:0.1,bv-dist:0.1', undefined],
      ['mle', FIXED_EM],
      ['wmle:ndcg:10', FIXED_EM],
      ['mes:0.001', undefined],
    ]);
    expect(pointGroups(methods, fixed)).toEqual([
      { methods: ['sampled', 'rank-estimate', 'cls', 'bv:0.1', 'mes:0.001', 'bv-dist:0.1'] },
      { methods: ['mle', 'wmle:ndcg:10'], fit: FIXED_EM },
    ]);
  });

  it('the papers’ EM rule is accepted by the core and runs exactly 100 EM steps from uniform', () => {
    const sampled = singleRankData('X', [1, 2, 3, 5, 8, 13, 21, 34, 55, 89], [40, 30, 20, 15, 10, 8, 6, 4, 3, 2]);
    const setup = { itemCount: 2000, sampleSize: 99, sampling: 'with-replacement' as const };
    const mle = parseMethod('mle') as DistributionMethod;
    const fixed = recoverDistribution(sampled, mle, { ...setup, fit: FIXED_EM });
    expect(fixed.ok && fixed.value.iterations).toBe(100);
    const usual = recoverDistribution(sampled, mle, setup);
    expect(usual.ok && usual.value.iterations).not.toBe(100);
  });

  it('store only what differs from the defaults', () => {
    let stored = withEstimatorSetting(undefined, 'mesEta', 0.01);
    expect(stored).toEqual({ mesEta: 0.01 });
    stored = withEstimatorSetting(stored, 'replicates', 50);
    expect(estimatorSettingsOf(stored)).toEqual({ ...defaults, mesEta: 0.01, replicates: 50 });
    stored = withEstimatorSetting(stored, 'mesEta', defaults.mesEta);
    expect(stored).toEqual({ replicates: 50 });
    expect(withEstimatorSetting(stored, 'replicates', 200)).toBeUndefined();
  });

  it('are restored field by field: the valid ones kept, each invalid or unknown one named', () => {
    const problems: string[] = [];
    const raw = {
      mesEta: 0.01,
      wmleScale: -1,
      replicates: 2.5,
      emRule: 'fixed',
      showLs: true,
      extra: 1,
      wmleWeight: 'ap',
    };
    expect(restoreEstimatorSettings(raw, problems)).toEqual({
      mesEta: 0.01,
      emRule: 'fixed',
      showLs: true,
      wmleWeight: 'ap',
    });
    expect(problems).toEqual([
      'WMLE C: not valid, the default is used',
      'bootstrap B: not valid, the default is used',
      'estimator setting "extra": unknown, left out',
    ]);
    expect(restoreEstimatorSettings(undefined, problems)).toBeUndefined();
    expect(restoreEstimatorSettings({ replicates: 200 }, [])).toBeUndefined();
    const broken: string[] = [];
    expect(restoreEstimatorSettings('mes', broken)).toBeUndefined();
    expect(broken).toEqual(['estimator settings: not readable, the defaults are used']);
  });
});
