import type { Message } from '../messages/types.js';

/** One step of a turn: an assistant message and the tool results right after it, or a lone other message. */
export interface Step {
  /** Index of the step's first message in the turn. */
  start: number;
  messages: Message[];
}

/** A turn split into its head (the request: everything before the first assistant message) and its steps. */
export interface TurnSteps {
  head: Message[];
  steps: Step[];
}

/**
 * Splits one turn's messages into the head and the steps. A step is one assistant message with its tool calls
 * plus the tool results that follow it; any other message after the head (a user or system message inside the
 * turn) is a step of its own, so nothing is ever merged into a neighbour's pair.
 */
export function splitSteps(messages: readonly Message[]): TurnSteps {
  const firstAssistant = messages.findIndex((message) => message.role === 'assistant');
  const headEnd = firstAssistant < 0 ? messages.length : firstAssistant;
  const steps: Step[] = [];
  for (let index = headEnd; index < messages.length; index++) {
    const message = messages[index] as Message;
    const current = steps[steps.length - 1];
    if (message.role === 'tool' && current && current.messages[0]?.role === 'assistant') {
      current.messages.push(message);
      continue;
    }
    steps.push({ start: index, messages: [message] });
  }
  return { head: messages.slice(0, headEnd), steps };
}
