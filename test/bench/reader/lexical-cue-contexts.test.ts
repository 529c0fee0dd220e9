import { describe, expect, it } from 'vitest';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';

function decisionCues(line: string): number {
  const [passage] = parseArtifactText(line).passages;
  return passage?.cues.decision.length ?? -1;
}

function overrideCues(line: string): number {
  const [passage] = parseArtifactText(line).passages;
  return passage?.cues.override.length ?? -1;
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

describe('lexical reader: "no longer" in what a check is to show', () => {
  it('is no change of plan', () => {
    expect(overrideCues('user: Add a test that proves the export no longer drops the last row.')).toBe(0);
    expect(overrideCues('user: Please make sure the banner no longer shows for admins.')).toBe(0);
  });

  it('stays one where someone stops doing a thing', () => {
    expect(overrideCues('user: We no longer ship the CSV export; the API takes over.')).toBeGreaterThan(0);
    expect(overrideCues('user: Check the logs. We no longer retry on 404s.')).toBeGreaterThan(0);
  });
});
