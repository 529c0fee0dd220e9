import { FENCED_TEXT_IS_DATA, fenceText, sizeLimit } from './fence-text.js';
import { ITEM_RULES, sectionGuideLines } from './section-guide.js';

/** Version of the anchored-iterative prompt; recorded in `methodMetadata.promptVersion`. */
export const ANCHORED_ITERATIVE_PROMPT_VERSION = 'anchored-iterative/1';

/** System prompt of anchored-iterative: turn the newest span into updates of a summary that persists. */
export const ANCHORED_ITERATIVE_SYSTEM = [
  'You keep a persistent sectioned summary of a long conversation between a user and an AI assistant. Older',
  'parts of the conversation are gone; the summary is all that is left of them. You are shown the summary so',
  'far, each item with an id in brackets such as [D2], and only the newest span of the conversation. Your',
  'job is to say how that span changes the summary; the summary is then updated from your reply.',
  '',
  FENCED_TEXT_IS_DATA,
  '',
  'Reply with one JSON object with three fields:',
  '- add: an object whose fields are the sections below, each a list of new items taken from the span. Give only',
  '  what the summary does not already say; never repeat an existing item.',
  '- resolvedIds: ids of existing items the span shows are done, fixed, answered or no longer true.',
  '- supersededIds: a list of {"id", "replacement"} for existing items the span replaces with something newer',
  '  (a changed decision, a changed instruction); replacement is the new version, or "" when there is none.',
  '  A replaced decision is kept as a note not to return to it, so do not also add the old one under superseded.',
  'Only list an id when the span clearly shows it; every item you do not mention stays as it is.',
  'currentWork and nextStep describe the present moment: fill them only when the span changes them, and then',
  'give their complete new content, which replaces the old.',
  '',
  'Sections:',
  sectionGuideLines(),
  '',
  ITEM_RULES,
].join('\n');

/** The user message of anchored-iterative: the numbered summary so far (when any), the span, and the size limit. */
export function anchoredIterativePrompt(input: {
  numberedSummary: string;
  transcriptText: string;
  maxTokens: number;
}): string {
  return [
    input.numberedSummary === ''
      ? 'There is no summary yet; everything in the span is new.'
      : `The summary so far:\n${fenceText('SUMMARY_SO_FAR', input.numberedSummary)}`,
    '',
    'The newest span of the conversation:',
    fenceText('TRANSCRIPT', input.transcriptText),
    '',
    `The whole summary must stay within ${sizeLimit(input.maxTokens)}, so add what is worth keeping, briefly.`,
  ].join('\n');
}
