import { basename } from 'node:path';
import { describe, expect, it } from 'vitest';
import type { BenchCase, Check } from '../../../src/bench/case/types.js';
import { generateCase } from '../../../src/bench/generate/index.js';
import { containsWholeWords } from '../../../src/bench/lexicon/index.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { planCases, runCase } from '../../../src/bench/runner/index.js';
import { builtInSuiteNames, resolveSuite } from '../../../src/bench/suites/index.js';
import { DIFFICULTIES, type Difficulty, type Template } from '../../../src/bench/template/index.js';
import { nullCompactor } from '../../../src/compactors/index.js';
import { createLineMemoCounter, createTokenCounter } from '../../../src/tokens/index.js';

// The paraphrase suite is a held-out test set for the reader and the methods: these tests check that it is
// well-formed and answerable, never how today's reader scores on it.

/** One family per class of phrasing (suites/paraphrase/README.md), and the fewest templates each must have. */
const CLASS_MINIMUMS: Record<string, number> = {
  indirect_prohibition: 10,
  accepted_proposal: 10,
  quiet_reversal: 10,
  tool_output_rule: 10,
  corrected_value: 10,
  implicit_task_state: 10,
  passing_role: 10,
  narrowing_exception: 8,
};

const suite = await resolveSuite('paraphrase');
const templates = suite.templates.map(({ template }) => template);

function generate(template: Template, difficulty: Difficulty, slot = 0): BenchCase {
  return generateCase(template, {
    suite: suite.key,
    suiteVersion: suite.version,
    difficulty,
    seedGroup: 'test',
    slot,
  });
}

/** Every word a reader of the transcript sees: message text and tool call arguments. */
function transcriptText(benchCase: BenchCase): string {
  return benchCase.transcript
    .map((message) =>
      [message.content, ...(message.toolCalls ?? []).map((call) => JSON.stringify(call.arguments))].join(
        '\n',
      ),
    )
    .join('\n');
}

/** The values a check wants in an answer, and how many of them the transcript must hold (all, or one). */
function wantedValues(check: Check): { values: string[]; needed: 'all' | 'one' } | undefined {
  switch (check.kind) {
    case 'contains_normalized':
      return { values: [check.value], needed: 'all' };
    case 'contains_any':
      return { values: check.values, needed: 'one' };
    case 'contains_all':
    case 'in_order':
      return { values: check.values, needed: 'all' };
    case 'forbidden_absent':
      return undefined;
  }
}

describe('the paraphrase suite', () => {
  it('is shipped: loadable by name, with its manifest', async () => {
    expect(await builtInSuiteNames()).toContain('paraphrase');
    expect(suite).toMatchObject({ key: 'paraphrase', version: '1.0.0' });
  });

  it('has every class, each with enough templates, and keys named after their files', () => {
    const counts = new Map<string, number>();
    for (const template of templates) counts.set(template.family, (counts.get(template.family) ?? 0) + 1);
    expect([...counts.keys()].sort()).toEqual(Object.keys(CLASS_MINIMUMS).sort());
    for (const [family, minimum] of Object.entries(CLASS_MINIMUMS)) {
      expect(counts.get(family), family).toBeGreaterThanOrEqual(minimum);
    }
    for (const { template, path } of suite.templates) expect(basename(path)).toBe(`${template.key}.yaml`);
  });

  it('uses all six item types, and every application item has a tempting default', () => {
    const types = new Set(templates.flatMap((template) => template.evaluationItems.map((item) => item.type)));
    expect([...types].sort()).toEqual([
      'entity_integrity',
      'forbidden_behavior_retention',
      'immutable_fact_recall',
      'locked_decision_retention',
      'planning_soundness',
      'unresolved_task_continuity',
    ]);
    for (const template of templates) {
      for (const item of template.evaluationItems) {
        // Without one, an empty artifact ("the notes do not say") passes a forbidden_absent item for free.
        if (item.expected.check === 'forbidden_absent') {
          expect(item.temptingDefault, `${template.key}.${item.key}`).toBeDefined();
        }
      }
    }
  });

  describe.each(templates.map((template) => [template.key, template] as const))('%s', (_key, template) => {
    it('declares every difficulty and generates at each', () => {
      for (const difficulty of DIFFICULTIES) {
        expect(template.difficultyPolicy.distractorTurns[difficulty], difficulty).toBeDefined();
        const benchCase = generate(template, difficulty);
        expect(benchCase.items.length).toBeGreaterThanOrEqual(3);
      }
    });

    it('is answerable from the transcript, and no prompt gives its answer away', () => {
      for (const slot of [0, 1, 2]) {
        const benchCase = generate(template, 'easy', slot);
        const text = transcriptText(benchCase);
        for (const item of benchCase.items) {
          const where = `${benchCase.key} ${item.key}`;
          const wanted = wantedValues(item.check);
          // A forbidden_absent item names what must not be affirmed; there is no answer to look for.
          if (wanted === undefined) continue;
          for (const value of wanted.values)
            expect(containsWholeWords(item.prompt, value), where).toBe(false);
          // An application item may ask for something built from what the transcript says (a tag name from
          // the tag pattern a workflow file documents); recall items ask only for what is written there.
          if (item.type === 'planning_soundness') continue;
          const present = wanted.values.filter((value) => containsWholeWords(text, value));
          if (wanted.needed === 'all') expect(present, where).toEqual(wanted.values);
          else expect(present.length, where).toBeGreaterThan(0);
        }
        for (const value of benchCase.groundTruth.forbiddenBehaviors) {
          // A forbidden value that is also an expected answer would make an item unpassable.
          for (const item of benchCase.items) {
            const wanted = wantedValues(item.check);
            if (wanted === undefined || item.type === 'forbidden_behavior_retention') continue;
            for (const expected of wanted.values) {
              expect(containsWholeWords(expected, value), `${benchCase.key} ${item.key}`).toBe(false);
            }
          }
        }
      }
    });
  });

  it('is failed by the null control: an empty artifact passes no item', async () => {
    const planned = planCases({ suite, difficulties: ['easy'], cases: 1, seedGroup: 'test' });
    expect(planned).toHaveLength(templates.length);
    const context = {
      compactor: nullCompactor,
      target: createLexicalTarget(),
      driftMode: 'incremental' as const,
      cycles: 1,
      counter: createTokenCounter(),
      countArtifactTokens: createLineMemoCounter(),
    };
    const passed: string[] = [];
    let items = 0;
    for (const entry of planned) {
      const record = await runCase(entry, context);
      expect(record.status, entry.key).not.toBe('failed');
      for (const verdict of record.verdicts ?? []) {
        items++;
        if (verdict.score > 0) passed.push(`${entry.key} ${verdict.itemKey}: ${verdict.reason}`);
      }
    }
    expect(items).toBeGreaterThan(templates.length * 3);
    expect(passed).toEqual([]);
  }, 120_000);
});
