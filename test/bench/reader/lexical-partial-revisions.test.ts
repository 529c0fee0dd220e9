import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { findSupersessions } from '../../../src/bench/reader/superseded-values.js';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { makeItem, takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

function superseded(lines: Record<number, string>) {
  return findSupersessions(parseArtifactText(transcriptArtifact(120, lines))).map(
    ({ old, replacement }) => `${old} -> ${replacement}`,
  );
}

const canary = 'user: Roll the new checkout out to 20% of Brazil traffic behind the checkout_v2 flag.';

describe('lexical reader: a message that keeps part of a request revises the rest', () => {
  it("reads the value of a person's message that says what stays the same as replacing the earlier one", () => {
    expect(superseded({ 20: canary, 70: 'user: Risk wants 2% for the first week. Same flag.' })).toEqual([
      '20% -> 2%',
    ]);
    expect(
      superseded({ 20: canary, 70: 'user: Risk wants 2% for the first week. The flag stays as is.' }),
    ).toEqual(['20% -> 2%']);
    // A message that keeps nothing of an earlier request states a new fact; the assistant's numbers are reports.
    expect(superseded({ 20: canary, 70: 'user: Error rate on Brazil checkout is 2% this week.' })).toEqual(
      [],
    );
    expect(superseded({ 20: canary, 70: 'assistant: 2% of sessions errored, same flag as before.' })).toEqual(
      [],
    );
  });

  it('refuses a step with the old value, and answers a question with the new one', async () => {
    const artifact = transcriptArtifact(120, {
      20: canary,
      70: 'user: Risk wants 2% for the first week. Same flag.',
    });
    const refusal = await takeOrRefuse(artifact, 'set checkout_v2 to 20% of Brazil traffic');
    expect(refusal.response).toMatch(/^I will not/);
    expect(refusal.response).toContain('2% of Brazil traffic');
    const answer = await createLexicalTarget().answer({
      artifactText: artifact,
      item: makeItem({ prompt: 'What share of Brazil traffic gets the new checkout?' }),
    });
    expect(answer.response).toContain('2%');
    expect(classifyMention(answer.response, '20%')).not.toBe('affirmed');
  });

  it('answers a question about the part a revision keeps with the statement it keeps', async () => {
    const result = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(120, {
        20: 'user: Deploy the image resizer with six workers and a 900 MB memory cap.',
        70: 'user: The image resizer swaps on large PNGs: raise its cap to 1400 MB. Workers stay.',
      }),
      item: makeItem({ prompt: 'How many workers does the image resizer run?' }),
    });
    expect(result.response).toContain('six workers');
    expect(result.response).toContain('1400 MB');
  });

  it('answers for a kept part the request never named with the statement its corrections go back to', async () => {
    const result = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(150, {
        20: 'user: Run the warehouse backup every Sunday at 02:30.',
        60: 'user: Move the backup to Saturday, Sunday is when the replicas resync.',
        110: 'user: Hmm no, Friday. Saturday collides with the patch window. The time stays.',
      }),
      item: makeItem({ prompt: 'What time does it stay at?', answerFormat: 'short' }),
    });
    expect(result.response).toContain('02:30');
    expect(result.response).toContain('Friday');
  });
});
