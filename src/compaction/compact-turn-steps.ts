import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/types.js';
import { cutTextToTokens } from './cut-text-to-tokens.js';
import { type Step, splitSteps } from './split-steps.js';
import { digestMessage, MIN_KEPT_TOKENS, markerCost } from './step-digest.js';
import { type TruncateOptions, truncateToolOutputs } from './truncate-tool-output.js';

/** Options of `compactTurnSteps`. */
export interface CompactTurnStepsOptions {
  /** The messages of one turn. */
  messages: readonly Message[];
  /** The most the result may cost, as a sum of `countMessage` (pinned messages excluded: the caller reserved them). */
  roomTokens: number;
  /** Older steps are kept verbatim while the result costs less than this (the floor), and fit the room. */
  fillTokens: number;
  counter: TokenCounter;
  /** Messages that must stay verbatim; a step holding one is never digested. */
  pinned: ReadonlySet<Message>;
  /** How tool outputs of older kept steps are cut (the latest step's results stay whole). */
  truncate: TruncateOptions;
  /** The most the digest may take. */
  maxDigestTokens: number;
  /** Names the turn in the digest header, e.g. `turn 3 of loop L`. */
  label: string;
  /**
   * An older turn (not the one the agent is in): its latest step may go to a digest when it cannot fit even cut,
   * so the smaller steps before it are kept instead of nothing.
   */
  latestMayGo?: boolean;
}

/** A turn compacted step by step. */
export interface CompactedTurn {
  messages: Message[];
  /** Steps replaced by the digest. */
  digestedSteps: number;
  warnings: string[];
}

/**
 * Compacts one turn that is too big for its room: the head (the user request) stays verbatim, the latest step stays
 * verbatim with its tool results whole (a result that alone exceeds the room is cut, head and tail kept, with a
 * marker), older steps stay verbatim (outputs truncated) newest first while they fit and the result is below
 * `fillTokens`, and the remaining older steps become one deterministic digest message that names every file,
 * command, exit status and error line, and says which steps it replaced. Pinned steps are never digested. Tool
 * calls stay paired: a step is kept (whole or cut) or digested whole. Undefined when the turn has no step to compact.
 */
