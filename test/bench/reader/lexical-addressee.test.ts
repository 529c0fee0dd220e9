import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const notes = transcriptArtifact(90, {
  8: '[turn 2] user: Tobias Rydell fixed the exporter crash last night, nice work.',
  30: '[turn 9] user: any overspend on the cloud budget needs a sign-off, Ingrid Solberg approves those.',
  70: '[turn 20] user: the overspend report is ready, we need the approval before Friday.',
});

async function draft(prompt: string, temptingDefault: string, artifactText = notes) {
  const item = makeItem({
    type: 'entity_integrity',
    prompt,
    temptingDefault,
    check: { kind: 'contains_normalized', value: 'Ingrid Solberg' },
  });
  return createLexicalTarget().answer({ artifactText, item });
}

describe('lexical reader: whom a task addresses', () => {
  it('takes the person from the clause about the task when the passage names several', async () => {
    const artifactText = transcriptArtifact(90, {
      30: '[turn 9] user: context: Tobias Rydell runs the cloud accounts, Ingrid Solberg approves any overspend, requests go through the FinOps form.',
    });
    const result = await draft(
      'Write the sign-off request for the overspend, addressed by name.',
      'Hi Tobias Rydell, can you approve the overspend?',
      artifactText,
    );
    expect(result.response).toContain('Next step: Hi Ingrid Solberg, can you approve the overspend');
    expect(result.response).toContain('FinOps form');
  });

  it('addresses the person the notes give for the task, not the one the default names', async () => {
    const result = await draft(
      'Write the sign-off request for the overspend, addressed by name.',
      'Hi Tobias Rydell, can you approve the overspend?',
    );
    expect(result.response).toBe(
      'Next step: Hi Ingrid Solberg, can you approve the overspend (the notes: "any overspend on the cloud ' +
        'budget needs a sign-off, Ingrid Solberg approves those.")',
    );
    expect(result.evidence.map((entry) => entry.text)).toContainEqual(expect.stringContaining('Ingrid'));
  });

  it('keeps the default when the notes give the person it already names', async () => {
    const result = await draft(
      'Write the sign-off request for the overspend, addressed by name.',
      'Hi Ingrid Solberg, can you approve the overspend?',
    );
    expect(result.response).toBe('Next step: Hi Ingrid Solberg, can you approve the overspend.');
  });

  it('leaves a task that addresses nobody as the default has it', async () => {
    const result = await draft(
      'Write the sign-off request for the overspend.',
      'Hi Tobias Rydell, can you approve the overspend?',
    );
    expect(result.response).toBe('Next step: Hi Tobias Rydell, can you approve the overspend.');
  });

  it('keeps the default when the notes name nobody for the task', async () => {
    const result = await draft(
      'Write the sign-off request for the overspend, addressed by name.',
      'Hi Tobias Rydell, can you approve the overspend?',
      transcriptArtifact(90, { 8: '[turn 2] user: Tobias Rydell fixed the exporter crash last night.' }),
    );
    expect(result.response).toBe('Next step: Hi Tobias Rydell, can you approve the overspend.');
  });

  it('reads a request for a review as addressing someone, and keeps the quote around the name', async () => {
    const artifactText = transcriptArtifact(90, {
      30: '[turn 9] user: Pia Lindqvist is on parental leave until March; Omar Haddad takes the schema reviews meanwhile.',
    });
    const result = await draft(
      'Write the command that opens the merge request and requests the schema review.',
      "glab mr create --reviewer 'Pia Lindqvist'",
      artifactText,
    );
    expect(result.response).toMatch(/^Next step: glab mr create --reviewer 'Omar Haddad' \(the notes: /);
  });

  it('takes the person a note gives the asked role in other words, not the one the task shares more words with', async () => {
    const artifactText = transcriptArtifact(90, {
      30: "[turn 9] user: Jonas Berg wrote the onboarding wizard, the copy is fine. the pricing calls are Maren Holt's though.",
    });
    const result = await draft(
      'Write the message about the onboarding wizard prices, addressed to the person who decides.',
      'Hi Jonas Berg, which price should the onboarding wizard show?',
      artifactText,
    );
    expect(result.response).toMatch(
      /^Next step: Hi Maren Holt, which price should the onboarding wizard show \(the notes: /,
    );
  });

  it('reads "it is up to" as giving the role of deciding, over a clause sharing as many of the task\'s words', async () => {
    const artifactText = transcriptArtifact(90, {
      30: '[turn 9] user: Lena Voss built the billing export; shipping it is up to Karim Aziz.',
    });
    const decides = await draft(
      'Write the note asking whether the billing export is ready, addressed to whoever decides.',
      'Hi Lena Voss, is the billing export ready?',
      artifactText,
    );
    expect(decides.response).toMatch(/^Next step: Hi Karim Aziz, is the billing export ready/);
  });
});
