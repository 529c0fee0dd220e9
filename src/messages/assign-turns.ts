import type { Message } from './types.js';

/**
 * Returns copies of `messages` in which every message has a `turn`; the input is never mutated.
 *
 * The rule, for messages that lack a turn:
 * - a user message opens a new turn, numbered one past the highest turn seen so far (0 when it is the first
 *   message), so numbers never go backwards and no turn is empty;
 * - any other message (system, assistant, tool) continues the turn of the message before it, so everything
 *   before the first user message is turn 0, and tool calls and results stay with the user request that
 *   caused them.
 * Messages that already carry a turn keep it, and numbering continues after the highest one seen.
 *
 * @example
 * assignTurns([system, user, assistant, tool, assistant, user]).map((m) => m.turn) // [0, 1, 1, 1, 1, 2]
 */
export function assignTurns(messages: readonly Message[]): Message[] {
  let highest = -1;
  let current: number | undefined;
  return messages.map((message) => {
    let turn = message.turn;
    if (turn === undefined) turn = message.role === 'user' ? highest + 1 : (current ?? 0);
    current = turn;
    highest = Math.max(highest, turn);
    return { ...message, turn };
  });
}
