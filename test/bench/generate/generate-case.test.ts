import { createHash } from 'node:crypto';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCase } from '../../../src/bench/generate/index.js';
import { stableJson } from '../../../src/bench/runner/index.js';
import { containsNormalized, normalizeText } from '../../../src/bench/scoring/normalize.js';
import { loadSuite } from '../../../src/bench/suites/index.js';
import { loadTemplateDirectory, parseTemplate, type Template } from '../../../src/bench/template/index.js';
import { hasValidToolPairs } from '../../../src/compaction/repair-tool-pairs.js';
import { ValidationError } from '../../../src/errors.js';
import { countTextTokens } from '../../../src/tokens/index.js';
import { COMPACT_BENCH_PUBLIC, HAS_COMPACT_BENCH } from '../template/compact-bench-data.js';

const root = new URL('../../..', import.meta.url).pathname;
const mini = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));
const ruleTemplate = mini.templates.find(({ template }) => template.key === 'rule_with_tools')!.template;
const request = {
  suite: 'mini',
  suiteVersion: '1.0.0',
  difficulty: 'easy',
  seedGroup: '0',
  slot: 0,
} as const;

function hashOf(value: unknown): string {
  return createHash('sha256').update(stableJson(value)).digest('hex');
}

describe('generateCase', () => {
  // If generation changes on purpose, bump GENERATOR_VERSION and update these hashes.
  it('gives byte-identical cases for the same inputs (golden hash)', () => {
    expect(hashOf(generateCase(ruleTemplate, request))).toBe(
      '317cd0d250758cf6f94464503253d7b5ccd20d5fa9b7abe884795dbd8e147c50',
    );
  });

  it.skipIf(!HAS_COMPACT_BENCH)(
    'gives a byte-identical case from a CompactBench template (golden hash)',
    async () => {
      const compactBench = await loadTemplateDirectory(join(COMPACT_BENCH_PUBLIC, 'elite_practice'));
      const decision = compactBench.find(
        ({ template }) => template.key === 'decision_override_v1_1',
      )!.template;
      const benchCase = generateCase(decision, {
        suite: 'elite_practice',
        suiteVersion: '1.0.0',
        difficulty: 'hard',
        seedGroup: '7',
        slot: 3,
      });
      expect(hashOf(benchCase)).toBe('b70863997418dd094316789e6bb001bfc8e45e481927f5f070225a2685a21a76');
    },
  );

  it('changes with the slot, the seed group and the suite, and keeps variables of a slot across difficulties', () => {
    const base = generateCase(ruleTemplate, request);
    expect(generateCase(ruleTemplate, { ...request, slot: 1 }).variables).not.toEqual(base.variables);
    expect(generateCase(ruleTemplate, { ...request, seedGroup: '1' }).variables).not.toEqual(base.variables);
    expect(generateCase(ruleTemplate, { ...request, suite: 'other' }).variables).not.toEqual(base.variables);
    // The case seed formula has no difficulty in it: the same people and values, more filler.
    expect(generateCase(ruleTemplate, { ...request, difficulty: 'hard' }).variables).toEqual(base.variables);
    expect(base.key).toBe('rule_with_tools@1.0.0:easy:0:0');
    expect(base.seed).toMatch(/^\d+$/);
  });

  it('draws distinct values, none inside another, over many slots', () => {
    for (let slot = 0; slot < 40; slot++) {
      const values = Object.values(generateCase(ruleTemplate, { ...request, slot }).variables).map((value) =>
        value.toLowerCase(),
      );
      expect(new Set(values).size).toBe(values.length);
      for (const value of values) {
        for (const other of values) if (other !== value) expect(other.includes(value)).toBe(false);
      }
    }
  });

  it('keeps tags off the messages and maps them to the right message ids', () => {
    const benchCase = generateCase(ruleTemplate, request);
    expect(benchCase.tags).toEqual({ m0: ['critical_constraint'] });
    expect(benchCase.transcript[0]?.content).toContain(`never ${benchCase.variables.forbidden_action}`);
    for (const message of benchCase.transcript) {
      expect(
        Object.keys(message).every((key) =>
          ['id', 'role', 'content', 'toolCalls', 'toolCallId', 'toolName', 'isError', 'turn'].includes(key),
        ),
      ).toBe(true);
    }
    expect(JSON.stringify(benchCase.transcript)).not.toContain('critical_constraint');
  });

  it('pairs every tool call with its result and buries the key output inside a larger one', () => {
    for (const difficulty of ['easy', 'medium', 'hard', 'elite'] as const) {
      const benchCase = generateCase(ruleTemplate, { ...request, difficulty });
      expect(hasValidToolPairs(benchCase.transcript)).toBe(true);
      const result = benchCase.transcript.find((message) => message.toolCallId === 't3-call-0')!;
      expect(result.isError).toBe(true);
      const key = `FAILED: ${benchCase.variables.error}`;
      const at = result.content.indexOf(key);
      expect(at).toBeGreaterThan(0);
      expect(at + key.length).toBeLessThan(result.content.length);
      const buried = countTextTokens(result.content);
      const wanted = { easy: 200, medium: 400, hard: 800, elite: 1600 }[difficulty];
      expect(buried).toBeGreaterThan(wanted * 0.7);
      expect(buried).toBeLessThan(wanted * 1.4);
      const call = benchCase.transcript.find((message) => message.toolCalls?.[0]?.id === 't3-call-0')!;
      expect(call.toolCalls?.[0]?.arguments).toEqual({ command: benchCase.variables.command });
    }
  });

  it('sizes the transcript near the target tokens of each difficulty', () => {
    const targets = { easy: 1200, medium: 2500, hard: 5000, elite: 9000 } as const;
    for (const [difficulty, target] of Object.entries(targets)) {
      const benchCase = generateCase(ruleTemplate, { ...request, difficulty: difficulty as 'easy' });
      const tokens = benchCase.transcript.reduce((sum, message) => sum + countTextTokens(message.content), 0);
      expect(tokens).toBeGreaterThan(target * 0.75);
      expect(tokens).toBeLessThan(target * 1.25);
    }
  });

  it('fills items, ground truth and continuation, with no placeholder left', () => {
    const benchCase = generateCase(ruleTemplate, request);
    expect(JSON.stringify(benchCase)).not.toMatch(/\{\{\s*[\w.]+\s*\}\}/);
    expect(benchCase.items.map((item) => item.key)).toEqual([
      'recall_rule',
      'apply_rule',
      'recall_port',
      'open_task',
      'owner',
    ]);
    expect(benchCase.items[1]).toMatchObject({
      type: 'planning_soundness',
      temptingDefault: benchCase.variables.forbidden_action,
      check: { kind: 'forbidden_absent', value: benchCase.variables.forbidden_action },
    });
    expect(benchCase.items[2]?.answerFormat).toBe('short');
    expect(benchCase.groundTruth.entityMap).toEqual({ [benchCase.variables.owner!]: 'rollout owner' });
    expect([...benchCase.continuation].sort()).toEqual([
      'Can you check the release notes draft?',
      "Let's look at the dashboard next.",
    ]);
    expect(['eu-west-1', 'ap-south-2', 'us-east-2']).toContain(benchCase.variables.region);
  });
});

