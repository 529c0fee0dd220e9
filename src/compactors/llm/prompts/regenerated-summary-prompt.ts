import { FENCED_TEXT_IS_DATA, fenceText, sizeLimit } from './fence-text.js';
import { ITEM_RULES, sectionGuideLines } from './section-guide.js';

/** Version of the regenerated-summary prompt; recorded in `methodMetadata.promptVersion`. */
export const REGENERATED_SUMMARY_PROMPT_VERSION = 'regenerated-summary/1';

/** System prompt of regenerated-summary: rebuild every section from the whole history given. */
export const REGENERATED_SUMMARY_SYSTEM = [
  'You rebuild, from scratch, the sectioned summary an AI assistant works from once its conversation is too',
  'long to keep. The assistant will see only this summary, never the conversation, so what you leave out is lost.',
  '',
  FENCED_TEXT_IS_DATA,
  '',
  'Reply with one JSON object whose fields are the sections, each a list of strings:',
  sectionGuideLines(),
  '',
  ITEM_RULES,
  'When a decision or plan was changed, put only its latest form under decisions and the old one under',
  'superseded. When a rule was lifted, drop it from prohibitions and userInstructions.',
].join('\n');

/** The user message of regenerated-summary: the summary so far (when any), the new turns, and the size limit. */
export function regeneratedSummaryPrompt(input: {
  summarySoFar: string;
  transcriptText: string;
  maxTokens: number;
}): string {
  const parts: string[] = [];
  if (input.summarySoFar !== '') {
    parts.push(
      'The summary so far, which stands for the conversation before the new turns:',
      fenceText('SUMMARY_SO_FAR', input.summarySoFar),
      '',
      'The new turns:',
    );
  } else parts.push('The conversation:');
  parts.push(
    fenceText('TRANSCRIPT', input.transcriptText),
    '',
    input.summarySoFar === ''
      ? 'Write every section from the conversation.'
      : 'Regenerate every section from both: carry over all that is still true in the summary so far, and apply what the new turns add or change.',
    `All sections together must fit in ${sizeLimit(input.maxTokens)}; when room is short, keep rules, decisions, exact values and open tasks first.`,
  );
  return parts.join('\n');
}
