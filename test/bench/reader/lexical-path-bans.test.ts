import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A listing of the config folder: the words of the path ("config", "billing", "limits", "yaml") are common in
// the transcript, so only the path as written tells which file a message is about.
const LISTING: Record<number, string> = {};
for (let line = 60; line < 80; line++)
  LISTING[line] = `tool: config/billing/limits-${line}.yaml  (${line * 7} bytes)`;
// The file read, and the change the assistant floats: the change's own words are met, not in the user's reply.
LISTING[36] = 'assistant calls read_file {"path":"config/billing/limits.yaml"}';
LISTING[37] = 'tool: max_invoices: 500';
LISTING[38] =
  'assistant: The run stops when it reaches max_invoices. We could bump max_invoices, or batch the run on the worker side.';

/** The reader's answer to a task whose tempting default changes the file, with `message` at line 40. */
async function answerWith(message: string) {
  const artifactText = transcriptArtifact(150, { ...LISTING, 40: message });
  const item = makeItem({
    type: 'planning_soundness',
    prompt: 'The nightly invoice run still stops early. What do you change?',
    temptingDefault: 'bump max_invoices in config/billing/limits.yaml',
    check: { kind: 'forbidden_absent', value: 'config/billing/limits.yaml' },
  });
  return createLexicalTarget().answer({ artifactText, item });
}

describe('lexical reader: a ban on a file covers what is done to it', () => {
  it('refuses a change in a file the user asked to leave alone, though the change itself is never named', async () => {
    const result = await answerWith(
      "user: Let's leave config/billing/limits.yaml alone, finance tuned those numbers.",
    );
    expect(result.response).toMatch(/^I will not bump max_invoices/);
  });

  it('takes a change in a file the notes only mention', async () => {
    const result = await answerWith(
      'user: config/billing/limits.yaml holds the numbers finance signed off on last quarter.',
    );
    expect(result.response).toBe('Next step: bump max_invoices in config/billing/limits.yaml.');
  });
});
