import type { CompletionRequest } from '../../llm/index.js';
import type { Example } from '../types.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The request that asks a model to answer an example from a context: options shown with their letters and a
 * letter asked for when the example has `choices`; the example's own `instruction` when it has one (a
 * summarisation or code set); else its question.
 */
export function buildAnswerRequest(example: Example, context: string): CompletionRequest {
  const parts: string[] = [];
  if (context !== '') parts.push(`Context:\n${context}`);
  if (typeof example.question === 'string' && example.question !== '')
    parts.push(`Question: ${example.question}`);
  const choices = Array.isArray(example.choices) ? example.choices : [];
  if (choices.length > 0) {
    parts.push(`Options:\n${choices.map((choice, index) => `${LETTERS[index]}. ${choice}`).join('\n')}`);
    parts.push('Reply with the letter of the correct option only.');
  } else if (typeof example.instruction === 'string' && example.instruction !== '') {
    parts.push(example.instruction);
  } else if (typeof example.question === 'string' && example.question !== '') {
    parts.push('Answer with as few words as possible, using only the context.');
  } else {
    parts.push('Summarize the context.');
  }
  return {
    system: 'You answer questions about the context you are given. Be exact and brief.',
    messages: [{ role: 'user', content: parts.join('\n\n') }],
    temperature: 0,
  };
}
