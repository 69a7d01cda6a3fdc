import { describe, expect, it } from 'vitest';
import { InputError } from './errors.ts';
import { parseIdList, refuseEmptyItems } from './idList.ts';

describe('refuseEmptyItems', () => {
  it('names the empty item by position and says what made it', () => {
    expect(() => refuseEmptyItems('auc,,ap', 'metric')).toThrow(
      'item 2 of the metric list "auc,,ap" is empty (a doubled comma)',
    );
    expect(() => refuseEmptyItems('auc,', 'metric')).toThrow(
      'item 2 of the metric list "auc," is empty (a comma at the end)',
    );
    expect(() => refuseEmptyItems(' ,auc', 'method')).toThrow(
      'item 1 of the method list " ,auc" is empty (a comma at the start)',
    );
    expect(() => refuseEmptyItems('sampled, ,cls', 'method')).toThrow(InputError);
  });

  it('accepts lists without empty items, and leaves a blank list to parseIdList', () => {
    expect(() => refuseEmptyItems('auc, ap ,ndcg@10', 'metric')).not.toThrow();
    expect(() => refuseEmptyItems(' , ', 'metric')).not.toThrow();
    expect(() => parseIdList(' , ', 'metric', (id) => ({ id }))).toThrow('the metric list is empty');
  });
});
