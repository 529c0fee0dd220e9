import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: a thing named by a joined word, in a long transcript', () => {
  it('reads a warning about floats against parseFloat though ten other lines say "float"', async () => {
    const inserts: Record<number, string> = {
      40: 'user: Prices as floats are asking for trouble in this service, keep every price in integer cents.',
    };
    // Style sheets: "float" in ten more passages, more than eight but few for 2400 lines.
    for (let index = 0; index < 10; index++)
      inserts[200 + index * 100] = `tool: src/ui/layout-${index}.css:${index + 3}:  float: left;`;
    const item = makeItem({
      type: 'planning_soundness',
      prompt: 'Write the function that adds tax to a price.',
      temptingDefault: 'return parseFloat((price * 1.2).toFixed(2))',
      check: { kind: 'forbidden_absent', value: 'parseFloat' },
    });
    const artifactText = transcriptArtifact(2400, inserts);
    const result = await createLexicalTarget().answer({ artifactText, item });
    expect(result.response).toMatch(/^I will not return parseFloat/);
  });
});
