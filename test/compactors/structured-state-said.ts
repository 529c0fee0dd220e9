import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

const method = instantiateMethod(structuredStateMethod);

/** structured-state's state after the user said each message in turn (the assistant answering "OK."), and its JSON. */
export async function said(...messages: string[]) {
  const transcript: Message[] = messages.flatMap((content, turn): Message[] => [
    { role: 'user', content, turn },
    { role: 'assistant', content: 'OK.', turn },
  ]);
  const state = (await method.compact({ transcript }, {})).structuredState;
  return { state, text: JSON.stringify(state) };
}
