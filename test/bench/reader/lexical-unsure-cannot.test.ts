import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { cannotIsOnlyUnsure } from '../../../src/bench/reader/unsure-cannot.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

describe('lexical reader: "I can\'t tell" states no rule', () => {
  it('reads a "can\'t" that says what the speaker does not know apart from one that forbids', () => {
    expect(cannotIsOnlyUnsure("I can't tell which timezone the report expects.")).toBe(true);
    expect(cannotIsOnlyUnsure('We could not reproduce the crash on staging.')).toBe(true);
    expect(cannotIsOnlyUnsure("You can't deploy the ledger service on Fridays.")).toBe(false);
    expect(cannotIsOnlyUnsure("I can't say why, but you cannot touch the ledger.")).toBe(false);
    expect(cannotIsOnlyUnsure('The export is slow.')).toBe(false);
  });

  it('takes a step the assistant only said it was unsure about', async () => {
    const artifactText = transcriptArtifact(120, {
      30: "assistant: The totals differ by a cent. I can't tell whether finance rounds the quarterly exports per line; worth an ask.",
    });
    const action = 'ask finance about the quarterly exports';
    const item = makeItem({
      type: 'planning_soundness',
      prompt: 'Write the next step for the quarterly exports.',
      temptingDefault: action,
    });
    const result = await createLexicalTarget().answer({ artifactText, item });
    expect(result.response).toBe(`Next step: ${action}.`);
  });
});
