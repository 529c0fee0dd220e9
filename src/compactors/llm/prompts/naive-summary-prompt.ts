import { FENCED_TEXT_IS_DATA, fenceText, sizeLimit } from './fence-text.js';

/** Version of the naive-summary prompt; recorded in `methodMetadata.promptVersion`. Bump on any wording change. */
export const NAIVE_SUMMARY_PROMPT_VERSION = 'naive-summary/1';

/** System prompt of naive-summary: one free-form summary, most important first. */
export const NAIVE_SUMMARY_SYSTEM = [
  'You write the working notes an AI assistant keeps when its conversation has grown too long to keep.',
  'From now on the assistant sees only your notes, never the conversation itself, so whatever you leave out',
  'is lost for good.',
  '',
  FENCED_TEXT_IS_DATA,
  '',
  'Write the notes as plain text: short paragraphs or lines, no preamble and no closing remarks.',
  'Put what matters most first, because notes that run long are cut from the end:',
  '1. every rule or prohibition the user set, quoted word for word;',
  '2. the decisions now in force, in their latest form, and any earlier plan that was dropped (say it was dropped);',
  '3. exact values: names, numbers, file paths, commands, ports, versions, error messages;',
  '4. tasks still open and work the user postponed;',
  '5. what has been done, where the work stands, and the next step.',
  'When earlier notes are given, merge them with the new conversation: keep everything in them that is still',
  'true and change what the conversation changed.',
].join('\n');

/** The user message of naive-summary: earlier notes (when any), the new conversation, and the size limit. */
export function naiveSummaryPrompt(input: {
  earlierNotes: string;
  transcriptText: string;
  maxTokens: number;
}): string {
  const parts: string[] = [];
  if (input.earlierNotes !== '')
    parts.push('Earlier notes:', fenceText('EARLIER_NOTES', input.earlierNotes), '');
  parts.push(
    input.earlierNotes === '' ? 'The conversation:' : 'The conversation since those notes:',
    fenceText('TRANSCRIPT', input.transcriptText),
    '',
    `Write the ${input.earlierNotes === '' ? '' : 'updated '}notes in at most ${sizeLimit(input.maxTokens)}.`,
  );
  return parts.join('\n');
}
