import { describe, expect, it } from 'vitest';
import { checkedValues } from '../../../src/bench/reader/checked-values.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { makeItem, takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A setting given from memory, then the file it should be checked against, read by the assistant.
function remembered(hedge: string): string {
  return transcriptArtifact(120, {
    10: `[turn 1] user: the invoice mailer should publish to the queue's billing-mail-2 ${hedge}`,
    11: '[turn 1] assistant calls read_file {"path":"helm/mailer/values.yaml"}',
    12: '[turn 1] tool read_file: replicas: 2',
    13: 'queue_name: billing-mail-v3',
    14: 'dead_letter: billing-mail-dlq',
    15: '[turn 2] assistant: The values file names another queue than the one you gave.',
  });
}

const HEDGED = remembered('I think, check the helm values though.');

describe('lexical reader: a value given from memory gives way to the file read after it', () => {
  it('finds the remembered value and the value the file states for the same setting', () => {
    const found = checkedValues(parseArtifactText(HEDGED)).map(
      (entry) => `${entry.old} -> ${entry.replacement}`,
    );
    expect(found).toEqual(['billing-mail-2 -> billing-mail-v3']);
  });

  it('answers a question about the setting with the file value, not the remembered one', async () => {
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which queue does the invoice mailer publish to?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText: HEDGED, item });
    expect(response).toContain('billing-mail-v3');
    expect(response).not.toContain('billing-mail-2');
  });

  it('corrects a next step that carries the remembered value', async () => {
    const { response } = await takeOrRefuse(HEDGED, "configure the mailer with queue 'billing-mail-2'");
    expect(response).toContain("Next step: configure the mailer with queue 'billing-mail-v3'");
  });

  it('keeps a value given plainly: a decision stands against what a file says', () => {
    const plain = remembered('from now on.');
    expect(checkedValues(parseArtifactText(plain))).toEqual([]);
  });
});
