import { describe, expect, it } from 'vitest';
import { ITEM_WEIGHTS } from '../../../src/bench/case/types.js';
import { scoreCycle } from '../../../src/bench/scoring/score-cycle.js';
import { ValidationError } from '../../../src/errors.js';

describe('scoreCycle', () => {
  it('weights items with seed 000 weights', () => {
    expect(ITEM_WEIGHTS).toEqual({
      locked_decision_retention: 3,
      forbidden_behavior_retention: 3,
      immutable_fact_recall: 2,
      unresolved_task_continuity: 2,
      entity_integrity: 1,
      planning_soundness: 1,
    });
    // (3·1 + 2·0 + 1·1) / (3 + 2 + 1) = 4/6
    const cycle = scoreCycle([
      { itemType: 'locked_decision_retention', score: 1, violation: false },
      { itemType: 'immutable_fact_recall', score: 0, violation: false },
      { itemType: 'entity_integrity', score: 1, violation: false },
    ]);
    expect(cycle.score).toBeCloseTo(4 / 6, 12);
    expect(cycle).toMatchObject({ contradictionRate: 0, responses: 3, violations: 0 });
    expect(cycle.penalized).toBeCloseTo(4 / 6, 12);
  });

  it('penalises by the contradiction rate', () => {
    // Weighted score (3·0 + 1·1 + 1·1 + 2·1) / 7 = 4/7; 1 violation in 4 responses.
    const cycle = scoreCycle([
      { itemType: 'forbidden_behavior_retention', score: 0, violation: true },
      { itemType: 'planning_soundness', score: 1, violation: false },
      { itemType: 'entity_integrity', score: 1, violation: false },
      { itemType: 'unresolved_task_continuity', score: 1, violation: false },
    ]);
    expect(cycle.score).toBeCloseTo(4 / 7, 12);
    expect(cycle.contradictionRate).toBe(0.25);
    expect(cycle.penalized).toBeCloseTo((4 / 7) * 0.75, 12);
    expect(cycle.violations).toBe(1);
  });

  it('scores an empty cycle 0 throughout', () => {
    expect(scoreCycle([])).toEqual({
      score: 0,
      contradictionRate: 0,
      penalized: 0,
      responses: 0,
      violations: 0,
    });
  });

  it('rejects unknown item types and scores outside [0, 1], naming each', () => {
    const bad = () =>
      scoreCycle([
        { itemType: 'vibes' as never, score: 1, violation: false },
        { itemType: 'entity_integrity', score: 1.5, violation: false },
        { itemType: 'entity_integrity', score: Number.NaN, violation: false },
      ]);
    expect(bad).toThrow(ValidationError);
    try {
      bad();
    } catch (error) {
      expect((error as ValidationError).issues.map((issue) => issue.where)).toEqual([
        'verdicts[0].itemType',
        'verdicts[1].score',
        'verdicts[2].score',
      ]);
    }
  });
});
