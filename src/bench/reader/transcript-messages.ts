import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/** Who wrote a message of a transcript-shaped artifact. */
export type MessageRole = 'user' | 'assistant' | 'other';

/** One message of a transcript-shaped artifact: its passages, from `start` up to `end` (positions). */
export interface TranscriptMessage {
  role: MessageRole;
  start: number;
  end: number;
  /** The length of the role header that opens the first passage's text. */
  headerLength: number;
}

/** A sentence of a message, with the passage it sits in and whether it opens a line of the message. */
export interface MessageUnit {
  text: string;
  position: number;
  opensLine: boolean;
}

// How a rendered transcript opens a message: "[turn 3] user: …", "assistant: …", "[turn 3] tool git: …",
// "[turn 3] assistant calls read_file {…}". A tool call or a tool's output is a message of its own.
const HEADER =
  /^(?:\[turn \d+\]\s*)?(?:(user|assistant)\s*:|tool\b|system\s*:|(?:user|assistant) calls\b)\s*/i;

// A sentence ends at . ! ? followed by a space; "0.5%" and "v1.2" do not end one.
const SENTENCE_END = /(?<=[.!?])\s+(?=\S)/;

// The first letters a header can start with ("[turn 3] …", user, assistant, tool, system, either case): most
// lines of tool output and code start otherwise and skip the regular expression.
const HEADER_STARTS = new Set('[uUaAtTsS');

function mayOpenMessage(text: string): boolean {
  return HEADER_STARTS.has(text.charAt(0));
}

const messagesOf = new WeakMap<ParsedArtifact, TranscriptMessage[]>();

/**
 * The messages of a transcript-shaped artifact, in order: a message opens at a line that starts with a role
 * header and runs over the lines below it until the next header or section heading. Text before any header,
 * and artifacts with none, hold no message. Read once per parsed artifact, only its message headers tested.
 */
export function transcriptMessages(parsed: ParsedArtifact): TranscriptMessage[] {
  const known = messagesOf.get(parsed);
  if (known !== undefined) return known;
  const messages: TranscriptMessage[] = [];
  let open: TranscriptMessage | undefined;
  let previous: Passage | undefined;
  for (const passage of parsed.passages) {
    const opensLine = previous === undefined || previous.line !== passage.line;
    if (open !== undefined && previous !== undefined && previous.section !== passage.section)
      open = undefined;
    previous = passage;
    const header = opensLine && mayOpenMessage(passage.text) ? HEADER.exec(passage.text) : null;
    if (header !== null) {
      const role: MessageRole = header[1] === undefined ? 'other' : (header[1].toLowerCase() as MessageRole);
      open = { role, start: passage.position, end: passage.position, headerLength: header[0].length };
      messages.push(open);
    }
    if (open !== undefined) open.end = passage.position + 1;
  }
  messagesOf.set(parsed, messages);
  return messages;
}

const unitsOf = new WeakMap<TranscriptMessage, MessageUnit[]>();

/** A message's sentences as written, the role header left out; read only for the messages asked about. */
export function messageUnits(parsed: ParsedArtifact, message: TranscriptMessage): MessageUnit[] {
  const known = unitsOf.get(message);
  if (known !== undefined) return known;
  const units: MessageUnit[] = [];
  for (let position = message.start; position < message.end; position++) {
    const passage = parsed.passages[position] as Passage;
    const opensLine = position === message.start || parsed.passages[position - 1]?.line !== passage.line;
    const text = position === message.start ? passage.text.slice(message.headerLength) : passage.text;
    text.split(SENTENCE_END).forEach((sentence, index) => {
      if (sentence.trim() === '') return;
      units.push({ text: sentence.trim(), position, opensLine: opensLine && index === 0 });
    });
  }
  unitsOf.set(message, units);
  return units;
}

/** A message's text: its sentences joined, lines kept apart. */
export function messageText(units: readonly MessageUnit[]): string {
  return units
    .map((unit, index) => (index > 0 && unit.opensLine ? `\n${unit.text}` : unit.text))
    .join(' ')
    .replace(/ \n/g, '\n');
}
