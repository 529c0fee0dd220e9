import { describe, expect, it } from 'vitest';
import type { Focus } from '../../../src/bench/reader/focus-passage.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { withoutSuperseded } from '../../../src/bench/reader/superseded-terms.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function answer(artifactText: string, item: Parameters<typeof makeItem>[0]) {
  return createLexicalTarget().answer({ artifactText, item: makeItem(item) });
}

// A queue named in the first message, renamed later by a change of plan that keeps the rest.
const renamed = transcriptArtifact(120, {
  10: 'user: new worker for resizing avatars. name the queue magpie. it retries 7 times with backoff and uses the shared redis.',
  11: 'assistant: Creating the magpie queue.',
  60: 'user: scratch that, magpie is what the analytics team calls their pipeline already. kestrel. everything else as before.',
});

describe('lexical reader: quotes leave out what the conversation superseded', () => {
  it('answers from the first message without the name a later change of plan dropped', async () => {
    const result = await answer(renamed, {
      type: 'immutable_fact_recall',
      prompt: 'How many times does the avatar queue retry?',
    });
    expect(result.response).toContain('7 times');
    expect(result.response).not.toContain('magpie');
  });

  it('answers what the thing is called with the name given after the sentence dropping the old one', async () => {
    const result = await answer(renamed, {
      type: 'locked_decision_retention',
      prompt: 'What is the avatar queue called?',
    });
    expect(result.response).toBe('kestrel. everything else as before.');
  });

  it('keeps a change of plan whole when its dropping sentence states the new plan too', async () => {
    const result = await answer(
      transcriptArtifact(120, {
        10: 'user: park the upload thumbnails in the magpie bucket, it has lifecycle rules already.',
        11: 'assistant: Pointing the thumbnail writer at magpie.',
        60: 'user: scratch that, we store the thumbnails in the kestrel bucket instead of magpie. Cheers.',
      }),
      { type: 'locked_decision_retention', prompt: 'Which bucket are the upload thumbnails stored in?' },
    );
    expect(result.response).toContain('kestrel bucket instead of magpie');
  });

  it('keeps the whole quote when the question asks about the dropped name', async () => {
    const result = await answer(renamed, {
      type: 'immutable_fact_recall',
      prompt: 'How many times does the magpie queue retry?',
    });
    expect(result.response).toContain('magpie');
  });

  it('keeps a name that is still used after the change', async () => {
    const still = transcriptArtifact(120, {
      10: 'user: new worker for resizing avatars. name the queue magpie. it retries 7 times with backoff.',
      60: 'user: scratch that, magpie is taken by analytics. kestrel.',
      90: 'user: the analytics magpie pipeline reads from the same redis, mind the key prefix.',
    });
    const result = await answer(still, {
      type: 'immutable_fact_recall',
      prompt: 'How many times does the avatar queue retry?',
    });
    expect(result.response).toContain('magpie');
  });
});

describe('withoutSuperseded: a rule against what a later change holds still stands', () => {
  it('keeps the piece that rules the thing out when a later message puts the thing on hold', () => {
    const parsed = parseArtifactText(
      transcriptArtifact(120, {
        10: '[turn 1] assistant: The migration plan drops two columns from the orders table and rebuilds one index.',
        11: '[turn 2] user: dropping columns in a hotfix week is risky. we are not running the orders migration until we know why it rebuilds that index; it waits for Monday either way.',
        12: '[turn 2] assistant: Understood, the orders migration waits.',
        60: '[turn 9] user: status: the index rebuild is unexplained and the migration is on hold; next I look at which commit added it.',
      }),
    );
    const rule = parsed.passages.find((passage) => passage.text.includes('not running the orders migration'));
    const focus: Focus = {
      stems: new Set(['run', 'monday']),
      wants: [],
      common: new Set(),
      named: new Set(),
      subject: undefined,
    };
    const text = rule?.text ?? '';
    expect(
      withoutSuperseded(parsed, rule?.position ?? 0, text, focus, 'What must not be run before Monday?'),
    ).toBe(text);
  });
});
