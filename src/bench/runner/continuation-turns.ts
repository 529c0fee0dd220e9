import type { Message } from '../../messages/types.js';

/**
 * The two messages a drift cycle appends: the continuation user turn and the target's reply, numbered as the
 * next turn after `history`, with ids `c{cycle}-user` and `c{cycle}-assistant`.
 */
export function continuationTurns(
  history: readonly Message[],
  cycle: number,
  userTurn: string,
  reply: string,
): Message[] {
  const lastTurn = history.reduce((highest, message) => Math.max(highest, message.turn ?? -1), -1);
  const turn = lastTurn + 1;
  return [
    { id: `c${cycle}-user`, role: 'user', content: userTurn, turn },
    { id: `c${cycle}-assistant`, role: 'assistant', content: reply, turn },
  ];
}
