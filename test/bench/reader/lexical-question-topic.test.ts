import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { statedBeforeAsking } from '../../../src/bench/reader/stated-before-asking.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(artifactText: string, item: Parameters<typeof makeItem>[0]) {
  return createLexicalTarget().answer({ artifactText, item: makeItem(item) });
}

describe('lexical reader: a passage sharing no word of the question topic', () => {
  it('does not answer a question about a topic with a decision word alone', async () => {
    const artifactText = transcriptArtifact(120, {
      20: '[turn 2] assistant: The thumbnails are slow because each request re-encodes them; keeping the encoded copies in a bucket avoids that.',
      21: '[turn 2] user: yes, do that.',
      80: '[turn 9] user: Use the staging account for now.',
    });
    const result = await ask(artifactText, {
      type: 'locked_decision_retention',
      prompt: 'What did we change so the thumbnails load faster?',
    });
    expect(result.response).toContain('encoded copies in a bucket');
  });

  it('still answers "what is the plan?" by the decision words, when the question names no topic', async () => {
    const artifactText = transcriptArtifact(120, {
      30: "[turn 4] user: Final answer: let's move the nightly backups to the cold tier.",
    });
    const result = await ask(artifactText, {
      type: 'locked_decision_retention',
      prompt: 'What is the plan?',
    });
    expect(result.response).toContain('cold tier');
  });
});

describe('lexical reader: a message that states something, then asks', () => {
  it('reads the statement before the question', () => {
    expect(statedBeforeAsking('[turn 3] user: The vault moves on Friday. Who tells finance? Thanks.')).toBe(
      'The vault moves on Friday.',
    );
    expect(statedBeforeAsking('[turn 3] user: who tells finance that the vault moves?')).toBe('');
    expect(statedBeforeAsking('[turn 3] user: The vault moves on Friday.')).toBe('');
  });

  it('weighs what a message states before its question as said, not as asked', async () => {
    const artifactText = transcriptArtifact(120, {
      25: '[turn 3] user: one more for the Quillon rollout: the Lisbon warehouse scanners want the firmware flashed first. can you find out who has the flashing rig?',
      70: '[turn 8] assistant: The Quillon rollout notes are in docs/quillon.md.',
    });
    const result = await ask(artifactText, {
      type: 'unresolved_task_continuity',
      prompt: 'What is needed before the Quillon rollout reaches the scanners?',
    });
    expect(result.response).toContain('firmware flashed first');
  });
});
