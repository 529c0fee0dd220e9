import type { Message, ToolCall } from '../messages/types.js';
import type { TokenCounter } from '../tokens/index.js';
import { digestKeySentences, isKeySentence, splitSentences } from './key-sentences.js';
import { clip, findErrorLine } from './truncate-tool-output.js';

/** Argument names that identify what a tool touched; kept in summaries so the trail survives compaction. */
const KEY_ARGUMENTS = [
  'path',
  'file_path',
  'filePath',
  'file',
  'filename',
  'paths',
  'command',
  'cmd',
  'script',
  'pattern',
  'query',
  'url',
  'target',
  'directory',
  'dir',
] as const;
const MAX_ARGUMENT_CHARS = 160;
const MAX_ERROR_CHARS = 240;
const MAX_REPLY_CHARS = 240;

/** The summary of one turn, split by priority: instructions survive longer than activity. */
export interface TurnSummary {
  /** Index of the turn in its loop's TurnMap. */
  turn: number;
  /** One line per user or system message: verbatim up to the cap, else its key sentences. */
  instructionLines: InstructionLine[];
  /** One line for what the assistant did and said, or undefined when it did nothing. */
  activityLine?: string;
  /** All text of the turn, lowercased, for focus matching; empty unless a focus was given. */
  searchText: string;
}

/** A user or system message as one summary line. */
export interface InstructionLine {
  line: string;
  /** True when it states a rule, constraint or decision: such lines outrank everything else. */
  isRule: boolean;
}

/** Options for summarising a turn. */
export interface SummarizeTurnOptions {
  /** Index of the turn in its loop's TurnMap. */
  turn: number;
  /** The turn's messages. */
  messages: readonly Message[];
  counter: TokenCounter;
  /** A user message up to this many tokens is kept verbatim. */
  userMessageVerbatimTokens: number;
  /** Set when a focus hint is in play, so the turn's text is kept for matching. */
  withSearchText?: boolean;
}

/** Summarises one turn into instruction lines and one activity line (tools, key arguments, errors, reply). */
export function summarizeTurn(options: SummarizeTurnOptions): TurnSummary {
  const { turn, messages } = options;
  const instructionLines: InstructionLine[] = [];
  const actions: string[] = [];
  const calls = new Map<string, ToolCall>();
  let reply = '';
  for (const message of messages) {
    if (message.role === 'user' || message.role === 'system') {
      instructionLines.push({
        line: `[turn ${turn}] ${message.role}: ${instructionText(message, options)}`,
        isRule: splitSentences(message.content).some(isKeySentence),
      });
    } else if (message.role === 'assistant') {
      for (const call of message.toolCalls ?? []) calls.set(call.id, call);
      if (message.content.trim() !== '') reply = message.content;
      const attachments = describeAttachments(message);
      if (attachments) actions.push(`attached ${attachments.slice('[returned '.length, -1)}`);
    } else {
      const call = message.toolCallId === undefined ? undefined : calls.get(message.toolCallId);
      actions.push(describeToolUse(call, message));
      if (call) calls.delete(call.id);
    }
  }
  for (const call of calls.values()) actions.push(`${describeCall(call)} (no result)`);
  const parts: string[] = [];
  if (actions.length > 0) parts.push(`tools: ${actions.join('; ')}`);
  const replySentence = splitSentences(reply)[0];
  if (replySentence) parts.push(`said: "${clip(replySentence, MAX_REPLY_CHARS)}"`);
  const searchText = options.withSearchText
    ? messages
        .map((message) => `${message.content} ${JSON.stringify(message.toolCalls ?? '')}`)
        .join(' ')
        .toLowerCase()
    : '';
  return {
    turn,
    instructionLines,
    ...(parts.length > 0 ? { activityLine: `[turn ${turn}] assistant: ${parts.join('; ')}` } : {}),
    searchText,
  };
}

function instructionText(message: Message, options: SummarizeTurnOptions): string {
  const attachments = (message.attachments ?? []).map((part) =>
    part.type === 'image'
      ? `[image${part.mediaType ? ` ${part.mediaType}` : ''}]`
      : `[file ${part.filename ?? part.mediaType}]`,
  );
  const text = message.content.replace(/\s*\n\s*/g, ' ').trim();
  const body =
    options.counter.countText(message.content) <= options.userMessageVerbatimTokens
      ? text
      : digestKeySentences(message.content);
  return [body, ...attachments].filter((part) => part !== '').join(' ');
}

/** "bash `npm test` -> error: ..." for one call and its result. */
function describeToolUse(call: ToolCall | undefined, result: Message): string {
  const head = call ? describeCall(call) : (result.toolName ?? 'tool');
  const errorLine = errorLineOf(result, call);
  const attachments = describeAttachments(result);
  const described = attachments ? `${head} ${attachments}` : head;
  return errorLine ? `${described} -> error: "${clip(errorLine, MAX_ERROR_CHARS)}"` : described;
}

/** "[returned image/png, file report.pdf]" so a summarised attachment is named, not silently gone. */
function describeAttachments(message: Message): string {
  const parts = (message.attachments ?? []).map((part) =>
    part.type === 'image' ? (part.mediaType ?? 'image') : `file ${part.filename ?? part.mediaType}`,
  );
  return parts.length > 0 ? `[returned ${parts.join(', ')}]` : '';
}

/** Tool name with its identifying arguments (paths, commands, patterns). */
export function describeCall(call: ToolCall): string {
  const args = call.arguments;
  const shown: string[] = [];
  if (typeof args === 'string') {
    shown.push(`\`${clip(args.replace(/\s+/g, ' '), MAX_ARGUMENT_CHARS)}\``);
  } else if (args !== null && typeof args === 'object') {
    const record = args as Record<string, unknown>;
    for (const key of KEY_ARGUMENTS) {
      const value = record[key];
      if (typeof value === 'string' || typeof value === 'number') {
        shown.push(`\`${clip(String(value).replace(/\s+/g, ' '), MAX_ARGUMENT_CHARS)}\``);
      } else if (Array.isArray(value)) {
        shown.push(`\`${clip(value.map(String).join(', '), MAX_ARGUMENT_CHARS)}\``);
      }
    }
    if (shown.length === 0) {
      const firstString = Object.entries(record).find(([, value]) => typeof value === 'string');
      if (firstString) shown.push(`${firstString[0]}=\`${clip(String(firstString[1]), 60)}\``);
    }
  }
  return shown.length > 0 ? `${call.name} ${shown.join(' ')}` : call.name;
}

/** Tools whose output is a command's report, where an error line means the command failed. */
const COMMAND_TOOL = /bash|shell|exec|run|command|terminal|test|build|lint|compile|deploy/i;

/**
 * The line of a result that reports a failure. Only error results and command outputs are searched: a file
 * that merely contains `throw new Error` is not a failure.
 */
function errorLineOf(result: Message, call: ToolCall | undefined): string | undefined {
  const name = call?.name ?? result.toolName ?? '';
  const args = call?.arguments;
  const isCommand =
    COMMAND_TOOL.test(name) ||
    (args !== null && typeof args === 'object' && ('command' in args || 'cmd' in args || 'script' in args));
  if (!result.isError && !isCommand) return undefined;
  const lines = result.content.split('\n').map((line) => line.trim());
  const errorLine = findErrorLine(lines);
  if (errorLine) return errorLine;
  return result.isError ? (lines.find((line) => line !== '') ?? 'failed') : undefined;
}
