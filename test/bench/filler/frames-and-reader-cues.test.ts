import { describe, expect, it } from 'vitest';
import { PARAPHRASE_FRAMES } from '../../../src/bench/filler/index.js';
import {
  DECISION_CUES,
  ENTITY_CUES,
  FACT_CUES,
  OVERRIDE_CUES,
  RULE_CUES,
  TASK_CUES,
} from '../../../src/bench/reader/index.js';
import { normalizeText } from '../../../src/bench/scoring/normalize.js';

// Paraphrase framing wraps the template's own turns; a cue word in it would make a reader pick the framed
// turn for the wrong reason (an "override" that overrides nothing, a "review" that names no reviewer).
const stem = (word: string) => word.replace(/(ers|er|ed|es|s|ing)$/, '');

describe('paraphrase frames', () => {
  it('hold no word the lexical reader treats as a rule, decision, override, task, entity or fact cue', () => {
    const cueStems = new Set(
      [...RULE_CUES, ...DECISION_CUES, ...OVERRIDE_CUES, ...TASK_CUES, ...ENTITY_CUES, ...FACT_CUES]
        .map(normalizeText)
        .filter((cue) => !cue.includes(' '))
        .map(stem),
    );
    const offending: string[] = [];
    for (const frame of PARAPHRASE_FRAMES) {
      for (const text of [...frame.leadIns, ...frame.trailers, ...frame.asides]) {
        for (const word of normalizeText(text).split(' '))
          if (cueStems.has(stem(word))) offending.push(`${word} in "${text}"`);
      }
    }
    expect(offending).toEqual([]);
  });

  it('hold none of its phrases of several words ("back to" in "Back to this morning" is no change of plan)', () => {
    const phrases = [
      ...RULE_CUES,
      ...DECISION_CUES,
      ...OVERRIDE_CUES,
      ...TASK_CUES,
      ...ENTITY_CUES,
      ...FACT_CUES,
    ]
      .map(normalizeText)
      .filter((cue) => cue.includes(' '));
    const offending: string[] = [];
    for (const frame of PARAPHRASE_FRAMES) {
      for (const text of [...frame.leadIns, ...frame.trailers, ...frame.asides]) {
        const words = ` ${normalizeText(text)} `;
        for (const phrase of phrases)
          if (words.includes(` ${phrase} `)) offending.push(`${phrase} in "${text}"`);
      }
    }
    expect(offending).toEqual([]);
  });
});
