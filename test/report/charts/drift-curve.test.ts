import { describe, expect, it } from 'vitest';
import { driftCurve } from '../../../src/report/charts/drift-curve.js';
import { axisLabels, countMarks, markGroups } from './svg-inspection.js';

describe('driftCurve', () => {
  it('draws one line per method and one point per cycle score', async () => {
    const points = ['a', 'b', 'c'].flatMap((method) =>
      [1, 2, 3, 4].map((cycle) => ({ method, cycle, score: 1 - cycle / 10 })),
    );
    const svg = await driftCurve(points);
    expect(markGroups(svg).filter((group) => group.mark === 'line')).toHaveLength(3);
    expect(countMarks(svg, 'line')).toBe(3);
    expect(countMarks(svg, 'symbol')).toBe(12);
    // One legend for colour and shape together.
    expect(svg.match(/aria-roledescription="legend"/g)).toHaveLength(1);
  });

  it('labels cycles with whole numbers only', async () => {
    const svg = await driftCurve([
      { method: 'a', cycle: 1, score: 0.9 },
      { method: 'a', cycle: 2, score: 0.8 },
    ]);
    expect(axisLabels(svg)).toContainEqual(['1', '2']);
  });

  it('draws each line left to right whatever the input order', async () => {
    const svg = await driftCurve([
      { method: 'a', cycle: 3, score: 0.5 },
      { method: 'a', cycle: 1, score: 0.9 },
      { method: 'a', cycle: 2, score: 0.7 },
    ]);
    const line = markGroups(svg).find((group) => group.mark === 'line')?.elements[0] ?? '';
    const xs = [...(/ d="([^"]*)"/.exec(line)?.[1] ?? '').matchAll(/[ML]([\d.]+),/g)].map((match) =>
      Number(match[1]),
    );
    expect(xs).toHaveLength(3);
    expect([...xs].sort((left, right) => left - right)).toEqual(xs);
  });

  it('draws a single cycle without a zero-width axis', async () => {
    const svg = await driftCurve([{ method: 'a', cycle: 1, score: 0.9 }]);
    expect(countMarks(svg, 'symbol')).toBe(1);
    expect(svg).not.toContain('NaN');
  });
});
