import { describe, expect, it } from 'vitest';
import type { ProbeResult } from '../../src/probes/index.js';
import { aggregateResults } from '../../src/probes/index.js';
import { renderProbeReport } from '../../src/report/index.js';

const result = (method: string, score: number, answer: string): ProbeResult => ({
  sessionKey: 'session <b>.jsonl',
  taskType: 'debugging',
  point: 12,
  method,
  probe: {
    id: 'recall-1',
    type: 'recall',
    question: 'What failed?',
    groundTruth: { text: 'npm test', facts: ['npm test'], messageIds: ['m1'] },
    criteria: ['accuracy_factual'],
    source: 'deterministic',
  },
  tokensBefore: 100,
  tokensAfter: 10,
  answer,
  verdict: {
    criterionResults: [{ criterionId: 'accuracy_factual', score, reasoning: 'said <script>x</script>' }],
    dimensionScores: { accuracy: score },
    aggregateScore: score,
    judgeId: 'judge',
  },
});

describe('probe HTML report', () => {
  it('shows the table, one bar per method and scored dimension, every answer, and escapes session text', () => {
    const results = [result('alpha', 4, '<script>alert(1)</script>'), result('beta', 2, 'npm test')];
    const html = renderProbeReport(
      { results, aggregate: aggregateResults(results) },
      { answerer: 'reader', judge: 'judge' },
    );
    expect(html).toContain('<th>overall (95% CI)</th>');
    expect(html.match(/<rect /g)).toHaveLength(2);
    expect(html.match(/<details>/g)).toHaveLength(2);
    expect(html).not.toContain('<script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('session &lt;b&gt;.jsonl');
    // Best method first.
    expect(html.indexOf('<td>alpha</td>')).toBeLessThan(html.indexOf('<td>beta</td>'));
  });
});
