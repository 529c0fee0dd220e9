import { describe, expect, it } from 'vitest';
import {
  bootstrapMeanInterval,
  costOfPass,
  EvalResult,
  type EvalRow,
  latency,
  paretoRank,
  passRate,
  percentile,
  perDatasetBreakdown,
} from '../../src/evaluate/index.js';

function row(fields: Partial<EvalRow>): EvalRow {
  return {
    system: 's',
    exampleId: 1,
    scores: {},
    inputTokens: 10,
    outputTokens: 2,
    contextTokens: { original: 10 },
    metadata: {},
    latency: 1,
    dataset: 'd',
    ...fields,
  };
}

describe('metrics', () => {
  it('interpolates percentiles between ranks', () => {
    // sorted [1, 2, 3, 4]: p50 at position 1.5 -> 2.5; p95 at 2.85 -> 3.85.
    expect(percentile([4, 1, 3, 2], 50)).toBe(2.5);
    expect(percentile([4, 1, 3, 2], 95)).toBeCloseTo(3.85, 10);
    const figures = latency().compute([
      row({ latency: 1 }),
      row({ latency: 3 }),
      row({ latency: 100, error: { code: 'x', message: 'y' } }),
    ]);
    expect(figures.latency_mean).toBe(2);
    expect(figures.latency_p50).toBe(2);
    expect(figures.latency_p95).toBeCloseTo(2.9, 10);
    expect(figures.latency_p99).toBeCloseTo(2.98, 10);
  });

  it('counts error rows as failures in the pass rate, and unscored rows not at all', () => {
    const rows = [
      row({ scores: { f1: 1 } }),
      row({ scores: { f1: 0.5 } }),
      row({ error: { code: 'x', message: 'y' } }),
      row({}),
    ];
    expect(passRate({ scoreField: 'f1', threshold: 0.7 }).compute(rows)).toEqual({
      pass_rate: 1 / 3,
      passed: 1,
    });
  });

  it('cost of pass divides the total cost by the passing rows', () => {
    const rows = [
      row({ scores: { f1: 1 }, metadata: { costUsd: 0.02 } }),
      row({ scores: { f1: 0 }, metadata: { costUsd: 0.04 } }),
    ];
    expect(costOfPass({ scoreField: 'f1' }).compute(rows)).toEqual({ cost_usd: 0.06, cost_of_pass: 0.06 });
    expect(costOfPass().compute([row({ scores: { f1: 1 } })])).toEqual({});
  });

  it('bootstrap intervals are seeded and bracket the mean', () => {
    const values = [0, 1, 1, 0, 1, 1, 1, 0, 1, 1];
    const one = bootstrapMeanInterval(values);
    expect(bootstrapMeanInterval(values)).toEqual(one);
    expect(one.low).toBeLessThan(0.7);
    expect(one.high).toBeGreaterThan(0.7);
    expect(bootstrapMeanInterval([0.5, 0.5])).toEqual({ low: 0.5, high: 0.5 });
  });

  it('ranks Pareto fronts over higher score and lower cost', () => {
    expect(
      paretoRank([
        { system: 'cheap', score: 0.6, cost: 1 },
        { system: 'best', score: 0.9, cost: 5 },
        { system: 'dominated', score: 0.5, cost: 6 },
        { system: 'middle', score: 0.7, cost: 3 },
      ]),
    ).toEqual({ cheap: 1, best: 1, middle: 1, dominated: 2 });
  });

  it('breaks scores down per dataset tag', () => {
    const rows = [
      row({ dataset: 'b', scores: { f1: 1 } }),
      row({ dataset: 'a', scores: { f1: 0 } }),
      row({ dataset: 'b', scores: { f1: 0 } }),
    ];
    expect(perDatasetBreakdown().compute(rows)).toEqual({ 'mean_f1@a': 0, 'mean_f1@b': 0.5 });
  });
});

describe('EvalResult', () => {
  const result = new EvalResult({
    rows: [
      row({
        system: 'x',
        exampleId: 'q1',
        scores: { f1: 0.5 },
        metadata: { note: 'has, comma "and" quotes' },
      }),
      row({ system: 'y', exampleId: 'q1', error: { code: 'system_failed', message: 'boom' } }),
    ],
    summary: { x: { mean_f1: 0.5 }, y: { mean_f1: Number.NaN } },
    timing: { x: 1, y: 2 },
    config: { dataset: 'd' },
  });

  it('filters by system and exports JSON without NaN', () => {
    expect(result.filter({ system: 'y' }).rows).toHaveLength(1);
    expect(result.filter({ system: 'y' }).summary).toEqual({ y: { mean_f1: Number.NaN } });
    expect(JSON.parse(JSON.stringify(result.toJSON())).summary.y).toEqual({ mean_f1: null });
    expect(result.toJSONL().trim().split('\n')).toHaveLength(2);
  });

  it('writes RFC 4180 CSV over the union of columns', () => {
    const csv = result.toCSV();
    const lines = csv.split('\r\n');
    expect(lines[0]).toBe(
      'system,example_id,dataset,input_tokens,output_tokens,context_tokens,processed_context_tokens,latency,error,score.f1,meta.note',
    );
    expect(lines[1]).toBe('x,q1,d,10,2,10,,1,,0.5,"has, comma ""and"" quotes"');
    expect(lines[2]).toBe('y,q1,d,10,2,10,,1,system_failed: boom,,');
    expect(result.toRecords()[1]).toMatchObject({ error: 'system_failed: boom' });
  });
});
