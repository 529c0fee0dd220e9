import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COLORS } from '../../../src/report/charts/chart-theme.js';
import { paretoFront, paretoScatter } from '../../../src/report/charts/pareto-scatter.js';
import { countMarks, markGroups, markTexts } from './svg-inspection.js';

const point = (method: string, compressionRatio: number, eliteScore: number) => ({
  method,
  compressionRatio,
  eliteScore,
});

function dominates(
  other: { compressionRatio: number; eliteScore: number },
  target: { compressionRatio: number; eliteScore: number },
): boolean {
  return (
    other.compressionRatio >= target.compressionRatio &&
    other.eliteScore >= target.eliteScore &&
    (other.compressionRatio > target.compressionRatio || other.eliteScore > target.eliteScore)
  );
}

describe('paretoFront', () => {
  it('drops dominated points and keeps the rest in input order', () => {
    const points = [point('a', 8, 0.5), point('b', 2, 0.9), point('c', 4, 0.4), point('d', 3, 0.7)];
    // c (4x, 0.4) is beaten by a (8x, 0.5) on both.
    expect(paretoFront(points).map((entry) => entry.method)).toEqual(['a', 'b', 'd']);
  });

  it('drops a point beaten on one axis and tied on the other', () => {
    const sameRatio = [point('better', 4, 0.8), point('worse', 4, 0.6)];
    const sameScore = [point('worse', 2, 0.6), point('better', 4, 0.6)];
    expect(paretoFront(sameRatio).map((entry) => entry.method)).toEqual(['better']);
    expect(paretoFront(sameScore).map((entry) => entry.method)).toEqual(['better']);
  });

  it('keeps both of two equal points: neither is strictly better', () => {
    expect(paretoFront([point('a', 4, 0.6), point('b', 4, 0.6)]).map((entry) => entry.method)).toEqual([
      'a',
      'b',
    ]);
  });

  it('returns nothing for nothing', () => {
    expect(paretoFront([])).toEqual([]);
  });

  it('keeps exactly the points nothing dominates', () => {
    const arbitraryPoint = fc.record({
      compressionRatio: fc.integer({ min: 1, max: 6 }),
      eliteScore: fc.integer({ min: 0, max: 5 }).map((score) => score / 5),
    });
    fc.assert(
      fc.property(fc.array(arbitraryPoint, { maxLength: 12 }), (points) => {
        const front = paretoFront(points);
        for (const entry of points) {
          const beaten = points.some((other) => dominates(other, entry));
          expect(front.includes(entry)).toBe(!beaten);
        }
        if (points.length > 0) expect(front.length).toBeGreaterThan(0);
      }),
    );
  });
});

describe('paretoScatter', () => {
  const points = [point('front-a', 2.5, 0.8), point('front-b', 6, 0.6), point('beaten', 3, 0.5)];

  it('draws a labelled point per method, one front line and the three tier floors', async () => {
    const svg = await paretoScatter(points);
    expect(countMarks(svg, 'symbol')).toBe(3);
    expect(markTexts(svg, 'text')).toEqual(['front-a', 'front-b', 'beaten']);
    expect(countMarks(svg, 'line')).toBe(1);
    expect(countMarks(svg, 'rule')).toBe(3);
  });

  it('colours the front apart from dominated points', async () => {
    const symbols =
      markGroups(await paretoScatter(points)).find((group) => group.mark === 'symbol')?.elements ?? [];
    const fills = symbols.map((symbol) => / fill="([^"]+)"/.exec(symbol)?.[1]);
    expect(fills).toEqual([COLORS.good, COLORS.good, COLORS.muted]);
  });

  it('draws the front as a staircase through the front points only, in ratio order', async () => {
    const svg = await paretoScatter([
      point('right', 6, 0.6),
      point('left', 2.5, 0.8),
      point('beaten', 3, 0.5),
    ]);
    const line = markGroups(svg).find((group) => group.mark === 'line')?.elements[0] ?? '';
    const corners = [...(/ d="([^"]*)"/.exec(line)?.[1] ?? '').matchAll(/[ML]([\d.]+),([\d.]+)/g)].map(
      (match) => [Number(match[1]), Number(match[2])],
    );
    // step-before: straight down from the left point (higher score, smaller y), then across to the right one.
    const [left, corner, right] = corners as [number[], number[], number[]];
    expect(corners).toHaveLength(3);
    expect(corner[0]).toBe(left[0]);
    expect(corner[1]).toBe(right[1]);
    expect(left[1]).toBeLessThan(right[1] ?? 0);
    expect(left[0]).toBeLessThan(right[0] ?? 0);
  });

  it('clamps absurd ratios at 1,000x and says so', async () => {
    const svg = await paretoScatter([...points, point('empty-artifact', 35_000, 0.1)]);
    expect(markTexts(svg, 'text')).toContain('empty-artifact (35,000×)');
    expect(svg).toContain('compression ratio (log scale; above 1,000× drawn at 1,000×)');
    const unclamped = await paretoScatter(points);
    expect(unclamped).toContain('>compression ratio (log scale)<');
  });

  it('leaves out points without numbers', async () => {
    const svg = await paretoScatter([...points, point('broken', Number.NaN, 0.5)]);
    expect(countMarks(svg, 'symbol')).toBe(3);
    expect(svg).not.toContain('NaN');
    expect(await paretoScatter([point('broken', Number.NaN, 0.5)])).toContain(': no data');
  });
});
