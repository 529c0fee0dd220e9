import { describe, expect, it } from 'vitest';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { reportsNothingKnown } from '../../../src/bench/reader/unsure-cannot.js';

describe('lexical reader: a report that nothing is known states nothing', () => {
  it('holds no cue, whatever cue words it says', () => {
    const [report, task] = parseArtifactText(
      [
        'assistant: Picked this up yesterday; I have nothing on it yet.',
        'assistant: Picked this up yesterday; not done yet.',
      ].join('\n'),
    ).passages;
    expect(report?.cueIds).toEqual([]);
    expect(task?.cueIds.length).toBeGreaterThan(0);
  });

  it('tells a report of knowing nothing from a message that goes on to say something', () => {
    expect(reportsNothingKnown('[turn 9] assistant: Sorry, we have nothing on that so far.')).toBe(true);
    expect(reportsNothingKnown('We have nothing on the calendar.')).toBe(false);
    expect(
      reportsNothingKnown(
        'I had nothing on this until Priya wrote back, but now we know the cron runs at 02:00 and must move.',
      ),
    ).toBe(false);
  });
});
