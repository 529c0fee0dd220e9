import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// Who someone is, said in passing. Every sentence here is written for this file.

const method = instantiateMethod(structuredStateMethod);

async function entities(content: string) {
  const transcript: Message[] = [
    { role: 'user', content, turn: 0 },
    { role: 'assistant', content: 'OK.', turn: 0 },
  ];
  return (await method.compact({ transcript }, {})).structuredState.entityMap;
}

describe('structured-state: roles given in passing', () => {
  it('keeps a person told apart by an aside, "(X is the web one)"', async () => {
    const map = await entities(
      'the refund flow needs a retry. ask Noor Haddad about it (Noor Abadi is the web one, people mix them up).',
    );
    expect(map['Noor Abadi']).toContain('Noor Abadi is the web one');
  });

  it('keeps "X’s the one who signs off", without the "’s" in the name', async () => {
    const map = await entities(
      "release notes are due friday. Idris Kane's the one who approves them, keep it short.",
    );
    expect(Object.keys(map)).toContain('Idris Kane');
    expect(map['Idris Kane']).toContain('the one who approves them');
  });
});
