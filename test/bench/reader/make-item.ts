import type { CaseItem } from '../../../src/bench/case/types.js';

/** A case item for tests: a free-form question unless overridden. */
export function makeItem(overrides: Partial<CaseItem> & Pick<CaseItem, 'prompt'>): CaseItem {
  return {
    key: 'item',
    type: 'locked_decision_retention',
    check: { kind: 'contains_normalized', value: 'unused' },
    answerFormat: 'free',
    cues: [],
    ...overrides,
  };
}
