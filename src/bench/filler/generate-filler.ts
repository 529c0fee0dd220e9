import { ValidationError, type ValidationIssue } from '../../errors.js';
import type { Message, ToolCall } from '../../messages/types.js';
import { normalizeMatchText } from '../lexicon/normalize-match-text.js';
import type { Prng } from '../random/prng.js';
import { type AvoidGuard, createAvoidGuard, MAX_DRAWS, unavoidable } from './avoid-guard.js';
import { assistantLead, assistantReply, userRequest } from './exchange-text.js';
import { gitTool } from './git-tool.js';
import { listDirectoryTool } from './list-directory-tool.js';
import { readFileTool } from './read-file-tool.js';
import { runCommandTool } from './run-command-tool.js';
import { searchTool } from './search-tool.js';
import type { FillerContext, ToolKind, ToolRun } from './tool-run.js';
import { drawWorkspace, type PrimaryLanguage } from './workspace.js';

/** Options of `generateFiller`. */
export interface FillerOptions {
  /** The only source of randomness; the same stream state gives byte-identical filler. */
  prng: Prng;
  /** Units of agent work: a request (sometimes), tool calls with their results, and a reply. */
  exchanges: number;
  /** The filler's size in cl100k tokens as `countMessage` counts them, overhead included; aim ±15%. */
  targetTokens: number;
  /** Values that must not appear in the filler (normalised, whole words): the case's variable values. */
  avoid: readonly string[];
  /** Tool call ids are `${idPrefix}-call-${n}`, n from 1; give every block its own prefix. */
  idPrefix: string;
  /**
   * `exchanges` (the default): units of work between user turns, each with a user request (sometimes) and a
   * reply. `steps`: the inside of one agent loop, each unit one assistant message with its tool calls and their
   * results, no user and no reply, the assistant's word on a result opening its next message.
   */
  shape?: FillerShape;
  /**
   * Draws the made-up repository the tools work in from this stream instead of `prng`: blocks given streams
   * forked with the same label work in the same repository, as the steps of one agent loop do.
   */
  workspacePrng?: Prng;
  /** The main language of that repository; drawn when absent. */
  language?: PrimaryLanguage;
}

/** How filler is cut into units: exchanges between user turns, or steps of one agent loop. */
export type FillerShape = 'exchanges' | 'steps';

/**
 * Tokens the smallest exchange costs (one call, a tiny output, a reply); when `targetTokens` is below
 * `exchanges` times this, the filler comes out larger than asked.
 */
export const MIN_EXCHANGE_TOKENS = 70;

/** Tool kinds, how often each comes up, and how large a share of an exchange's output it takes. */
type WeightedKinds = readonly (readonly [{ run: ToolKind; capacity: number }, number])[];
const TOOL_KINDS: WeightedKinds = [
  [{ run: readFileTool, capacity: 1 }, 3],
  [{ run: runCommandTool, capacity: 1 }, 3],
  [{ run: searchTool, capacity: 0.5 }, 2],
  [{ run: listDirectoryTool, capacity: 0.3 }, 1],
  [{ run: gitTool, capacity: 0.8 }, 2],
];
// Kinds whose output can be a few lines, for exchanges with a small budget; the very smallest get only these.
const SMALL_KINDS: WeightedKinds = [
  [{ run: searchTool, capacity: 1 }, 3],
  [{ run: listDirectoryTool, capacity: 1 }, 2],
  [{ run: gitTool, capacity: 1 }, 1],
  [{ run: readFileTool, capacity: 1 }, 1],
];
const TINY_KINDS: WeightedKinds = SMALL_KINDS.slice(0, 2);
// Budgets below these get one call, no user request and no small talk; below the second, the tiniest kinds.
const SMALL_EXCHANGE_TOKENS = 280;
const TINY_EXCHANGE_TOKENS = 160;

// Characters per token of short prose with code spans, and of JSON arguments (paths split into many tokens).
const PROSE_CHARS_PER_TOKEN = 3.9;
const ARGUMENTS_CHARS_PER_TOKEN = 3.58;
// Chat formatting plus the role name, per message.
const MESSAGE_TOKENS = 4;
// What a reply usually costs; the real one is counted once written.
const REPLY_ESTIMATE = 34;

/**
 * Realistic coding-agent work for a `distractor_block`: each exchange is an optional user request, an
 * assistant message with 1-3 tool calls (read_file, run_command, list_directory, search, git), the paired tool
 * messages right after it, and a short reply. No message (content or tool call arguments) contains a cue word
 * of `FILLER_BANNED_WORDS` or an `avoid` value (normalised, whole words). Message ids and turns are left for
 * the caller.
 *
 * @throws ValidationError for bad options, or when an `avoid` value is too common to keep out.
 * @example
 * const messages = generateFiller({ prng: createPrng('case-1/filler'), exchanges: 8, targetTokens: 8000, avoid: ['8443'], idPrefix: 'b0' });
 */
