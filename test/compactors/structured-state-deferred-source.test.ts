import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// "Trust the file": a value settled by pointing at what the agent read. The file's lines on the subject are kept
// as the decision, with where they came from. Every sentence and file here is written for this file.

const method = instantiateMethod(structuredStateMethod);

const noise = Array.from(
  { length: 30 },
  (_, at) => `ts=2031-01-0${at % 9}T10:00:00Z lvl=info msg="tick ${at}"`,
);

function session(deferring: string): Message[] {
  return [
    {
      role: 'user',
      content:
        'the mailer should send from the queue named mail-outbound-old I think, check the staging settings',
      turn: 0,
    },
    {
      role: 'assistant',
      content: 'Reading the staging settings.',
      turn: 0,
      toolCalls: [{ id: 'c1', name: 'read_file', arguments: { path: 'ops/mailer.staging.toml' } }],
    },
    {
      role: 'tool',
      toolCallId: 'c1',
      content: [
        ...noise.slice(0, 15),
        'queue_name = "mail-outbound-v3"',
        'sender_domain = "notify.example.net"',
        'retries = 4',
        ...noise.slice(15),
      ].join('\n'),
      turn: 0,
    },
    { role: 'assistant', content: 'The settings name another queue than the one you said.', turn: 0 },
    { role: 'user', content: deferring, turn: 1 },
  ];
}

async function decisions(deferring: string) {
  return (await method.compact({ transcript: session(deferring) }, {})).structuredState.lockedDecisions;
}

describe('structured-state: a value settled by the file the agent read', () => {
  it('keeps the lines of the file on the subject as the decision, "go by the settings file"', async () => {
    const kept = await decisions('ok go by the settings file then, for the queue and the sender domain');
    expect(kept).toContain(
      'Per read_file `ops/mailer.staging.toml`: queue_name = "mail-outbound-v3" | sender_domain = "notify.example.net"',
    );
  });

  it('reads "whatever the config says" the same way', async () => {
    const kept = await decisions('use whatever the config says for the queue name and sender domain');
    expect(kept.some((line) => line.includes('queue_name = "mail-outbound-v3"'))).toBe(true);
  });

  it('adds nothing when the user does not defer to what was read', async () => {
    const kept = await decisions('ok, the queue name and sender domain are fine as they are');
    expect(kept.some((line) => line.startsWith('Per read_file'))).toBe(false);
  });
});
