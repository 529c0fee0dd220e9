import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// Where the agent says the work will go ("I'll put the retry wrapper in lib/http/retry.ts") is kept: a later
// question about where the code lives is answered by it. Every sentence here is written for this file.

const method = instantiateMethod(structuredStateMethod);

async function decisionsAfter(reply: string) {
  const transcript: Message[] = [
    {
      role: 'user',
      content: 'The payment client gives up on the first 503, add retries with backoff.',
      turn: 0,
    },
    { role: 'assistant', content: reply, turn: 0 },
  ];
  return (await method.compact({ transcript }, {})).structuredState.lockedDecisions;
}

describe('structured-state: where the agent says the work goes', () => {
  it('keeps "I\'ll put X in <path>" as a decision', async () => {
    expect(
      await decisionsAfter(
        "Sure, I'll put the retry wrapper in lib/http/retry.ts and call it from the client.",
      ),
    ).toEqual(["Sure, I'll put the retry wrapper in lib/http/retry.ts and call it from the client."]);
  });

  it('does not keep an intention that names no file', async () => {
    expect(await decisionsAfter("I'll add the retries in the client and run the tests.")).toEqual([]);
  });
});

describe('structured-state: the agent taking back its own words', () => {
  it('does not read "ignore what I said about X" from the agent as retracting the user’s plan on X', async () => {
    const transcript: Message[] = [
      { role: 'user', content: "Let's cap the export at 10,000 rows per file.", turn: 0 },
      {
        role: 'assistant',
        content:
          'Sorry, ignore what I said earlier about the export in `reports.py`, I was reading the staging numbers.',
        turn: 0,
      },
    ];
    const state = (await method.compact({ transcript }, {})).structuredState;
    expect(state.lockedDecisions).toEqual(["Let's cap the export at 10,000 rows per file."]);
    expect(state.forbiddenBehaviors).toEqual([]);
  });
});
