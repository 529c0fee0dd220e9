import { readFileSync } from 'node:fs';
import { CompactionError } from '../errors.js';
import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/types.js';
import { statesRule } from './states-rule.js';
import type { PinnedFile, PinOptions } from './types.js';

/** True for the CompactionError `checkPinsFit` throws (pins alone over the budget). */
export function isPinsOverBudgetError(error: unknown): boolean {
  return error instanceof CompactionError && error.message.includes(PINS_OVER_BUDGET);
}

const PINS_OVER_BUDGET = 'pinned content is';

/** Id prefix of the messages that carry a pinned file's text. */
export const PINNED_FILE_ID_PREFIX = 'compactkit:pinned-file:';

/** Options of `findPinned`. */
export interface FindPinnedOptions {
  messages: readonly Message[];
  pins: PinOptions;
  /** True for the loop being worked on: its first user request is the running task and is pinned. */
  isCurrentLoop: boolean;
}

/** One pinned message, and why. */
export interface PinnedMessage {
  message: Message;
  index: number;
  reason: 'system prompt' | 'first request' | 'rule' | 'caller';
}

/**
 * The messages no compaction may drop or summarise: system messages, the first user request of the running loop,
 * user messages that state rules (`pins.isRule`, the built-in `statesRule` by default), and the caller's pins by
 * id or predicate. A pinned assistant message or tool result pins its whole step (the call and every result), so
 * the pins never break a tool pair.
 */
export function findPinned(options: FindPinnedOptions): PinnedMessage[] {
  const { messages, pins } = options;
  const ids = new Set(pins.messageIds ?? []);
  const builtIn = pins.builtIn !== false;
  const isRule = pins.isRule === false ? undefined : (pins.isRule ?? (builtIn ? statesRule : undefined));
  const reasons = new Map<number, PinnedMessage['reason']>();
  let firstRequest = options.isCurrentLoop && builtIn;
  messages.forEach((message, index) => {
    if (message.role === 'system' && builtIn) reasons.set(index, 'system prompt');
    else if (message.role === 'user' && firstRequest) {
      reasons.set(index, 'first request');
      firstRequest = false;
    } else if ((message.id !== undefined && ids.has(message.id)) || pins.predicate?.(message) === true)
      reasons.set(index, 'caller');
    else if (message.role === 'user' && isRule?.(message) === true) reasons.set(index, 'rule');
  });
  for (const index of [...reasons.keys()]) {
    const [start, end] = stepBounds(messages, index);
    for (let other = start; other < end; other++)
      if (!reasons.has(other)) reasons.set(other, reasons.get(index) ?? 'caller');
  }
  return [...reasons.entries()]
    .sort(([a], [b]) => a - b)
    .map(([index, reason]) => ({ message: messages[index] as Message, index, reason }));
}

/** The step a message belongs to: an assistant message with tool calls and the results right after it. */
function stepBounds(messages: readonly Message[], index: number): [number, number] {
  const message = messages[index] as Message;
  if (message.role !== 'tool' && !(message.role === 'assistant' && message.toolCalls?.length)) {
    return [index, index + 1];
  }
  let start = index;
  while (start > 0 && messages[start]?.role === 'tool') start--;
  if (messages[start]?.role !== 'assistant') return [index, index + 1];
  let end = start + 1;
  while (end < messages.length && messages[end]?.role === 'tool') end++;
  return [start, end];
}

/** The messages that put pinned files back into the context, one per file, in the order given. */
export function pinnedFileMessages(files: readonly PinnedFile[]): Message[] {
  return files.map((file) => {
    let text = file.text;
    if (text === undefined) {
      try {
        text = readFileSync(file.path, 'utf8');
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw new CompactionError(`pinned file ${file.path} cannot be read: ${reason}`, { cause: error });
      }
    }
    return {
      id: `${PINNED_FILE_ID_PREFIX}${file.path}`,
      role: 'user' as const,
      content: `[Pinned file ${file.path}, put back after compaction]\n${text}`,
    };
  });
}

/** Options of `checkPinsFit`. */
export interface CheckPinsFitOptions {
  pinned: readonly PinnedMessage[];
  files: readonly Message[];
  budgetTokens: number;
  counter: TokenCounter;
  /** Names the loop in the error. */
  where: string;
}

/**
 * Throws a CompactionError when the pins alone exceed the budget, saying by how much and listing the largest pins.
 */
export function checkPinsFit(options: CheckPinsFitOptions): number {
  const { counter } = options;
  const sized = [
    ...options.pinned.map((pin) => ({
      name: `${pin.reason} (message ${pin.message.id ?? `#${pin.index}`})`,
      tokens: counter.countMessage(pin.message),
    })),
    ...options.files.map((file) => ({
      name: (file.id ?? '').slice(PINNED_FILE_ID_PREFIX.length),
      tokens: counter.countMessage(file),
    })),
  ];
  const total = sized.reduce((sum, pin) => sum + pin.tokens, 0);
  if (total <= options.budgetTokens) return total;
  const largest = [...sized]
    .sort((a, b) => b.tokens - a.tokens)
    .slice(0, 5)
    .map((pin) => `${pin.name} ${pin.tokens}`)
    .join(', ');
  throw new CompactionError(
    `${options.where}: pinned content is ${total} tokens, over the budget of ${options.budgetTokens} by ${total - options.budgetTokens} (largest pins: ${largest}); raise the budget or pin less`,
  );
}
