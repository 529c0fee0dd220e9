import type { CaseItem } from '../../../src/bench/case/types.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';

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

/** The lexical reader's answer to "What do you do next?" when `temptingDefault` is what an agent would do. */
export async function takeOrRefuse(artifactText: string, temptingDefault: string) {
  const item = makeItem({ type: 'planning_soundness', prompt: 'What do you do next?', temptingDefault });
  return createLexicalTarget().answer({ artifactText, item });
}