export function generateFiller(options: FillerOptions): Message[] {
  checkOptions(options);
  if (options.exchanges === 0) return [];
  const { prng } = options;
  const guard = createAvoidGuard(options.avoid);
  const context: FillerContext = {
    prng,
    guard,
    workspace: drawWorkspace(options.workspacePrng ?? prng, guard, options.language),
  };
  const weights = Array.from({ length: options.exchanges }, () => prng.int(60, 140));
  let remainingWeight = weights.reduce((sum, weight) => sum + weight, 0);
  let remainingTokens = options.targetTokens;
  let callNumber = 0;
  const nextId = () => `${options.idPrefix}-call-${++callNumber}`;
  const messages: Message[] = [];
  let carried = '';
  for (const weight of weights) {
    // Each exchange gets its share of what is left, so estimation errors of earlier ones even out.
    const budget = (remainingTokens * weight) / remainingWeight;
    const unit =
      options.shape === 'steps'
        ? drawStep(context, budget, nextId, carried)
        : drawExchange(context, budget, nextId);
    messages.push(...unit.messages);
    carried = unit.note ?? '';
    remainingTokens -= unit.tokens;
    remainingWeight -= weight;
  }
  return messages;
}

/** One unit of filler, its estimated tokens and, for a step, what the assistant says of it in the next one. */
interface FillerUnit {
  messages: Message[];
  tokens: number;
  note?: string;
}

/**
 * One step of an agent loop: an assistant message (its word on the previous step's results, if any, then
 * what it does now) with one tool call, sometimes two in parallel, and their results.
 */
function drawStep(context: FillerContext, budget: number, nextId: () => string, carried: string): FillerUnit {
  const { prng, guard } = context;
  const brief = budget < SMALL_EXCHANGE_TOKENS;
  const calls = budget < 900 ? 1 : prng.chance(0.25) ? 2 : 1;
  const carriedTokens = carried.length / PROSE_CHARS_PER_TOKEN;
  const fixed = MESSAGE_TOKENS + 10 + calls * 28 + carriedTokens;
  const outputBudget = Math.max(calls * 15, budget - fixed);
  const pool = budget < TINY_EXCHANGE_TOKENS ? TINY_KINDS : brief ? SMALL_KINDS : TOOL_KINDS;
  const kinds = Array.from({ length: calls }, () => prng.weighted(pool));
  const shares = kinds.map((kind) => kind.capacity * (0.6 + prng.next() * 0.8));
  const shareTotal = shares.reduce((sum, share) => sum + share, 0);
  const runs = kinds.map((kind, index) =>
    drawRun(context, kind.run, (outputBudget * (shares[index] as number)) / shareTotal),
  );
  const lead = guard.clean(() => assistantLead(prng, runs, true), 'assistant message');
  const content = carried === '' ? lead : lead === '' ? carried : `${carried} ${lead}`;
  // Agents comment on some results before the next call and go straight on after others.
  const note = prng.chance(0.6) ? guard.clean(() => assistantReply(prng, runs, true), 'assistant note') : '';
  const unit = toolMessages(runs, nextId);
  unit.messages.unshift({ role: 'assistant', content, toolCalls: unit.toolCalls });
  return {
    messages: unit.messages,
    tokens: unit.tokens + MESSAGE_TOKENS + content.length / PROSE_CHARS_PER_TOKEN,
    note,
  };
}

/**
 * The tool calls of some runs and their result messages; `tokens` goes on from `tokensBefore` (added in this
 * order, so an exchange's estimate is the same to the last bit as when it was summed in one place).
 */
function toolMessages(
  runs: readonly ToolRun[],
  nextId: () => string,
  tokensBefore = 0,
): { toolCalls: ToolCall[]; messages: Message[]; tokens: number } {
  const toolCalls: ToolCall[] = runs.map((run) => ({
    id: nextId(),
    name: run.name,
    arguments: { ...run.arguments },
  }));
  const messages: Message[] = [];
  let tokens = tokensBefore;
  for (const [index, run] of runs.entries()) {
    const call = toolCalls[index] as ToolCall;
    tokens += nameTokens(run.name) + JSON.stringify(call.arguments).length / ARGUMENTS_CHARS_PER_TOKEN;
    const message: Message = { role: 'tool', content: run.output, toolCallId: call.id, toolName: run.name };
    if (run.isError) message.isError = true;
    messages.push(message);
    tokens += MESSAGE_TOKENS + run.outputTokens + call.id.length / 2.2 + nameTokens(run.name);
  }
  return { toolCalls, messages, tokens };
}

