import type { ValidationIssue } from '../errors.js';

/** A run of raw messages from one place in a transcript file, converted together. */
export interface TranscriptChunk {
  /** `file` for a JSON file, `file:line` for a JSONL line. */
  location: string;
  messages: unknown[];
  /** True when the line was one message, so paths inside it start at the message, not at `messages[0]`. */
  single: boolean;
  /** The `system` field beside `messages`, if any. */
  system?: unknown;
}

const EXPECTED_LINE = 'expected a message object or an object with a "messages" array';

/**
 * Splits transcript text into chunks: a `.json` file is one array of messages or one object with `messages`;
 * a `.jsonl` file has one message, or one object with `messages`, per line (blank lines are skipped). Under
 * other names, text that parses whole as such an array or object is JSON, and anything else is read as JSONL.
 * Problems are added to `issues`.
 */
export function splitTranscript(text: string, source: string, issues: ValidationIssue[]): TranscriptChunk[] {
  const lower = source.toLowerCase();
  if (lower.endsWith('.jsonl') || lower.endsWith('.ndjson')) return splitLines(text, source, issues);
  const whole = tryParse(text);
  if (lower.endsWith('.json') || isDocument(whole)) return splitDocument(text, whole, source, issues);
  return splitLines(text, source, issues);
}

function splitDocument(
  text: string,
  parsed: ReturnType<typeof tryParse>,
  source: string,
  issues: ValidationIssue[],
): TranscriptChunk[] {
  if ('error' in parsed) {
    const position = /at position (\d+)/.exec(parsed.error)?.[1];
    const line = position === undefined ? '' : `:${lineOf(text, Number(position))}`;
    issues.push({ where: `${source}${line}`, message: `invalid JSON: ${parsed.error}` });
    return [];
  }
  const { value } = parsed;
  if (Array.isArray(value)) return [{ location: source, messages: value, single: false }];
  if (isRecord(value) && Array.isArray(value.messages)) {
    return [{ location: source, messages: value.messages, single: false, system: value.system }];
  }
  issues.push({
    where: source,
    message: `expected an array of messages or an object with a "messages" array, got ${describe(value)}`,
  });
  return [];
}

function splitLines(text: string, source: string, issues: ValidationIssue[]): TranscriptChunk[] {
  const chunks: TranscriptChunk[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const location = `${source}:${index + 1}`;
    const parsed = tryParse(line);
    if ('error' in parsed) issues.push({ where: location, message: `invalid JSON: ${parsed.error}` });
    else if (!isRecord(parsed.value))
      issues.push({ where: location, message: `${EXPECTED_LINE}, got ${describe(parsed.value)}` });
    else if (Array.isArray(parsed.value.messages)) {
      chunks.push({ location, messages: parsed.value.messages, single: false, system: parsed.value.system });
    } else chunks.push({ location, messages: [parsed.value], single: true });
  });
  return chunks;
}

function isDocument(parsed: ReturnType<typeof tryParse>): boolean {
  if (!('value' in parsed)) return false;
  return Array.isArray(parsed.value) || (isRecord(parsed.value) && Array.isArray(parsed.value.messages));
}

function tryParse(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

function lineOf(text: string, position: number): number {
  let line = 1;
  for (let index = 0; index < position && index < text.length; index++)
    if (text.charCodeAt(index) === 10) line++;
  return line;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}
