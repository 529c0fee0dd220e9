import { describe, expect, it } from 'vitest';
import {
  formatResultsTable,
  type ResultsRow,
  replaceBetweenMarkers,
} from '../../../src/bench/results-table/results-table.js';
import type { RunScores } from '../../../src/bench/scoring/score-run.js';

function row(method: string, eliteScore: number, control = false, qualified8x = false): ResultsRow {
  const scores = {
    eliteScore,
    overall: 0.5,
    driftResistance: 0.75,
    constraintRetention: 1,
    contradictionRate: 0.0125,
    compressionRatio: 12.345,
  } as RunScores;
  return { method, control, scores, qualifiedAt: { '2x': true, '4x': true, '8x': qualified8x } };
}

describe('formatResultsTable', () => {
  it('ranks methods by elite score, puts the controls last and marks each tier', () => {
    const table = formatResultsTable([row('oracle', 0.9, true), row('b', 0.5), row('a', 0.8, false, true)]);
    const lines = table.trimEnd().split('\n');
    expect(lines).toHaveLength(5);
    expect(lines[2]).toBe('| `a` | 0.800 | 0.500 | 0.750 | 1.000 | 0.013 | 12.3x | yes | yes | yes |');
    expect(lines[3]).toMatch(/^\| `b` \| 0\.500 .* \| yes \| yes \| no \|$/);
    expect(lines[4]).toMatch(/^\| oracle \(control\) \| 0\.900/);
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
