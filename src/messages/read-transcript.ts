import { readFile } from 'node:fs/promises';
import { CompactkitError, ValidationError, type ValidationIssue } from '../errors.js';
import { decodeUtf8 } from '../validation/decode-utf8.js';
import { joinWhere } from '../validation/field-path.js';
import { fromModelMessages } from './ai-sdk.js';
import type { AiSdkModelMessage } from './ai-sdk-types.js';
import { fromAnthropicMessages } from './anthropic.js';
import type { AnthropicMessage, AnthropicTextBlock } from './anthropic-types.js';
import { assignTurns } from './assign-turns.js';
import type { ConversionResult, ConversionWarning } from './conversion-types.js';
import { detectMessageFormat, type MessageFormat } from './detect-message-format.js';
import { fillToolNames } from './fill-tool-names.js';
import { fromOpenAIMessages } from './openai.js';
import type { OpenAIMessage } from './openai-types.js';
import { parseMessages } from './schema.js';
import { splitTranscript, type TranscriptChunk } from './transcript-chunks.js';
import type { Message } from './types.js';

/** How to read a transcript: `auto` (the default) detects the format per file from the message shapes. */
export interface ReadTranscriptOptions {
  format?: 'auto' | MessageFormat;
}

/** Options for `parseTranscript`; `source` is the file name used in errors and to tell `.json` from `.jsonl`. */
export interface ParseTranscriptOptions extends ReadTranscriptOptions {
  source?: string;
}

/** A transcript read into compactkit messages. */
export interface Transcript {
  /** The messages, every one with a `turn` (see `assignTurns`). */
  messages: Message[];
  /** The format the file was read as. */
  format: MessageFormat;
  /** What conversion left out, e.g. thinking blocks, located as `file:line: path`. */
  warnings: ConversionWarning[];
}

/**
 * Reads a `.json` or `.jsonl` transcript file into compactkit messages. See `parseTranscript` for the rules.
 * Bytes that are not UTF-8 are read as U+FFFD with a warning naming the byte offset.
 * @throws ValidationError naming file, line and field of every problem; CompactkitError (`io_error`) when
 * the file cannot be read.
 */
export async function readTranscript(path: string, options: ReadTranscriptOptions = {}): Promise<Transcript> {
  let bytes: Uint8Array;
  try {
    bytes = await readFile(path);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read transcript ${path}: ${reason}`, { cause: error });
  }
  const { text, warning } = decodeUtf8(bytes, path);
  const transcript = parseTranscript(text, { ...options, source: path });
  return warning === undefined ? transcript : { ...transcript, warnings: [warning, ...transcript.warnings] };
}

/**
 * Parses transcript text into compactkit messages.
 *
 * A `.json` text is an array of messages or an object with `messages` (and optionally `system`); a `.jsonl`
 * text has one message, or one object with `messages`, per line, blank lines allowed, appended in order. A
 * UTF-8 byte-order mark is accepted. Messages are OpenAI, Anthropic, AI SDK or compactkit messages, detected
 * from their shapes unless `format` says which. Text is taken as is, whatever it looks like: `<|endoftext|>`
 * is just text here. Turns are assigned with `assignTurns`; tool results get the name of their call.
 * @throws ValidationError listing every problem as `file:line: path: what is wrong`, e.g.
 * `transcript.jsonl:14: messages[3].role: expected one of system|user|assistant|tool`; the error's message
 * starts with the first one.
 */
export function parseTranscript(text: string, options: ParseTranscriptOptions = {}): Transcript {
  const source = options.source ?? 'transcript';
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  if (body.trim() === '') {
    throw new ValidationError([
      {
        where: source,
        message: 'the file is empty; expected a JSON array of messages or one JSON message per line',
      },
    ]);
  }
  const issues: ValidationIssue[] = [];
  const chunks = splitTranscript(body, source, issues);
  let format: MessageFormat;
  try {
    format = resolveFormat(chunks, options.format ?? 'auto');
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new ValidationError(inLineOrder([...issues, ...error.issues], source));
  }
  const warnings: ConversionWarning[] = [];
  let messages: Message[] = [];
  for (const chunk of chunks) {
    try {
      const result = convertChunk(chunk, format);
      // push, not concat: a JSONL file is one chunk per line, and concat would copy the whole list each time.
      for (const message of result.messages) messages.push(message);
      for (const warning of result.warnings)
        warnings.push({ ...warning, where: relocate(warning.where, chunk) });
    } catch (error) {
      if (!(error instanceof ValidationError)) throw error;
      for (const issue of error.issues) issues.push({ ...issue, where: relocate(issue.where, chunk) });
    }
  }
  if (issues.length > 0) throw new ValidationError(inLineOrder(issues, source));
  // Calls and their results can sit on different lines, so names are filled across the whole file.
  if (format !== 'compactkit') messages = fillToolNames(messages);
  return { messages: assignTurns(messages), format, warnings };
}

function resolveFormat(chunks: readonly TranscriptChunk[], format: 'auto' | MessageFormat): MessageFormat {
  if (format !== 'auto') return format;
  const located = chunks.flatMap((chunk) =>
    chunk.messages.map((message, index) => ({
      message,
      where: joinWhere(chunk.location, chunk.single ? '' : `messages[${index}]`),
    })),
  );
  return detectMessageFormat(
    located.map((entry) => entry.message),
    (index) => located[index]?.where ?? '',
  );
}

/** Converts one chunk; the converters validate their input, so the casts below only name what they check. */
function convertChunk(chunk: TranscriptChunk, format: MessageFormat): ConversionResult {
  if (format === 'anthropic') {
    const system = chunk.system as string | AnthropicTextBlock[] | undefined;
    return fromAnthropicMessages(chunk.messages as AnthropicMessage[], { system });
  }
  const systemIssues: ValidationIssue[] =
    chunk.system === undefined || typeof chunk.system === 'string'
      ? []
      : [{ where: 'system', message: 'expected a string' }];
  let result: ConversionResult;
  try {
    result = convertMessages(chunk.messages, format);
  } catch (error) {
    if (!(error instanceof ValidationError) || systemIssues.length === 0) throw error;
    throw new ValidationError([...systemIssues, ...error.issues]);
  }
  if (systemIssues.length > 0) throw new ValidationError(systemIssues);
  const system: Message[] =
    typeof chunk.system === 'string' && chunk.system !== ''
      ? [{ role: 'system', content: chunk.system }]
      : [];
  return { messages: [...system, ...result.messages], warnings: result.warnings };
}

function convertMessages(messages: unknown[], format: Exclude<MessageFormat, 'anthropic'>): ConversionResult {
  if (format === 'openai') return fromOpenAIMessages(messages as OpenAIMessage[]);
  if (format === 'ai-sdk') return fromModelMessages(messages as AiSdkModelMessage[]);
  return { messages: parseMessages(messages), warnings: [] };
}

/** Moves a converter's `messages[0].content` path into the file: `file:line: content` for a one-message line. */
function relocate(where: string, chunk: TranscriptChunk): string {
  const path = chunk.single ? where.replace(/^messages\[0\]\.?/, '') : where;
  return joinWhere(chunk.location, path);
}

/** Sorts issues by line, keeping the order within a line, so the error message names the first problem in the file. */
function inLineOrder(issues: readonly ValidationIssue[], source: string): ValidationIssue[] {
  const lineOf = (issue: ValidationIssue) =>
    Number(/^:(\d+)/.exec(issue.where.slice(source.length))?.[1] ?? 0);
  return [...issues].sort((left, right) => lineOf(left) - lineOf(right));
}
