import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkTemplate, generateCase } from '../../../src/bench/generate/index.js';
import {
  loadTemplate,
  parseTemplate,
  TEMPLATE_LIMITS,
  templateDifficulties,
} from '../../../src/bench/template/index.js';
import { ValidationError } from '../../../src/errors.js';

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'compactkit-check-'));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

/** A valid template using the extensions that carry placeholders; tests break one part of it. */
const BASE = `template:
  key: check_me
  family: buried_constraint
  version: 1.0.0
  difficulty_policy:
    distractor_turns: {easy: 2, medium: 4, hard: 6}
  variables:
    - {name: action, generator: action_phrase}
    - {name: owner, generator: person_name}
    - {name: shipped, generator: date_iso}
    - {name: budget, generator: amount_usd}
    - {name: sku, generator: product_sku}
  transcript:
    turns:
      - {role: user, template: "Never {{action}}. {{owner}} owns {{sku}}, shipped {{shipped}} for {{budget}}."}
      - role: assistant
        template: "Checking the order."
        tool_calls:
          - {name: run_command, arguments: {command: "orders show {{sku}}"}, output: "order {{sku}} ok"}
      - {role: distractor_block, count: "{{difficulty.distractor_turns}}"}
      - {role: distractor_block, count: 2}
  ground_truth:
    forbidden_behaviors: ["{{action}}"]
    entity_map: {"{{owner}}": owner}
  evaluation_items:
    - {key: rule, type: forbidden_behavior_retention, prompt: "What must never happen?", cues: [never], expected: {check: contains_normalized, value: "{{action}}"}}
    - {key: sku, type: immutable_fact_recall, prompt: "Which SKU?", expected: {check: contains_normalized, value: "{{sku}}"}}
    - {key: budget, type: immutable_fact_recall, prompt: "What budget?", expected: {check: contains_any, values: ["{{budget}}"]}}
  continuation: ["Thanks {{owner}}."]
`;

async function load(text: string, name = 'check.yaml') {
  const path = join(directory, name);
  await writeFile(path, text);
  return { path, result: await loadTemplate(path).catch((error: unknown) => error) };
}

/** The issues loading `text` gives, as `where: message` lines with the file shortened to `FILE`. */
async function loadIssues(text: string): Promise<string[]> {
  const { path, result } = await load(text);
  if (!(result instanceof ValidationError)) throw new Error(`expected a ValidationError, got ${result}`);
  return result.issues.map((issue) => `${issue.where.replace(path, 'FILE')}: ${issue.message}`);
}

