import { describe, expect, it } from 'vitest';
import * as scoring from '../../../src/bench/scoring/index.js';

describe('src/bench/scoring index', () => {
  it('exports the public API', () => {
    expect(Object.keys(scoring).sort()).toEqual(
      [
        'AFFIRMED_STATES',
        'AFFIRMING_PREDICATES',
        'CLAUSE_NEGATIONS',
        'CLAUSE_SPLITTING_WORDS',
        'CONTRASTING_NEGATIONS',
        'DEFAULT_BOOTSTRAP_RESAMPLES',
        'DEFAULT_BOOTSTRAP_SEED',
        'ELITE_WEIGHTS',
        'FULL_BONUS_COMPRESSION_RATIO',
        'NEUTRAL_PHRASES',
        'PHRASE_CLOSERS',
        'PHRASE_NEGATIONS',
        'PHRASE_START_BREAKERS',
        'PREDICATE_STOP_WORDS',
        'PREDICATE_WINDOW_WORDS',
        'QUALIFICATION',
        'REJECTED_STATES',
        'REJECTING_PREDICATES',
        'REPLACEMENT_CLOSERS',
        'REPLACEMENT_CUES',
        'SCOPE_BREAKERS',
        'SCORER_VERSION',
        'TIER_FLOORS',
        'TRAILING_MARKERS',
        'artifactRetention',
        'bootstrapIntervals',
        'classifyMention',
        'compressionBonusOf',
        'containsNormalized',
        'findNormalized',
        'findWholeWords',
        'formatAgainst',
        'judgeItem',
        'normalizeText',
        'percentile',
        'qualifyRun',
        'rankRuns',
        'readMentions',
        'runStatistics',
        'scoreCase',
        'scoreCycle',
        'scoreRun',
        'summarizeCase',
      ].sort(),
    );
    expect(scoring.SCORER_VERSION).toBe('1.3.0');
  });

  it('weights the elite score 0.40 / 0.30 / 0.20 / 0.10 and gives the full bonus at 32x', () => {
    expect(scoring.ELITE_WEIGHTS).toEqual({
      overall: 0.4,
      driftResistance: 0.3,
      constraintRetention: 0.2,
      compressionBonus: 0.1,
    });
    expect(scoring.compressionBonusOf(0.5)).toBe(0);
    expect(scoring.compressionBonusOf(1)).toBe(0);
    expect(scoring.compressionBonusOf(2)).toBeCloseTo(0.2, 12);
    expect(scoring.compressionBonusOf(32)).toBe(1);
    expect(scoring.compressionBonusOf(1000)).toBe(1);
    expect(scoring.compressionBonusOf(Number.NaN)).toBe(0);
  });

  it('keeps every cue table free of duplicates', () => {
    const tables = [
      scoring.CLAUSE_NEGATIONS,
      scoring.REPLACEMENT_CUES,
      scoring.PHRASE_NEGATIONS,
      scoring.NEUTRAL_PHRASES,
      scoring.SCOPE_BREAKERS,
      scoring.PHRASE_START_BREAKERS,
    ];
    const leading = tables.flat().map(scoring.normalizeText);
    expect(new Set(leading).size).toBe(leading.length);
    for (const table of [
      scoring.TRAILING_MARKERS,
      scoring.REJECTING_PREDICATES,
      scoring.AFFIRMING_PREDICATES,
    ]) {
      const normalized = table.map(scoring.normalizeText);
      expect(new Set(normalized).size).toBe(normalized.length);
    }
  });
});