describe("generateCase with CompactBench's date_iso, amount_usd and product_sku", () => {
  const template = parseTemplate(`template:
  key: order_hold
  family: buried_constraint
  version: 1.0.0
  difficulty_policy: {distractor_turns: {easy: 3, medium: 5}}
  variables:
    - {name: sku, generator: product_sku}
    - {name: cap, generator: amount_usd}
    - {name: ship_by, generator: date_iso}
  transcript:
    turns:
      - {role: user, template: "Hold {{sku}}: never approve a reorder above {{cap}}, and it ships by {{ship_by}}."}
      - {role: distractor_block, count: "{{difficulty.distractor_turns}}"}
  ground_truth: {immutable_facts: ["{{sku}} ships by {{ship_by}}"]}
  evaluation_items:
    - {key: cap, type: immutable_fact_recall, prompt: "What is the reorder cap?", expected: {check: contains_normalized, value: "{{cap}}"}}
`);

  it('generates over many slots, the values in the request and nowhere in the filler', () => {
    for (let slot = 0; slot < 30; slot++) {
      for (const difficulty of ['easy', 'medium'] as const) {
        const benchCase = generateCase(template, { ...request, difficulty, slot });
        const { sku, cap, ship_by: shipBy } = benchCase.variables as Record<string, string>;
        expect(benchCase.transcript[0]?.content).toBe(
          `Hold ${sku}: never approve a reorder above ${cap}, and it ships by ${shipBy}.`,
        );
        const filler = normalizeText(JSON.stringify(benchCase.transcript.slice(1)));
        for (const value of [sku, cap, shipBy] as string[]) {
          expect(containsNormalized(filler, normalizeText(value)), `${slot} ${value}`).toBe(false);
        }
      }
    }
  });
});

