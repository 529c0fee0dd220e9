import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../../src/bench/template/index.js';
import { issuesOf } from '../../artifact/issues-of.js';
import { fullTemplateDocument, toYaml } from './template-fixtures.js';

type Document = ReturnType<typeof fullTemplateDocument>;

function issuesAfter(change: (document: Document) => void): { where: string; message: string }[] {
  const document = fullTemplateDocument();
  change(document);
  return issuesOf(() => parseTemplate(toYaml(document), 'bad.yaml'));
}

describe('parseTemplate', () => {
  it('reads every field into camelCase names, keeping placeholders as written', () => {
    const template = parseTemplate(toYaml(fullTemplateDocument()), 'full.yaml');
    expect(template).toEqual({
      key: 'handoff-check_v1',
      family: 'handoff_check',
      version: '2.1.0',
      difficultyPolicy: {
        distractorTurns: { easy: 1, medium: 2, hard: 3, elite: 4 },
        paraphraseDepth: { easy: 0, medium: 0, hard: 1, elite: 2 },
        overrideTiming: { easy: 'early', medium: 'middle', hard: 'late', elite: 'last' },
        targetTokens: {},
      },
      variables: [
        { name: 'owner', generator: 'person_name' },
        { name: 'service', generator: 'project_noun' },
      ],
      transcript: {
        turns: [
          { role: 'system', template: 'You help {{owner}}.', tags: [], toolCalls: [] },
          {
            role: 'user',
            template: '{{owner}} owns {{service}}; never page them at night.',
            tags: ['critical_constraint'],
            toolCalls: [],
          },
          { role: 'assistant', template: 'Understood.', tags: [], toolCalls: [] },
          { role: 'distractor_block', tags: [], count: '{{difficulty.distractor_turns}}', toolCalls: [] },
          { role: 'distractor_block', tags: [], count: 2, toolCalls: [] },
        ],
      },
      groundTruth: {
        immutableFacts: ['owner: {{owner}}'],
        lockedDecisions: ['escalate by email'],
        forbiddenBehaviors: ['page {{owner}} at night'],
        unresolvedItems: ['who covers weekends?'],
        deferredItems: ['rotate the on-call'],
        entityMap: { '{{owner}}': 'owner', '{{service}}': 'service' },
      },
      evaluationItems: [
        {
          key: 'recall_owner',
          type: 'entity_integrity',
          prompt: 'Who owns {{service}}?',
          expected: { check: 'contains_normalized', value: '{{owner}}' },
          cues: [],
        },
        {
          key: 'respect_rule',
          type: 'planning_soundness',
          prompt: 'Plan the incident response.',
          expected: { check: 'forbidden_absent', value: 'page {{owner}} at night' },
          cues: [],
        },
      ],
      continuation: [],
    });
  });

  it('fills left-out optional lists and maps with empty ones', () => {
    const template = parseTemplate(
      [
        'template:',
        '  key: minimal',
        '  family: minimal',
        '  version: 0.0.1',
        '  difficulty_policy: {}',
        '  transcript: {turns: []}',
        '  ground_truth: {}',
        '  evaluation_items:',
        '    - {key: only, type: anything, prompt: "?", expected: {}}',
      ].join('\n'),
    );
    expect(template.difficultyPolicy).toEqual({
      distractorTurns: {},
      paraphraseDepth: {},
      overrideTiming: {},
      targetTokens: {},
    });
    expect(template.variables).toEqual([]);
    expect(template.groundTruth).toEqual({
      immutableFacts: [],
      lockedDecisions: [],
      forbiddenBehaviors: [],
      unresolvedItems: [],
      deferredItems: [],
      entityMap: {},
    });
  });

  it('reports each missing required field with file and path', () => {
    expect(
      issuesAfter((document) => {
        const template: Partial<Document['template']> = document.template;
        delete template.family;
        delete template.evaluation_items;
      }),
    ).toEqual([
      { where: 'bad.yaml: template.family', message: 'is required (expected string)' },
      { where: 'bad.yaml: template.evaluation_items', message: 'is required (expected array)' },
    ]);
  });

  it('reports a key, family, variable name or item key that breaks its pattern', () => {
    const issues = issuesAfter((document) => {
      document.template.key = '-starts-with-dash';
      document.template.family = 'has-dash';
      document.template.variables[1]!.name = '2nd';
      document.template.evaluation_items[0]!.key = 'has space';
    });
    expect(issues).toEqual([
      {
        where: 'bad.yaml: template.key',
        message:
          'expected a key of letters, digits, _ and -, starting with a letter or _ (pattern ^[a-zA-Z_][\\w-]*$), got "-starts-with-dash"',
      },
      {
        where: 'bad.yaml: template.family',
        message:
          'expected a family name of letters, digits and _, not starting with a digit (pattern ^[a-zA-Z_]\\w*$), got "has-dash"',
      },
      {
        where: 'bad.yaml: template.variables[1].name',
        message:
          'expected a name of letters, digits and _, not starting with a digit (pattern ^[a-zA-Z_]\\w*$), got "2nd"',
      },
      {
        where: 'bad.yaml: template.evaluation_items[0].key',
        message:
          'expected a key of letters, digits and _, not starting with a digit (pattern ^[a-zA-Z_]\\w*$), got "has space"',
      },
    ]);
  });

  it('matches patterns against the whole string, a trailing newline included', () => {
    const issues = issuesAfter((document) => {
      document.template.key = 'ok\n';
      document.template.version = '1.0.0\n';
    });
    expect(issues.map((issue) => issue.where)).toEqual([
      'bad.yaml: template.key',
      'bad.yaml: template.version',
    ]);
  });

  it('explains a version YAML read as a number', () => {
    const text = toYaml(fullTemplateDocument()).replace('version: 2.1.0', 'version: 1.5');
    expect(issuesOf(() => parseTemplate(text, 'bad.yaml'))).toEqual([
      { where: 'bad.yaml: template.version', message: 'expected a string like "1.0.0", got 1.5; quote it' },
    ]);
    expect(
      issuesAfter((document) => {
        document.template.version = 'v1';
      }),
    ).toEqual([
      {
        where: 'bad.yaml: template.version',
        message: 'expected a version like 1.0.0 (pattern ^\\d+\\.\\d+\\.\\d+$), got "v1"',
      },
    ]);
  });

  it('reports every unknown key at its own path, at any depth', () => {
    const issues = issuesAfter((document) => {
      Object.assign(document, { extra: true });
      Object.assign(document.template, { descriptions: 'a typo of an extension' });
      Object.assign(document.template.difficulty_policy, { noise_level: {} });
      Object.assign(document.template.difficulty_policy.distractor_turns, { nightmare: 64 });
      Object.assign(document.template.variables[0]!, { seed: 1 });
      Object.assign(document.template.transcript, { continuation: [] });
      Object.assign(document.template.transcript.turns[1]!, { text: 'typo for template' });
      Object.assign(document.template.ground_truth, { facts: [] });
      Object.assign(document.template.evaluation_items[1]!, { item_type: 'x', weight: 3 });
    });
    expect(issues).toEqual([
      { where: 'bad.yaml: template.difficulty_policy.distractor_turns.nightmare', message: 'unknown key' },
      { where: 'bad.yaml: template.difficulty_policy.noise_level', message: 'unknown key' },
      { where: 'bad.yaml: template.variables[0].seed', message: 'unknown key' },
      { where: 'bad.yaml: template.transcript.turns[1].text', message: 'unknown key' },
      { where: 'bad.yaml: template.transcript.continuation', message: 'unknown key' },
      { where: 'bad.yaml: template.ground_truth.facts', message: 'unknown key' },
      { where: 'bad.yaml: template.evaluation_items[1].item_type', message: 'unknown key' },
      { where: 'bad.yaml: template.evaluation_items[1].weight', message: 'unknown key' },
      { where: 'bad.yaml: template.descriptions', message: 'unknown key' },
      { where: 'bad.yaml: extra', message: 'unknown key' },
    ]);
  });

  it('reports a role outside the enum, listing the allowed ones', () => {
    const issues = issuesAfter((document) => {
      document.template.transcript.turns[2]!.role = 'tool';
    });
    expect(issues).toEqual([
      {
        where: 'bad.yaml: template.transcript.turns[2].role',
        message: 'expected one of user|assistant|system|distractor_block',
      },
    ]);
  });

  it('reports wrong types and values below their minimums', () => {
    const issues = issuesAfter((document) => {
      document.template.difficulty_policy.distractor_turns.hard = -1;
      Object.assign(document.template.difficulty_policy.paraphrase_depth, { easy: 0.5 });
      Object.assign(document.template.difficulty_policy.override_timing, { easy: 3 });
      Object.assign(document.template.transcript.turns[4]!, { count: 1.5 });
      Object.assign(document.template.transcript.turns[1]!, { tags: 'critical_constraint' });
      Object.assign(document.template.ground_truth.entity_map, { '{{owner}}': ['owner'] });
      Object.assign(document.template.ground_truth, { immutable_facts: [1] });
      Object.assign(document.template.evaluation_items[0]!, { expected: 'contains' });
    });
    expect(issues).toEqual([
      {
        where: 'bad.yaml: template.difficulty_policy.distractor_turns.hard',
        message: 'expected a number >= 0, got -1',
      },
      {
        where: 'bad.yaml: template.difficulty_policy.paraphrase_depth.easy',
        message: 'expected an integer, got number 0.5',
      },
      {
        where: 'bad.yaml: template.difficulty_policy.override_timing.easy',
        message: 'expected string, got number',
      },
      { where: 'bad.yaml: template.transcript.turns[1].tags', message: 'expected array, got string' },
      {
        where: 'bad.yaml: template.transcript.turns[4].count',
        message: 'expected string or an integer, got number 1.5',
      },
      { where: 'bad.yaml: template.ground_truth.immutable_facts[0]', message: 'expected string, got number' },
      {
        where: 'bad.yaml: template.ground_truth.entity_map.{{owner}}',
        message: 'expected string, got array',
      },
      { where: 'bad.yaml: template.evaluation_items[0].expected', message: 'expected object, got string' },
    ]);
  });

  it('reports empty strings where template-v1 sets a minimum length, and no evaluation items', () => {
    const empty = issuesAfter((document) => {
      document.template.variables[0]!.generator = '';
      document.template.evaluation_items[0]!.type = '';
      document.template.evaluation_items[1]!.prompt = '';
    });
    expect(empty).toEqual([
      { where: 'bad.yaml: template.variables[0].generator', message: 'must not be empty' },
      { where: 'bad.yaml: template.evaluation_items[0].type', message: 'must not be empty' },
      { where: 'bad.yaml: template.evaluation_items[1].prompt', message: 'must not be empty' },
    ]);
    expect(
      issuesAfter((document) => {
        document.template.evaluation_items = [];
      }),
    ).toEqual([{ where: 'bad.yaml: template.evaluation_items', message: 'must list at least one item' }]);
  });

  it('accepts what template-v1 leaves open: any item type, any check, a text turn without text', () => {
    const document = fullTemplateDocument();
    document.template.evaluation_items[0]!.type = 'our_future_item_type';
    document.template.evaluation_items[0]!.expected = {
      check: 'regex',
      pattern: '^a',
      options: { flags: 'i' },
    };
    document.template.transcript.turns.push({ role: 'user' });
    const template = parseTemplate(toYaml(document));
    expect(template.evaluationItems[0]?.type).toBe('our_future_item_type');
    expect(template.evaluationItems[0]?.expected).toEqual({
      check: 'regex',
      pattern: '^a',
      options: { flags: 'i' },
    });
    expect(template.transcript.turns.at(-1)).toEqual({ role: 'user', tags: [], toolCalls: [] });
  });

  it('rejects a document whose root is not a mapping with a template key', () => {
    for (const text of ['', '- a list', 'just text', 'null']) {
      expect(issuesOf(() => parseTemplate(text, 'root.yaml'))).toEqual([
        { where: 'root.yaml', message: 'expected a YAML mapping with a top-level `template` key' },
      ]);
    }
    expect(issuesOf(() => parseTemplate('template: []', 'root.yaml'))).toEqual([
      { where: 'root.yaml: template', message: 'expected object, got array' },
    ]);
  });

  it('names the source in the thrown error message', () => {
    expect(() => parseTemplate('template: {}', 'suite/t.yaml')).toThrow(
      'suite/t.yaml: template.key: is required (expected string) (and 6 more problems)',
    );
  });
});
