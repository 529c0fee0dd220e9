import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { questionShape } from '../../../src/bench/reader/question-shape.js';
import { resolveReference } from '../../../src/bench/reader/resolve-reference.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: a quoted phrase of common words', () => {
  const lines: Record<number, string> = {
    30: 'user: Restores from the nightly snapshot take four hours. What else could we do for the orders database?',
    31: 'assistant: Two ways: stream the WAL to a warm replica, or take hourly snapshots to another region.',
    32: "user: The second one, we don't want to run a warm replica.",
    33: 'assistant: Going with hourly snapshots to another region instead of streaming the WAL to a warm replica.',
  };
  for (let line = 60; line < 150; line += 9) lines[line] = `tool: job ${line} passed on the second try`;
  const parsed = parseArtifactText(transcriptArtifact(160, lines));
  const prompt = "Of the two ways to speed up restores, 'the second one' was taken. Which way is that?";
  const lineOf = (text: string) => parsed.passages.find((passage) => passage.text === text)?.position;

  it('is said where its words stand together: a passage after that answers for itself', () => {
    const scores = new Float64Array(parsed.passages.length).fill(2);
    const best = lineOf(lines[33] as string);
    const resolved = resolveReference(parsed, questionShape(prompt), scores, 1.25, {
      best,
      canAnswer: () => true,
    });
    expect(resolved).toBeUndefined();
  });

  it('is not said in a later line that only shares one of its words', () => {
    const scores = new Float64Array(parsed.passages.length);
    const quote = lineOf(lines[32] as string) as number;
    scores[lineOf(lines[31] as string) as number] = 2;
    // Resolved against the passages before the quote: the later job lines are no referent.
    for (let position = quote + 1; position < scores.length; position++) scores[position] = 3;
    const resolved = resolveReference(parsed, questionShape(prompt), scores, 1.25, {
      best: undefined,
      canAnswer: () => true,
    });
    expect(resolved?.line).toBe(31);
  });
});

describe('lexical reader: a rule against a thing whose plan is put on hold', () => {
  it('is quoted whole, the thing named', async () => {
    const lines = {
      20: 'user: We will backfill the ledger table this week with the backfill script.',
      21: 'assistant: I will prepare the backfill script for the ledger table.',
      40: 'user: Hard no on the backfill script until the row counts are checked against the export; nothing gets run on the ledger before that.',
      80: 'user: Status: the counts are still off and the backfill is on hold.',
    };
    const answer = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(120, lines),
      item: makeItem({
        type: 'forbidden_behavior_retention',
        prompt: 'What must not be run before the row counts are checked?',
        answerFormat: 'short',
      }),
    });
    expect(answer.response).toContain('backfill script');
  });
});
