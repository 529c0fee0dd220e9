import { afterAll, describe, expect, it } from 'vitest';
import { scoreStoredRun } from '../../src/bench/runner/index.js';
import { buildReportData } from '../../src/report/build-report-data.js';
import { describeCheck } from '../../src/report/collect-cases.js';
import { withinBudget } from '../../src/report/transcript-view.js';
import { hostileRuns } from './report-fixture.js';

const { store, suite, runIds } = await hostileRuns();
afterAll(() => store.close());

describe('buildReportData', () => {
  it('recomputes each run’s scores, qualification per tier, families and drift curve from the store', async () => {
    const data = await buildReportData(store, runIds, { suites: [suite] });
    expect(data.runs.map((run) => run.id)).toEqual(runIds);
    for (const run of data.runs) {
      const rescored = scoreStoredRun(store, run.id, { tier: '8x' });
      expect(run.eliteScore).toBe(rescored.eliteScore);
      expect(run.retention).toBe(rescored.retention);
      expect(run.qualification['8x'].qualified).toBe(rescored.qualification.qualified);
      expect(run.qualification['8x'].failures).toEqual(rescored.qualification.failures);
      expect(run.cycleScores.map((entry) => entry.cycle)).toEqual([0, 1, 2]);
      expect(Object.keys(run.families)).toEqual(['buried_constraint']);
      expect(run.usage).toEqual([]);
    }
    const oracle = data.runs[0]!;
    expect(oracle.method).toBe('oracle@1.0.0');
    expect(oracle.cycleScores.every((entry) => entry.score === 1)).toBe(true);
    // Every run is read against the oracle run on the same cases.
    expect(data.runs.map((run) => run.vsOracle)).toEqual(
      data.runs.map((run) => run.overall / oracle.overall),
    );
    expect(oracle.retention).toBe(1);
    expect(data.comparability).toEqual({ comparable: true, notes: [] });
  });

  it('gathers every case across runs with its regenerated transcript, artifacts and re-judged items', async () => {
    const data = await buildReportData(store, runIds, { suites: [suite] });
    expect(data.cases).toHaveLength(4);
    expect(data.cases.map((entry) => entry.difficulty)).toEqual(['easy', 'easy', 'hard', 'hard']);
    const first = data.cases[0]!;
    expect(first.outcomes.map((outcome) => outcome.runId)).toEqual(runIds);
    expect(first.transcript?.[0]?.text).toContain("<script>document.title = 'PWNED-1'");
    const cycle = first.outcomes[0]!.cycles[1]!;
    expect(cycle.userTurn).toContain('PWNED-4');
    expect(cycle.artifactText).toContain('Never push to');
    const rule = cycle.items.find((item) => item.key === 'recall_rule')!;
    expect(rule.expected).toMatch(/^contains "push to /);
    expect(rule).toMatchObject({ score: 1, violation: false });
    expect(rule.reason).toMatch(/contains/);
  });

  it('shows a long transcript’s opening and end within the budget, and says what it left out', () => {
    const messages = Array.from({ length: 100 }, (_, turn) => ({
      turn,
      role: turn === 0 ? 'user' : 'tool',
      label: 'x',
      text: turn === 0 ? 'Never push to main.' : 'y'.repeat(200),
      cut: 0,
    }));
    const shown = withinBudget(messages, 3_000);
    const note = shown.find((message) => message.role === 'note')!;
    expect(note.text).toMatch(
      /^\d+ messages \([\d,]+ characters as shown\) from the middle of the session are left out/,
    );
    const kept = shown.filter((message) => message !== note);
    expect(kept.reduce((sum, message) => sum + message.text.length, 0)).toBeLessThanOrEqual(3_000);
    expect(kept.length + Number(note.text.split(' ')[0])).toBe(100);
    // The rule at the start and the newest messages both survive, in order.
    expect(shown[0]!.text).toBe('Never push to main.');
    expect(shown.at(-1)!.turn).toBe(99);
    expect(withinBudget(messages.slice(0, 3), 3_000)).toEqual(messages.slice(0, 3));
  });

  it('says why a transcript is missing when the suite is not known, and leaves cases out on request', async () => {
    const data = await buildReportData(store, runIds.slice(0, 1));
    expect(data.cases[0]!.transcript).toBeNull();
    expect(data.cases[0]!.transcriptNote).toMatch(
      /hostile@1\.0\.0 is not one this compactkit ships; pass its folder with --suite/,
    );
    expect((await buildReportData(store, runIds, { cases: false })).cases).toEqual([]);
  });

  it('refuses an unknown run id with the store’s error', async () => {
    await expect(buildReportData(store, ['no-such-run'])).rejects.toThrow(/no run "no-such-run"/);
  });
});

describe('describeCheck', () => {
  it('says what each kind of check wants', () => {
    expect(describeCheck({ kind: 'forbidden_absent', value: 'rm -rf' })).toBe(
      'does not state "rm -rf" as something to do',
    );
    expect(describeCheck({ kind: 'in_order', values: ['a', 'b'] })).toBe('mentions "a" then "b"');
    expect(describeCheck({ kind: 'contains_any', values: ['x', 'y'] })).toBe('contains one of "x", "y"');
  });
});
