import { FENCED_TEXT_IS_DATA, fenceText, sizeLimit } from './fence-text.js';

/** Version of the hybrid prompt; recorded in `methodMetadata.promptVersion`. */
export const HYBRID_PROMPT_VERSION = 'hybrid/1';

/** System prompt of hybrid: a short note with what a rule-based ledger cannot hold. */
export const HYBRID_SYSTEM = [
  'A rule-based extractor has recorded the facts, decisions, rules and open tasks of a conversation between a',
  'user and an AI assistant in a ledger. You write the short prose note that goes beside the ledger and holds',
  'what a ledger cannot: what the user is trying to achieve and why, the reasoning behind the choices made,',
  'where the work stands now and what comes next.',
  '',
  FENCED_TEXT_IS_DATA,
  '',
  'Do not repeat what the ledger already says; refer to it only when the note needs it to make sense.',
  'When an earlier note is given, update it with the new conversation: keep what still holds, change what changed.',
  'Write plain prose with no heading, no list and no preamble; put the most important point first, since a note',
  'that runs long is cut from the end.',
].join('\n');

/** The user message of hybrid: the ledger, the earlier note (when any), the conversation, and the size limit. */
export function hybridPrompt(input: {
  ledger: string;
  earlierNote: string;
  transcriptText: string;
  maxTokens: number;
}): string {
  const parts = [
    input.ledger === '' ? 'The ledger is empty.' : `The ledger:\n${fenceText('LEDGER', input.ledger)}`,
    '',
  ];
  if (input.earlierNote !== '')
    parts.push(`The earlier note:\n${fenceText('EARLIER_NOTE', input.earlierNote)}`, '');
  parts.push(
    input.earlierNote === '' ? 'The conversation:' : 'The conversation since the earlier note:',
    fenceText('TRANSCRIPT', input.transcriptText),
    '',
    `Write the note in at most ${sizeLimit(input.maxTokens)}.`,
  );
  return parts.join('\n');
}
