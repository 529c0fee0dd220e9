import type { CaseItem } from '../../../src/bench/case/types.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { transcriptArtifact } from './noise.js';

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

/** The lexical reader's answer to a task whose `temptingDefault` breaks `rule`, said at line 40 of a long transcript. */
export async function answerUnderRule(
  rule: string,
  task: { prompt: string; temptingDefault: string; forbidden: string },
) {
  const artifactText = transcriptArtifact(150, { 40: rule });
  const item = makeItem({
    type: 'forbidden_behavior_retention',
    prompt: task.prompt,
    temptingDefault: task.temptingDefault,
    check: { kind: 'forbidden_absent', value: task.forbidden },
  });
  return createLexicalTarget().answer({ artifactText, item });
}
