import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(artifactText: string, prompt: string) {
  const item = makeItem({ type: 'immutable_fact_recall', prompt });
  return (await createLexicalTarget().answer({ artifactText, item })).response;
}

describe('lexical reader: a name written as the initials of the words a question uses', () => {
  it('answers "which service level agreement" with the passage naming SLA-4', async () => {
    const artifactText = transcriptArtifact(150, {
      30: 'user: the nightly exports fall under SLA-4, ninety minutes from ledger close to delivery.',
      90: 'user: the nightly exports for the agreement team go out per tenant, with retries on a timeout.',
    });
    const response = await ask(artifactText, 'Which service level agreement binds the nightly exports?');
    expect(response).toContain('SLA-4');
  });

  it('does not read initials into a name the question spells out itself', async () => {
    const artifactText = transcriptArtifact(150, {
      30: 'tool read_file: The SLA dashboard lists every nightly export by tenant.',
      90: 'assistant: The nightly exports are bound by the ninety-minute service level agreement.',
    });
    const response = await ask(
      artifactText,
      'Which service level agreement (SLA) binds the nightly exports?',
    );
    expect(response).toContain('ninety-minute');
  });
});
