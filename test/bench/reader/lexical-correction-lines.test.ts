import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: the sentences of a correction are not rewritten by it', () => {
  it('quotes the old value where the correcting message names it as the old one', async () => {
    const correction =
      'user: Off topic, the standup moves to 10:30 tomorrow. Correction on the gateway: I checked deploy/gateway.env and it takes pushes on 9371, not what I said. 9317 was the port before the migration, so keep 9317 out of every load test script from now on. Sorry for the noise, and thanks for checking the scripts with me.';
    expect(correction.length).toBeGreaterThan(300);
    const artifactText = transcriptArtifact(150, {
      20: 'user: Point the load test at the metrics gateway, it takes pushes on 9317 as far as I remember.',
      90: correction,
    });
    const item = makeItem({
      type: 'forbidden_behavior_retention',
      prompt: 'Which port must stay out of the load test scripts?',
      answerFormat: 'short',
    });
    const result = await createLexicalTarget().answer({ artifactText, item });
    expect(result.response).toContain('keep 9317 out');
    expect(result.response).not.toContain('keep 9371 out');
  });
});
