import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/types.js';
import { cutTextToTokens } from './cut-text-to-tokens.js';
import { digestStep } from './digest-step.js';
import { formatTurns } from './format-turns.js';
import type { Step } from './split-steps.js';
import { SUMMARY_ID_PREFIX } from './summary-id.js';

// The digest that stands for the steps of a turn `compactTurnSteps` could not keep: one line per step, fitted
// to its budget as a message.

// Below this many tokens of a message's own text left, cutting it keeps too little to be worth more than a digest.
export const MIN_KEPT_TOKENS = 16;

// Digest lines of steps already digested, by the step's first message: a growing turn digests only new steps.
const digestCache = new WeakMap<Message, string>();

/** The digest's one-line form, when not even its header fits. */
function markerText(numbers: readonly number[], label: string): string {
  return `[Steps ${formatTurns(numbers)} of ${label} were compacted; no room for their digest.]`;
}

/** What a digest message costs at the least: its marker line. */
export function markerCost(
  numbers: readonly number[],
  label: string,
  turn: number | undefined,
  counter: TokenCounter,
): number {
  const content = markerText(numbers, label);
  return counter.countMessage({ role: 'user', content, ...(turn === undefined ? {} : { turn }) });
}

export interface DigestInput {
  steps: readonly Step[];
  numbers: readonly number[];
  label: string;
  budgetTokens: number;
  counter: TokenCounter;
  turn: number | undefined;
  /** True when no kept step follows the digested ones (an older turn whose latest step was digested). */
  trailing: boolean;
  /** What the digest should reach when it can: the floor's shortfall, 0 when the kept steps reach it. */
  fillTokens: number;
}

// The least an excerpt that fills a digest is given: its cut marker and a few words either side.
const MIN_EXCERPT_TOKENS = 48;

/** `line` cut to `room` tokens, head and tail kept. */
function cutLine(line: string, room: number, counter: TokenCounter): string {
  return cutTextToTokens({ text: line, maxTokens: room, counter, what: 'digest line' });
}

/** The words of a step, as an excerpt: its calls' arguments and its results, one line. */
function excerptOf(step: Step): string {
  const parts = step.messages.flatMap((message) => [
    ...(message.toolCalls ?? []).map((call) => `${call.name} ${JSON.stringify(call.arguments ?? {})}`),
    ...(message.role === 'tool' || message.content.trim() !== '' ? [message.content] : []),
  ]);
  return `excerpt: ${parts.join(' | ').replace(/\s+/g, ' ').trim()}`;
}

/** The digest of the replaced steps, oldest lines left out first when it would exceed its budget. */
export function digestMessage(input: DigestInput): Message {
  const { numbers, counter } = input;
  const lines = input.steps.map((step, index) => {
    const first = step.messages[0] as Message;
    let body = digestCache.get(first);
    if (body === undefined) {
      body = digestStep(step);
      digestCache.set(first, body);
    }
    return `- step ${numbers[index]}: ${body}`;
  });
  const after = input.trailing
    ? 'they were the last steps of this turn'
    : 'the steps after them follow verbatim';
  const header = `[Compacted steps ${formatTurns(numbers)} of ${input.label}: ${numbers.length} step(s) of tool calls and results were replaced by this digest; ${after}.]`;
  let from = 0;
  const render = () => {
    const omitted = numbers.slice(0, from);
    const note =
      omitted.length > 0
        ? [
            `[the digest lines of ${omitted.length} older step(s) were left out for the budget: steps ${formatTurns(omitted)}]`,
          ]
        : [];
    return [header, ...note, ...lines.slice(from)].join('\n');
  };
  // The budget is the message's: its text plus the role and framing a message costs.
  const messageCost = (content: string) =>
    counter.countMessage({
      role: 'user',
      content,
      ...(input.turn === undefined ? {} : { turn: input.turn }),
    });
  const fits = (content: string) => messageCost(content) <= input.budgetTokens;
  let text = render();
  while (from < lines.length && !fits(text)) {
    const overflow = messageCost(text) - input.budgetTokens;
    let freed = 0;
    while (from < lines.length && freed < overflow) freed += counter.countText(lines[from++] as string) + 1;
    text = render();
  }
  const last = lines.length - 1;
  // What the digest message costs beyond its text (role, framing) and a line break: the parts added below are
  // sized by it, so the message, not only its text, stays within the budget.
  const overhead = counter.countMessage({ role: 'user', content: '' }) + 1;
  if (from > last && last >= 0) {
    // Not even the newest line fits whole: it is cut into what the header leaves rather than lost to the marker.
    const newest = lines[last] as string;
    from = last;
    lines[last] = '';
    const room = input.budgetTokens - counter.countText(render()) - overhead;
    lines[last] = room >= MIN_KEPT_TOKENS ? cutLine(newest, room, counter) : newest;
    text = render();
    if (!fits(text)) {
      // A small budget: one short line names every step compacted, and the newest step's line, cut, follows.
      // A cut line never goes below its cut note, which may outgrow a small room: then the marker stands.
      const short = `[Steps ${formatTurns(numbers)} of ${input.label} were compacted; their digest is cut to its budget:]`;
      const left = input.budgetTokens - counter.countText(short) - overhead;
      if (left >= MIN_KEPT_TOKENS) text = `${short}\n${cutLine(newest, left, counter)}`;
    }
  } else if (last >= 0 && input.fillTokens > 0) {
    // Below the floor with room to spare, the newest step's own words fill it: its call and output, cut.
    // An excerpt costs its cut marker too, so a small shortfall still takes one of a useful size.
    const used = counter.countText(text);
    const room =
      Math.min(input.budgetTokens - used, Math.max(input.fillTokens - used, MIN_EXCERPT_TOKENS)) - overhead;
    if (used < input.fillTokens && room >= MIN_KEPT_TOKENS) {
      const line = lines[last] as string;
      lines[last] = `${line} | ${cutLine(excerptOf(input.steps[last] as Step), room, counter)}`;
      const filled = render();
      // An excerpt's cut note may outgrow a small room: the digest then stays as it was.
      if (fits(filled)) text = filled;
      else lines[last] = line;
    }
  }
  if (!fits(text)) text = markerText(numbers, input.label);
  return {
    id: `${SUMMARY_ID_PREFIX}steps:${input.label}:${numbers[0]}-${numbers[numbers.length - 1]}`,
    role: 'user',
    content: text,
    ...(input.turn === undefined ? {} : { turn: input.turn }),
  };
}