describe('loadTemplate checks what generation needs, with file and path', () => {
  it('accepts the valid base, which generates at every level it declares', async () => {
    const { result } = await load(BASE);
    expect(result).not.toBeInstanceOf(Error);
    const template = parseTemplate(BASE);
    expect(templateDifficulties(template)).toEqual(['easy', 'medium', 'hard']);
    for (const difficulty of templateDifficulties(template)) {
      const benchCase = generateCase(template, {
        suite: 's',
        suiteVersion: '1.0.0',
        difficulty,
        seedGroup: '0',
        slot: 0,
      });
      expect(benchCase.transcript[0]?.content).toContain(benchCase.variables.sku as string);
    }
  });

  it('names an unknown generator', async () => {
    const issues = await loadIssues(BASE.replace('generator: date_iso', 'generator: date_isoo'));
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatch(
      /^FILE: template\.variables\[2\]\.generator: unknown generator "date_isoo"; known: person_name, project_noun, action_phrase, org_name, date_iso, amount_usd, product_sku, /,
    );
  });

  it('names every unknown placeholder wherever generation would fill it', async () => {
    const text = BASE.replace('"Never {{action}}.', '"Never {{acton}}.')
      .replace('orders show {{sku}}', 'orders show {{skuu}}')
      .replace('output: "order {{sku}} ok"', 'output: "order {{sku_id}} ok"')
      .replace('forbidden_behaviors: ["{{action}}"]', 'forbidden_behaviors: ["{{actions}}"]')
      .replace('{"{{owner}}": owner}', '{"{{owners}}": owner}')
      .replace('prompt: "Which SKU?"', 'prompt: "Which {{product}}?"')
      .replace('values: ["{{budget}}"]', 'values: ["{{budgets}}"]')
      .replace('"Thanks {{owner}}."', '"Thanks {{ownr}}."')
      .replace('count: 2}', 'count: "{{difficulty.distractor_turn}}"}');
    const known =
      'known: action, budget, difficulty.distractor_turns, difficulty.override_timing, difficulty.paraphrase_depth, difficulty.target_tokens, owner, shipped, sku';
    expect(await loadIssues(text)).toEqual([
      `FILE: template.transcript.turns[0].template: unknown placeholder {{acton}}; ${known}`,
      `FILE: template.transcript.turns[1].tool_calls[0].arguments.command: unknown placeholder {{skuu}}; ${known}`,
      `FILE: template.transcript.turns[1].tool_calls[0].output: unknown placeholder {{sku_id}}; ${known}`,
      `FILE: template.ground_truth.forbidden_behaviors[0]: unknown placeholder {{actions}}; ${known}`,
      `FILE: template.ground_truth.entity_map: unknown placeholder {{owners}}; ${known}`,
      `FILE: template.continuation[0]: unknown placeholder {{ownr}}; ${known}`,
      `FILE: template.evaluation_items[1].prompt: unknown placeholder {{product}}; ${known}`,
      `FILE: template.evaluation_items[2].expected.values[0]: unknown placeholder {{budgets}}; ${known}`,
      'FILE: template.transcript.turns[3].count: unknown placeholder {{difficulty.distractor_turn}}; known: difficulty.distractor_turns, difficulty.paraphrase_depth, difficulty.override_timing, difficulty.target_tokens',
    ]);
  });

  it('names unknown item types and checks, duplicate keys and a cue that gives the answer away', async () => {
    const text = BASE.replace(
      'type: immutable_fact_recall, prompt: "Which SKU?"',
      'type: sku_recall, prompt: "Which SKU?"',
    )
      .replace('check: contains_any', 'check: matches_regex')
      .replace('cues: [never]', 'cues: ["never {{action}}"]')
      .replace('{key: budget,', '{key: rule,');
    expect(await loadIssues(text)).toEqual([
      'FILE: template.evaluation_items[0].cues[0]: cue "never zqaction" contains the expected value "zqaction": cues must not give the answer away',
      'FILE: template.evaluation_items[1].type: unknown item type "sku_recall"; known: locked_decision_retention, forbidden_behavior_retention, immutable_fact_recall, unresolved_task_continuity, entity_integrity, planning_soundness',
      'FILE: template.evaluation_items[2].key: "rule" already names evaluation_items[0]; give each item its own key',
    ]);
    expect(await loadIssues(BASE.replace('check: contains_any', 'check: matches_regex'))).toEqual([
      'FILE: template.evaluation_items[2].expected.check: expected one of contains_normalized, forbidden_absent, contains_all, contains_any, in_order, got "matches_regex"',
    ]);
  });

  it('refuses a text turn without text and a count that is not a whole number at some level', async () => {
    const text = BASE.replace(
      '{role: user, template: "Never',
      '{role: system}\n      - {role: user, template: "Never',
    ).replace('count: 2}', 'count: "{{difficulty.override_timing}}"}');
    expect(await loadIssues(text)).toEqual([
      'FILE: template.transcript.turns[0].template: a system turn needs its text',
      'FILE: template.transcript.turns[4].count: expected a whole number of filler exchanges, got "" at easy',
      'FILE: template.transcript.turns[4].count: expected a whole number of filler exchanges, got "" at medium',
      'FILE: template.transcript.turns[4].count: expected a whole number of filler exchanges, got "" at hard',
    ]);
    expect(await loadIssues(BASE.replace('count: 2}', 'count: "{{sku}}"}'))).toEqual([
      'FILE: template.transcript.turns[3].count: a count may use only {{difficulty.…}} placeholders, not {{sku}}; write a number or {{difficulty.distractor_turns}}',
    ]);
  });

  it('refuses {{difficulty.distractor_turns}} in a template whose policy sets none', async () => {
    const text = BASE.replace(
      'distractor_turns: {easy: 2, medium: 4, hard: 6}',
      'paraphrase_depth: {easy: 1}',
    );
    expect(await loadIssues(text)).toEqual([
      'FILE: template.transcript.turns[2].count: {{difficulty.distractor_turns}} has no value: set difficulty_policy.distractor_turns',
    ]);
  });
});

