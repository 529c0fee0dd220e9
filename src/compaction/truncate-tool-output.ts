import type { Message } from '../messages/types.js';

/** Lines that carry a failure; kept even from the omitted middle of a long output. */
// No leading `\w*` before "error": on a long single-line output that would backtrack quadratically, and
// without a leading \b, "error" already matches inside "TypeError".
const ERROR_LINE =
  /(error\b|exception\b|\bfail(s|ed|ure|ing)?\b|\bfatal\b|\bpanic|\btraceback\b|\bdenied\b|\bnot found\b|\bcannot\b|segmentation fault|exit (code|status) [1-9])/i;
/** Lines that name the error itself ("TypeError: ...", "error[E0425]: ..."), preferred over a bare FAIL line. */
const ERROR_STATEMENT = /((error|exception)(\[\w+\])?:|^(fatal|panic|error)\b)/i;
/** At most this many error lines are rescued from an omitted region. */
const MAX_RESCUED_ERROR_LINES = 5;
const MAX_RESCUED_LINE_CHARS = 300;

/** Options for cutting one tool output down. */
export interface TruncateOptions {
  maxLines: number;
  maxChars: number;
}

/**
 * Cuts a tool output to at most `maxLines` lines and about `maxChars` characters, keeping the head and the
 * tail (where commands print their verdict) and rescuing error lines from the omitted middle.
 */
export function truncateToolOutput(text: string, options: TruncateOptions): string {
  const { maxLines, maxChars } = options;
  let lines = text.split('\n');
  let result = text;
  if (lines.length > maxLines) {
    const head = Math.ceil(maxLines * 0.6);
    const tail = Math.max(0, maxLines - head);
    const omitted = lines.slice(head, lines.length - tail);
    const rescued = omitted
      .filter((line) => ERROR_LINE.test(line))
      .slice(0, MAX_RESCUED_ERROR_LINES)
      .map((line) => `  ${clip(line.trim(), MAX_RESCUED_LINE_CHARS)}`);
    const note = rescued.length > 0 ? `; error lines from it:` : '';
    lines = [
      ...lines.slice(0, head),
      `[... ${omitted.length} lines omitted by compaction${note} ...]`,
      ...rescued,
      ...(tail > 0 ? lines.slice(lines.length - tail) : []),
    ];
    result = lines.join('\n');
  }
  if (result.length > maxChars) {
    const headChars = Math.ceil(maxChars * 0.6);
    const tailChars = Math.max(0, maxChars - headChars);
    const omittedChars = result.length - headChars - tailChars;
    result = `${result.slice(0, headChars)}\n[... ${omittedChars} characters omitted by compaction ...]\n${
      tailChars > 0 ? result.slice(result.length - tailChars) : ''
    }`;
  }
  return result;
}

/** Returns copies of the messages with every tool output truncated; other messages are returned as they are. */
export function truncateToolOutputs(messages: readonly Message[], options: TruncateOptions): Message[] {
  return messages.map((message) => {
    if (message.role !== 'tool') return message;
    const content = truncateToolOutput(message.content, options);
    return content === message.content ? message : { ...message, content };
  });
}

/** Shortens a string to `max` characters with an ellipsis. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, Math.max(0, max - 1))}…`;
}

/** The most telling failure line of an output: an error statement if there is one, else any failure line. */
export function findErrorLine(lines: readonly string[]): string | undefined {
  return (
    lines.find((line) => ERROR_STATEMENT.test(line)) ??
    lines.find((line) => line !== '' && ERROR_LINE.test(line))
  );
}
