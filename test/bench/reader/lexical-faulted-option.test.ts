import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

/** The reader's next step for the tracing work when `action` is what an agent would do. */
async function take(inserts: Record<number, string>, action: string) {
  const item = makeItem({
    type: 'planning_soundness',
    prompt: 'Write the next step for the tracing setup.',
    temptingDefault: action,
    check: { kind: 'forbidden_absent', value: action },
  });
  return createLexicalTarget().answer({ artifactText: transcriptArtifact(120, inserts), item });
}

// Two options; the first says what it costs. The reply names a thing neither option mentions.
const proposal = {
  40: 'assistant: One way is to sample spans in the app at 10%, which is cheap but drops traces under load. The other is to ship every span to a collector agent on each node and sample there, so the app only pays for a local socket write.',
};
const sampleInApp = 'sample spans in the app at 10%';

describe('lexical reader: an option picked by the drawback of the other', () => {
  it('reads a reply that repeats one option’s drawback as picking the other', async () => {
    const inserts = {
      ...proposal,
      41: 'user: the one with the sidecar, obviously. dropped traces under load is exactly how we missed the last outage.',
    };
    expect((await take(inserts, sampleInApp)).response).toMatch(
      /^I will not sample spans in the app at 10%: .*Next step: The other is to ship every span to a collector agent/,
    );
  });

  it('picks nothing when the reply repeats no drawback', async () => {
    const vague = { ...proposal, 41: 'user: the one with the sidecar, obviously.' };
    expect((await take(vague, sampleInApp)).response).toBe(`Next step: ${sampleInApp}.`);
  });
});