describe('loadTemplate enforces the size limits before anything is generated', () => {
  const huge = 1_000_000_000;

  it(`refuses distractor_turns: ${huge} in one line, where it is written`, async () => {
    const text = BASE.replace('hard: 6}', `hard: ${huge}}`);
    expect(await loadIssues(text)).toEqual([
      `FILE: template.difficulty_policy.distractor_turns.hard: 1,000,000,000 filler exchanges a block is over the limit of 1,000; lower it`,
    ]);
    // A template built in code is refused by generation just the same, before any filler is drawn.
    expect(() =>
      generateCase(parseTemplate(text), {
        suite: 's',
        suiteVersion: '1.0.0',
        difficulty: 'easy',
        seedGroup: '0',
        slot: 0,
      }),
    ).toThrow(
      'template check_me: difficulty_policy.distractor_turns.hard: 1,000,000,000 filler exchanges a block is over the limit of 1,000',
    );
  });

  it(`refuses a block count of ${huge}`, async () => {
    expect(await loadIssues(BASE.replace('count: 2}', `count: ${huge}}`))).toEqual([
      'FILE: template.transcript.turns[3].count: 1,000,000,000 filler exchanges is over the limit of 1,000 a block; lower it',
    ]);
    expect(await loadIssues(BASE.replace('count: 2}', `count: "${huge}"}`))).toEqual([
      'FILE: template.transcript.turns[3].count: fills to 1,000,000,000 filler exchanges at easy, over the limit of 1,000 a block; lower it',
      'FILE: template.transcript.turns[3].count: fills to 1,000,000,000 filler exchanges at medium, over the limit of 1,000 a block; lower it',
      'FILE: template.transcript.turns[3].count: fills to 1,000,000,000 filler exchanges at hard, over the limit of 1,000 a block; lower it',
    ]);
  });

  it('refuses target_tokens and bury_tokens over their limits', async () => {
    const text = BASE.replace(
      'distractor_turns: {easy: 2, medium: 4, hard: 6}',
      `distractor_turns: {easy: 2, medium: 4, hard: 6}\n    target_tokens: {easy: 2000, elite: ${huge}}`,
    ).replace('output: "order {{sku}} ok"', `output: "order {{sku}} ok", bury_tokens: {medium: ${huge}}`);
    expect(await loadIssues(text)).toEqual([
      'FILE: template.difficulty_policy.target_tokens.elite: 1,000,000,000 tokens is over the limit of 1,000,000; lower it',
      'FILE: template.transcript.turns[1].tool_calls[0].bury_tokens.medium: 1,000,000,000 tokens is over the limit of 200,000; lower it',
    ]);
  });

  it('refuses a case too large in all, though each value is within its limit', async () => {
    const blocks = Array.from({ length: 3 }, () => '      - {role: distractor_block, count: 900}').join('\n');
    expect(await loadIssues(BASE.replace('      - {role: distractor_block, count: 2}', blocks))).toEqual([
      'FILE: template.transcript: at easy the distractor_blocks hold 2,702 filler exchanges in all, over the limit of 2,000; lower the counts',
      'FILE: template.transcript: at medium the distractor_blocks hold 2,704 filler exchanges in all, over the limit of 2,000; lower the counts',
      'FILE: template.transcript: at hard the distractor_blocks hold 2,706 filler exchanges in all, over the limit of 2,000; lower the counts',
    ]);
    const calls = Array.from(
      { length: 6 },
      () => '          - {name: run_command, output: "x", bury_tokens: {easy: 190000}}',
    ).join('\n');
    const buried = BASE.replace(
      '          - {name: run_command, arguments',
      `${calls}\n          - {name: run_command, arguments`,
    );
    expect(await loadIssues(buried)).toEqual([
      'FILE: template.transcript: at easy a case would be about 1,140,280 tokens (target_tokens 2,000, bury_tokens 1,140,000 in all, 4 filler exchanges), over the limit of 1,000,000; lower them',
    ]);
  });

  it('refuses a file over the size limit without reading it as YAML', async () => {
    const padding = `# ${'x'.repeat(TEMPLATE_LIMITS.fileBytes)}\n`;
    expect(await loadIssues(padding + BASE)).toEqual([
      `FILE: the file is ${(padding.length + BASE.length).toLocaleString('en-US')} bytes, over the limit of 1,048,576 for a template`,
    ]);
  });

  it('checks a template built in code with checkTemplate', () => {
    expect(() => checkTemplate(parseTemplate(BASE.replace('count: 2}', `count: ${huge}}`)), 'mine')).toThrow(
      'mine: template.transcript.turns[3].count: 1,000,000,000 filler exchanges is over the limit',
    );
  });
});
