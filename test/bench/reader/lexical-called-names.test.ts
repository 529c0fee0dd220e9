import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { questionShape } from '../../../src/bench/reader/question-shape.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const notes = transcriptArtifact(120, {
  20: 'user: heads-up, Lena Okafor leads Data Platform now, that group gets paged when the nightly load breaks.',
  // The words of the group's name, written in lower case elsewhere: no name test takes them for a name.
  40: 'assistant: The data in the platform table looks complete.',
  100: 'tool: [info] consumer group rebalanced after 3 retries',
  // Later, and sharing both words of the question, but naming nothing.
  110: 'assistant: That group handler is called once per batch.',
});

describe('lexical reader: what something is called', () => {
  it('reads "what is X called" as asking for a name', () => {
    expect(questionShape('What is that group called?').wants).toEqual(['person']);
    expect(questionShape("What's the new service called now?").wants).toEqual(['person']);
    expect(questionShape('What is called on startup?').wants).toEqual([]);
  });

  it('answers with the passage that names it, whole, though its name is made of common words', async () => {
    const item = makeItem({
      prompt: 'What is that group called?',
      type: 'entity_integrity',
      answerFormat: 'short',
    });
    const result = await createLexicalTarget().answer({ artifactText: notes, item });
    expect(result.response).toContain('Data Platform');
    expect(result.response).not.toContain('handler');
  });
});