export function compactTurnSteps(options: CompactTurnStepsOptions): CompactedTurn | undefined {
  const { counter, pinned, roomTokens } = options;
  const { head, steps } = splitSteps(options.messages);
  const last = steps[steps.length - 1];
  if (!last) return undefined;
  // Pinned messages cost nothing here: the caller reserved them.
  const cost = (messages: readonly Message[]) =>
    messages.reduce((sum, message) => sum + (pinned.has(message) ? 0 : counter.countMessage(message)), 0);
  const isPinned = (step: Step) => step.messages.some((message) => pinned.has(message));
  const older = steps.slice(0, -1);
  const pinnedOlder = older.filter(isPinned);
  const droppable = older.filter((step) => !isPinned(step));
  const base = cost(head) + pinnedOlder.reduce((sum, step) => sum + cost(step.messages), 0);
  const turn = (head[0] ?? last.messages[0])?.turn;
  // At least what the shortest digest costs (its one-line marker, once per run it may take), or the steps kept
  // around it would leave no room for it and the whole turn would fail to fit.
  const reserveFor = (dropped: readonly Step[], runs: number) =>
    dropped.length > 0
      ? Math.max(
          Math.min(options.maxDigestTokens, Math.floor(roomTokens / 5)),
          runs *
            markerCost(
              dropped.map((step) => steps.indexOf(step) + 1),
              options.label,
              turn,
              counter,
            ),
        )
      : 0;
  const warnings: string[] = [];
  const kept = new Map<Step, Message[]>();
  let used = base;
  const latestWarnings: string[] = [];
  const latest = fitLatestStep({
    step: last,
    room: roomTokens - base - reserveFor(droppable, 1),
    options,
    warnings: latestWarnings,
  });
  const latestGoes =
    options.latestMayGo === true &&
    !isPinned(last) &&
    cost(latest) > roomTokens - base - reserveFor(droppable, 1);
  if (latestGoes) {
    droppable.push(last);
  } else {
    kept.set(last, latest);
    used += cost(latest);
    warnings.push(...latestWarnings);
  }
  const reserve = reserveFor(droppable, latestGoes && droppable.length > 1 ? 2 : 1);
  for (let index = droppable.length - 1; index >= 0; index--) {
    const step = droppable[index] as Step;
    const form = truncateToolOutputs(step.messages, options.truncate);
    const stepCost = cost(form);
    if (used >= options.fillTokens) break;
    if (used + reserve + stepCost > roomTokens) {
      // The floor: below it, a step too big for what is left is kept cut (head and tail of each message) rather
      // than reduced to a digest line; above it, it goes to the digest and older, smaller steps may still fit.
      const cut = cutMessagesToFit({ messages: form, room: roomTokens - reserve - used, counter });
      if (cut) {
        kept.set(step, cut);
        used += cost(cut);
      }
      continue;
    }
    kept.set(step, form);
    used += stepCost;
  }
  for (const step of pinnedOlder) kept.set(step, step.messages);
  const digested = droppable.filter((step) => !kept.has(step));
  if (digested.length === 0) {
    const ordered = steps.flatMap((step) => kept.get(step) as Message[]);
    return { messages: [...head, ...ordered], digestedSteps: 0, warnings };
  }
  // Each run of digested steps becomes one digest in its place, so the order of events survives; the budget is
  // shared by the runs in proportion to their steps (one run, the usual case, gets all of it).
  const digestBudget = Math.min(options.maxDigestTokens, roomTokens - used);
  const digestOf = (run: readonly Step[], budgetTokens: number, trailing: boolean, fillTokens: number) =>
    digestMessage({
      steps: run,
      numbers: run.map((step) => steps.indexOf(step) + 1),
      label: options.label,
      budgetTokens,
      counter,
      turn,
      trailing,
      fillTokens,
    });
  const keptMessages = (step: Step) => kept.get(step) ?? [];
  if (!latestGoes) {
    // The latest step stays, so every digested step is older than it: one digest right after the head, as a
    // step digest has always been placed, costs one header and one reserve.
    const digest = digestOf(digested, digestBudget, false, Math.max(0, options.fillTokens - used));
    return {
      messages: [...head, digest, ...steps.flatMap(keptMessages)],
      digestedSteps: digested.length,
      warnings,
    };
  }
  // An older turn whose latest step went: each run of digested steps becomes one digest in its place, so the
  // order of events survives; the budget is shared by the runs in proportion to their steps.
  const runs = digestedRuns(steps, kept);
  const messages = [...head];
  let next = 0;
  for (const run of runs) {
    for (; next < run.from; next++) messages.push(...keptMessages(steps[next] as Step));
    const share = Math.floor((digestBudget * run.steps.length) / digested.length);
    const trailing = run.from + run.steps.length === steps.length;
    messages.push(
      digestOf(run.steps, share, trailing, runs.length === 1 ? Math.max(0, options.fillTokens - used) : 0),
    );
    next = run.from + run.steps.length;
  }
  for (; next < steps.length; next++) messages.push(...keptMessages(steps[next] as Step));
  return { messages, digestedSteps: digested.length, warnings };
}

/** The maximal runs of consecutive steps not kept, with the index of each run's first step. */
function digestedRuns(
  steps: readonly Step[],
  kept: ReadonlyMap<Step, Message[]>,
): { from: number; steps: Step[] }[] {
  const runs: { from: number; steps: Step[] }[] = [];
  steps.forEach((step, index) => {
    if (kept.has(step)) return;
    const current = runs[runs.length - 1];
    if (current && current.from + current.steps.length === index) current.steps.push(step);
    else runs.push({ from: index, steps: [step] });
  });
  return runs;
}

