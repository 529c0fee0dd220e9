import { describe, expect, it } from 'vitest';
import {
  formatResultsTable,
  formatResultsTables,
  itemsPassed,
  type ResultsRow,
  replaceBetweenMarkers,
} from '../../../src/bench/results-table/results-table.js';
import type { RunScores } from '../../../src/bench/scoring/score-run.js';

function row(
  method: string,
  eliteScore: number,
  { control = false, qualified8x = false, overall = 0.5 } = {},
): ResultsRow {
  const scores = {
    eliteScore,
    overall,
    driftResistance: 0.75,
    constraintRetention: 1,
    contradictionRate: 0.0125,
    compressionRatio: 12.345,
    families: { a: { items: 3, passed: 2, passRate: 2 / 3 }, b: { items: 1, passed: 1, passRate: 1 } },
  } as unknown as RunScores;
  return {
    method,
    control,
    scores,
    retention: 0.625,
    qualifiedAt: { '2x': true, '4x': !control, '8x': qualified8x },
  };
}

describe('formatResultsTable', () => {
  it('ranks methods by elite score, puts the controls last, and reads each against the oracle', () => {
    const table = formatResultsTable([
      row('oracle', 0.9, { control: true, overall: 0.8 }),
      row('b', 0.5),
      row('a', 0.8, { qualified8x: true, overall: 0.6 }),
    ]);
    const lines = table.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[0]).toBe(
      '| Method | Score | vs oracle | Retention | Items passed | Compression | Qualifies |',
    );
    expect(lines[2]).toBe('| `a` | 0.800 | 0.750 | 0.625 | 0.750 | 12.3x | 8x |');
    expect(lines[3]).toBe('| `b` | 0.500 | 0.625 | 0.625 | 0.750 | 12.3x | 4x |');
    expect(lines[4]).toBe('| oracle (control) | 0.900 | 1.000 | 0.625 | 0.750 | 12.3x | 2x |');
  });

  it('leaves the oracle ratio empty without an oracle row', () => {
    expect(formatResultsTable([row('a', 0.8)])).toContain('| `a` | 0.800 | – | 0.625 |');
  });

  it('counts items passed over every family', () => {
    expect(itemsPassed(row('a', 0.8).scores)).toBe(0.75);
  });
});

describe('formatResultsTables', () => {
  it('puts the caption first and each suite under its heading, a skipped one with its note', () => {
    const text = formatResultsTables(
      [
        { title: 'elite suite', rows: [row('a', 0.8)] },
        { title: 'CompactBench', rows: [], skipped: 'Skipped: /x is absent.' },
      ],
      'Measured by the lexical reader.',
    );
    expect(text.split('\n').slice(0, 3)).toEqual(['Measured by the lexical reader.', '', '**elite suite**']);
    expect(text).toMatch(/\*\*CompactBench\*\*\n\nSkipped: \/x is absent\.\n$/);
  });
});

describe('replaceBetweenMarkers', () => {
  it('replaces only what lies between the markers, and refuses a text without them', () => {
    const text = 'intro\n<!-- t:start -->\nold\n<!-- t:end -->\noutro';
    expect(replaceBetweenMarkers(text, 't', 'new\n')).toBe(
      'intro\n<!-- t:start -->\nnew\n<!-- t:end -->\noutro',
    );
    expect(() => replaceBetweenMarkers('no markers', 't', 'x')).toThrow(/markers <!-- t:start -->/);
  });
});