describe('generateCase rejects a bad template with its key and path', () => {
  function template(change: (text: string) => string): Template {
    const text = `template:
  key: bad
  family: buried_constraint
  version: 1.0.0
  difficulty_policy: {distractor_turns: {easy: 1}}
  variables: [{name: action, generator: action_phrase}]
  transcript:
    turns:
      - {role: user, template: "never {{action}}"}
      - {role: distractor_block, count: "{{difficulty.distractor_turns}}"}
  ground_truth: {forbidden_behaviors: ["{{action}}"]}
  evaluation_items:
    - {key: rule, type: forbidden_behavior_retention, prompt: "What is forbidden?", cues: [never], expected: {check: contains_normalized, value: "{{action}}"}}
`;
    return parseTemplate(change(text), 'bad.yaml');
  }
  function issues(change: (text: string) => string) {
    try {
      generateCase(template(change), request);
    } catch (error) {
      if (error instanceof ValidationError)
        return error.issues.map((issue) => `${issue.where}: ${issue.message}`);
      throw error;
    }
    return [];
  }

  it('accepts the valid base', () => {
    expect(issues((text) => text)).toEqual([]);
  });
  it('names an unknown placeholder', () => {
    expect(issues((text) => text.replace('"never {{action}}"', '"never {{acton}}"'))).toEqual([
      'template bad: transcript.turns[0].template: unknown placeholder {{acton}}; known: action, difficulty.distractor_turns, difficulty.override_timing, difficulty.paraphrase_depth, difficulty.target_tokens',
    ]);
  });
  it('names an unknown item type and check', () => {
    expect(issues((text) => text.replace('type: forbidden_behavior_retention', 'type: vibes'))[0]).toMatch(
      /^template bad: evaluation_items\[0\]\.type: unknown item type "vibes"; known: locked_decision_retention/,
    );
    expect(issues((text) => text.replace('check: contains_normalized', 'check: regex'))[0]).toMatch(
      /^template bad: evaluation_items\[0\]\.expected\.check: expected one of contains_normalized/,
    );
  });
  it('refuses a cue that gives the answer away and an empty expected value', () => {
    expect(issues((text) => text.replace('cues: [never]', 'cues: ["{{action}}"]'))[0]).toMatch(
      /cues\[0\]: cue ".*" contains the expected value/,
    );
    expect(issues((text) => text.replace('value: "{{action}}"}', 'value: "  "}'))[0]).toMatch(
      /expected\.value: the expected value is empty after filling placeholders/,
    );
  });
  it('names a difficulty the template does not define, and the ones it does', () => {
    expect(() =>
      generateCase(
        template((text) => text),
        { ...request, difficulty: 'hard' },
      ),
    ).toThrow(
      'template bad: difficulty_policy.distractor_turns: the template has no "hard" level; it declares easy',
    );
  });
});
