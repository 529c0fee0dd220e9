import { describe, expect, it } from 'vitest';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';

function decisionCues(line: string): number {
  const [passage] = parseArtifactText(line).passages;
  return passage?.cues.decision.length ?? -1;
}

describe('lexical reader: "use" as a noun', () => {
  it('is no decision cue: a search for every use of a name decides nothing', () => {
    expect(decisionCues('user: List every use of retryPolicy in the repo.')).toBe(0);
    expect(
      decisionCues('user: How many uses of the legacy client are left? The old one is still in use.'),
    ).toBe(0);
  });

  it('stays one where "use" is the verb', () => {
    expect(decisionCues('user: Use the read replica for the reports.')).toBe(1);
    expect(decisionCues('user: List every use of retryPolicy, then use the shared one everywhere.')).toBe(1);
  });
});