/** The latest step with its results whole, or cut (head and tail kept) to share the room when they do not fit. */
function fitLatestStep(input: {
  step: Step;
  room: number;
  options: CompactTurnStepsOptions;
  /** Receives a line for each result that had to be cut. */
  warnings: string[];
}): Message[] {
  const { step, room, options, warnings } = input;
  const { counter } = options;
  const total = step.messages.reduce((sum, message) => sum + counter.countMessage(message), 0);
  if (total <= room) return step.messages;
  const [call, ...results] = step.messages;
  if (!call || results.length === 0) return step.messages;
  // Water-filling: small results stay whole, the large ones share what is left equally.
  let available = room - counter.countMessage(call);
  const bySize = [...results].sort((a, b) => counter.countMessage(a) - counter.countMessage(b));
  const caps = new Map<Message, number>();
  bySize.forEach((result, index) => {
    const share = Math.floor(available / (bySize.length - index));
    const whole = counter.countMessage(result);
    caps.set(result, Math.min(whole, share));
    available -= Math.min(whole, share);
  });
  const cut = results.map((result) => {
    const cap = caps.get(result) as number;
    const whole = counter.countMessage(result);
    if (whole <= cap) return result;
    const overhead = whole - counter.countText(result.content);
    const content = cutTextToTokens({
      text: result.content,
      maxTokens: Math.max(0, cap - overhead),
      counter,
      what: 'tool output',
    });
    warnings.push(
      `the latest result of ${result.toolName ?? 'a tool'} (${result.toolCallId ?? 'no id'}, ${whole} tokens) alone exceeds the room of ${Math.max(0, cap)} tokens; it was cut, head and tail kept`,
    );
    return { ...result, content };
  });
  return [call, ...cut];
}

/**
 * Messages cut to `room` tokens: every unpinned message keeps its head and tail, the larger ones sharing what is
 * left equally (water-filling), tool calls and ids untouched, pinned messages whole. Undefined when that would
 * leave a message almost empty or the pinned ones alone do not fit.
 */
export function cutMessagesToFit(input: {
  messages: readonly Message[];
  room: number;
  counter: TokenCounter;
  pinned?: ReadonlySet<Message>;
}): Message[] | undefined {
  const { room, counter } = input;
  const pinned = input.pinned ?? new Set<Message>();
  const messages = input.messages.filter((message) => !pinned.has(message));
  const pinnedCost = input.messages
    .filter((message) => pinned.has(message))
    .reduce((sum, message) => sum + counter.countMessage(message), 0);
  const sizes = new Map(messages.map((message) => [message, counter.countMessage(message)] as const));
  const texts = new Map(messages.map((message) => [message, counter.countText(message.content)] as const));
  const overhead = [...sizes].reduce(
    (sum, [message, size]) => sum + size - (texts.get(message) as number),
    0,
  );
  let available = room - pinnedCost - overhead;
  const bySize = [...messages].sort((a, b) => (sizes.get(a) as number) - (sizes.get(b) as number));
  const caps = new Map<Message, number>();
  bySize.forEach((message, index) => {
    const share = Math.floor(available / (bySize.length - index));
    caps.set(message, Math.min(texts.get(message) as number, share));
    available -= caps.get(message) as number;
  });
  // Only a message that must be cut counts: a short one kept whole is fine however few tokens it has.
  const tooShort = ([message, cap]: [Message, number]) =>
    cap < (texts.get(message) as number) && cap < MIN_KEPT_TOKENS;
  if ([...caps].some(tooShort)) return undefined;
  const cut = input.messages.map((message) => {
    if (pinned.has(message)) return message;
    const cap = caps.get(message) as number;
    if ((texts.get(message) as number) <= cap) return message;
    return {
      ...message,
      content: cutTextToTokens({ text: message.content, maxTokens: cap, counter, what: 'message' }),
    };
  });
  const total = cut.reduce((sum, message) => sum + counter.countMessage(message), 0);
  return total <= room ? cut : undefined;
}