/** One exchange and its estimated tokens. */
function drawExchange(context: FillerContext, budget: number, nextId: () => string): FillerUnit {
  const { prng, guard } = context;
  const brief = budget < SMALL_EXCHANGE_TOKENS;
  const hasRequest = !brief && prng.chance(0.55);
  const calls = budget < 700 ? 1 : budget < 1600 ? prng.int(1, 2) : prng.int(1, 3);
  const replyEstimate = brief ? REPLY_ESTIMATE / 2 : REPLY_ESTIMATE;
  const fixed = (hasRequest ? 18 : 0) + MESSAGE_TOKENS + 10 + calls * 28 + MESSAGE_TOKENS + replyEstimate;
  const outputBudget = Math.max(calls * 15, budget - fixed);
  const pool = budget < TINY_EXCHANGE_TOKENS ? TINY_KINDS : brief ? SMALL_KINDS : TOOL_KINDS;
  const kinds = Array.from({ length: calls }, () => prng.weighted(pool));
  const shares = kinds.map((kind) => kind.capacity * (0.6 + prng.next() * 0.8));
  const shareTotal = shares.reduce((sum, share) => sum + share, 0);
  const runs = kinds.map((kind, index) =>
    drawRun(context, kind.run, (outputBudget * (shares[index] as number)) / shareTotal),
  );
  const request = hasRequest ? guard.clean(() => userRequest(prng, runs), 'user request') : undefined;
  const lead = guard.clean(() => assistantLead(prng, runs, brief), 'assistant message');
  const reply = guard.clean(() => assistantReply(prng, runs, brief), 'assistant reply');
  let tokens = 0;
  if (request !== undefined) tokens += MESSAGE_TOKENS + request.length / PROSE_CHARS_PER_TOKEN;
  tokens += MESSAGE_TOKENS + lead.length / PROSE_CHARS_PER_TOKEN;
  const tools = toolMessages(runs, nextId, tokens);
  tokens = tools.tokens;
  const messages: Message[] = request === undefined ? [] : [{ role: 'user', content: request }];
  messages.push({ role: 'assistant', content: lead, toolCalls: tools.toolCalls }, ...tools.messages);
  messages.push({ role: 'assistant', content: reply });
  tokens += MESSAGE_TOKENS + reply.length / PROSE_CHARS_PER_TOKEN;
  return { messages, tokens };
}

/** Runs a tool kind until its short texts (arguments, lead, note, request) hold no avoided value. */
function drawRun(context: FillerContext, kind: ToolKind, targetTokens: number): ToolRun {
  let clash = '';
  for (let attempt = 0; attempt < MAX_DRAWS; attempt++) {
    const run = kind(context, targetTokens);
    const found = findInShortTexts(context.guard, run);
    if (found === undefined) return run;
    clash = found;
  }
  throw unavoidable(clash, 'tool call');
}

function findInShortTexts(guard: AvoidGuard, run: ToolRun): string | undefined {
  if (!guard.active) return undefined;
  const texts = [run.lead, run.note, run.request, ...Object.values(run.arguments).map(String)];
  for (const text of texts) {
    const found = guard.find(normalizeMatchText(text));
    if (found !== undefined) return found;
  }
  return undefined;
}

// cl100k splits these tool names into this many tokens.
const NAME_TOKENS: Readonly<Record<string, number>> = {
  read_file: 2,
  run_command: 2,
  list_directory: 2,
  search: 1,
  git: 1,
};

function nameTokens(name: string): number {
  return NAME_TOKENS[name] ?? 2;
}

function checkOptions(options: FillerOptions): void {
  const issues: ValidationIssue[] = [];
  const where = (field: string): string => `generateFiller(options).${field}`;
  if (!Number.isSafeInteger(options.exchanges) || options.exchanges < 0) {
    issues.push({
      where: where('exchanges'),
      message: `must be a whole number >= 0, got ${options.exchanges}`,
    });
  }
  if (!Number.isFinite(options.targetTokens) || options.targetTokens < 0) {
    issues.push({
      where: where('targetTokens'),
      message: `must be a finite number >= 0, got ${options.targetTokens}`,
    });
  }
  if (!Array.isArray(options.avoid) || options.avoid.some((value) => typeof value !== 'string')) {
    issues.push({ where: where('avoid'), message: 'must be a list of strings (the case variable values)' });
  }
  if (typeof options.idPrefix !== 'string' || options.idPrefix === '') {
    issues.push({ where: where('idPrefix'), message: 'must be a non-empty string, e.g. "b0"' });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}
