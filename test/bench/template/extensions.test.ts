import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSuite } from '../../../src/bench/suites/index.js';
import { parseTemplate } from '../../../src/bench/template/index.js';
import { ValidationError } from '../../../src/errors.js';

const root = new URL('../../..', import.meta.url).pathname;

function issues(text: string): string[] {
  try {
    parseTemplate(text, 'ext.yaml');
  } catch (error) {
    if (error instanceof ValidationError)
      return error.issues.map((issue) => `${issue.where}: ${issue.message}`);
    throw error;
  }
  return [];
}

const base = (body: string) => `template:
  key: ext
  family: ext
  version: 1.0.0
  difficulty_policy: {distractor_turns: {easy: 1}}
${body}
  ground_truth: {}
  evaluation_items:
    - {key: a, type: entity_integrity, prompt: "Who?", expected: {check: contains_normalized, value: x}}
`;

describe('compactkit template extensions', () => {
  it('reads every extension into the Template', async () => {
    const suite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));
    const template = suite.templates.find(({ template: entry }) => entry.key === 'rule_with_tools')!.template;
    expect(template.difficultyPolicy.targetTokens).toEqual({
      easy: 1200,
      medium: 2500,
      hard: 5000,
      elite: 9000,
    });
    expect(template.variables.find((variable) => variable.name === 'decoy_port')).toEqual({
      name: 'decoy_port',
      generator: 'port',
      like: 'port',
    });
    expect(template.variables.find((variable) => variable.name === 'region')).toEqual({
      name: 'region',
      choices: ['eu-west-1', 'ap-south-2', 'us-east-2'],
    });
    expect(template.transcript.turns[3]?.toolCalls).toEqual([
      {
        name: 'run_command',
        arguments: { command: '{{command}}' },
        output: 'FAILED: {{error}}',
        isError: true,
        buryTokens: { easy: 200, medium: 400, hard: 800, elite: 1600 },
      },
    ]);
    expect(template.evaluationItems[1]).toMatchObject({ temptingDefault: '{{forbidden_action}}', cues: [] });
    expect(template.evaluationItems[2]).toMatchObject({ answerFormat: 'short', cues: ['port', 'gateway'] });
    expect(template.continuation).toHaveLength(2);
    expect(template.description).toMatch(/^A rule/);
    expect(suite).toMatchObject({ key: 'mini', version: '1.0.0' });
  });

  it('rejects misuse of the extensions with file, path and reason', () => {
    expect(
      issues(
        base(`  variables:
    - {name: a}
    - {name: b, generator: port, choices: ["1"]}
    - {name: c, choices: [x], like: a}
  transcript:
    turns:
      - {role: user, template: hi, tool_calls: [{name: run, output: x}]}
      - {role: assistant, tool_calls: [{name: run}]}`),
      ),
    ).toEqual([
      'ext.yaml: template.variables[0].generator: is required (or give `choices`)',
      'ext.yaml: template.variables[1].choices: give either `generator` or `choices`, not both',
      'ext.yaml: template.variables[2].like: `like` needs a generator, not `choices`',
      'ext.yaml: template.transcript.turns[0].tool_calls: only an assistant turn makes tool calls, this one is user',
      'ext.yaml: template.transcript.turns[1].tool_calls[0].output: is required (expected string)',
    ]);
    expect(issues(base('  transcript: {turns: []}\n  continuation: []'))).toEqual([
      'ext.yaml: template.continuation: must list at least one turn',
    ]);
    expect(
      issues(
        base('  transcript: {turns: []}').replace(
          'expected: {check: contains_normalized, value: x}}',
          'answer_format: essay, expected: {check: contains_normalized, value: x}}',
        ),
      )[0],
    ).toMatch(/^ext\.yaml: template\.evaluation_items\[0\]\.answer_format: /);
  });

  it('loads the shipped suites: 13 families, 5 elite templates and 1 starter template each', async () => {
    const elite = await loadSuite(join(root, 'suites/elite'));
    const starter = await loadSuite(join(root, 'suites/starter'));
    const count = (templates: typeof elite.templates) => {
      const families = new Map<string, number>();
      for (const { template } of templates)
        families.set(template.family, (families.get(template.family) ?? 0) + 1);
      return families;
    };
    const eliteFamilies = count(elite.templates);
    expect(eliteFamilies.size).toBe(13);
    expect([...eliteFamilies.values()].every((templates) => templates === 5)).toBe(true);
    expect([...count(starter.templates).keys()].sort()).toEqual([...eliteFamilies.keys()].sort());
    // Every item type is used, unresolved_task_continuity included.
    const types = new Set(
      elite.templates.flatMap(({ template }) => template.evaluationItems.map((item) => item.type)),
    );
    expect([...types].sort()).toEqual([
      'entity_integrity',
      'forbidden_behavior_retention',
      'immutable_fact_recall',
      'locked_decision_retention',
      'planning_soundness',
      'unresolved_task_continuity',
    ]);
  });
});
