import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { askedGroup } from '../../../src/bench/reader/question-shape.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: "who from <group>" questions', () => {
  it('reads the group a "who" question names the person by', () => {
    expect(askedGroup('Who from finance approved the refund policy change?')).toBe('finance');
    expect(askedGroup('Who on the platform team reviewed it?')).toBe('platform team');
    expect(askedGroup('Who approved the refund policy change?')).toBeUndefined();
  });

  it('answers with the person the notes place in that group, over a later name sharing a word of the topic', async () => {
    const artifactText = transcriptArtifact(150, {
      30: '[turn 2] user: On the finance side, Priya Raman signed it off yesterday.',
      80: '[turn 7] user: Gustavo Reyes drafted the refund wording last spring.',
    });
    const item = makeItem({
      type: 'entity_integrity',
      prompt: 'Who from finance approved the refund policy change?',
      answerFormat: 'short',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('Priya Raman');
  });
});
