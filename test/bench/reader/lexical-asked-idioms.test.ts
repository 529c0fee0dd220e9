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

  it('uses an idiom only for a question that names what it states', () => {
    expect(statedIdioms('Who turned down the vendor contract?')).toHaveLength(1);
    expect(statedIdioms('Which points are still not clear?')).toHaveLength(1);
    expect(statedIdioms('Which port does the proxy listen on?')).toEqual([]);
  });
});
