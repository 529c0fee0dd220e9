import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { questionShape } from '../../../src/bench/reader/question-shape.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: "which file holds X?" is about X, not about holding', () => {
  it('answers from the passage about X, not from a summary that says something holds entries', async () => {
    const artifactText = transcriptArtifact(160, {
      30: "assistant: I'll put the debouncer in web/input/debounce.ts so every form shares it.",
      50: 'tool: [debug] debouncer fired 3 times',
      70: 'tool: [debug] debouncer fired 5 times',
      90: 'tool: [debug] debouncer fired 2 times',
      140: 'assistant: `routes` holds 12 entries in api/router.ts.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which file holds the debouncer?',
      answerFormat: 'short',
      check: { kind: 'contains_normalized', value: 'web/input/debounce.ts' },
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('web/input/debounce.ts');
  });

  it('counts the placing verb of an identifier question among its kind words', () => {
    expect(questionShape('Which module contains the retry policy?').kindWords).toContain('contains');
    expect(questionShape('Who holds the pager this week?').kindWords).toEqual([]);
  });
});
