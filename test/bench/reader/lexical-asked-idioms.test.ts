import { describe, expect, it } from 'vitest';
import { statedIdioms } from '../../../src/bench/reader/asked-idioms.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: what a question asks about, said in other words', () => {
  it('answers who refused from who will not do it', async () => {
    const artifactText = transcriptArtifact(150, {
      20: "user: let's have Ilse Navarro give the agency a read-only login to staging so they can check the copy.",
      90: 'user: Bongani Reyes will not hand out staging access to outsiders.',
    });
    const item = makeItem({
      type: 'entity_integrity',
      prompt: 'Who refused to let the agency into the staging dashboard?',
      answerFormat: 'short',
      check: { kind: 'contains_normalized', value: 'Bongani Reyes' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('Bongani Reyes');
  });

  it('answers what is unclear from what someone cannot tell', async () => {
    const artifactText = transcriptArtifact(150, {
      30: 'user: The bank file goes out every Monday at 06:00.',
      40: 'assistant: The exporter writes dates as DD/MM but the importer parses MM/DD; I cannot tell which the bank wants.',
    });
    const item = makeItem({
      type: 'unresolved_task_continuity',
      prompt: 'What is still uncertain about the bank file?',
      check: { kind: 'contains_normalized', value: 'MM/DD' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('MM/DD');
  });

  it('answers what was wrong with a value ruled out from the correction that took it back', async () => {
    const artifactText = transcriptArtifact(150, {
      30: "user: bump the PDF parser to 4.2.0. wait, no, that's the one with the memory leak on large scans, 4.2.1 is patched. update the lockfile",
      31: 'assistant: Updating the lockfile.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'What is wrong with the release we ruled out?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('memory leak on large scans');
  });

  it('answers what something must wait for from what it clashes with or runs until', async () => {
    const artifactText = transcriptArtifact(150, {
      30: 'user: send the supplier statements every Tuesday morning.',
      80: "user: hmm, make it Wednesday. Tuesday collides with the ledger close and the balances aren't final until it's finished.",
    });
    const item = makeItem({ type: 'immutable_fact_recall', prompt: 'What must the statements wait for?' });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('ledger close');
  });

  it('uses an idiom only for a question that names what it states', () => {
    expect(statedIdioms('Who turned down the vendor contract?')).toHaveLength(1);
    expect(statedIdioms('Which points are still not clear?')).toHaveLength(1);
    expect(statedIdioms('Which port does the proxy listen on?')).toEqual([]);
  });
});
