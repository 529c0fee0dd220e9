import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTemplate, loadTemplateDirectory, parseTemplate } from '../../../src/bench/template/index.js';
import { issuesOf } from '../../artifact/issues-of.js';
import {
  COMPACT_BENCH_PUBLIC,
  COMPACT_BENCH_SCHEMA,
  HAS_COMPACT_BENCH,
  SKIP_REASON,
} from './compact-bench-data.js';
import { fullTemplateDocument, toYaml } from './template-fixtures.js';

const SUITES = ['starter', 'elite_practice'];

/** The skip reason goes in the title, so a skipped run says why. */
function titled(title: string): string {
  return HAS_COMPACT_BENCH ? title : `${title} (skipped: ${SKIP_REASON})`;
}

function publicFiles(): string[] {
  return SUITES.flatMap((suite) =>
    readdirSync(join(COMPACT_BENCH_PUBLIC, suite))
      .filter((name) => name.endsWith('.yaml'))
      .map((name) => join(COMPACT_BENCH_PUBLIC, suite, name)),
  );
}

describe.skipIf(!HAS_COMPACT_BENCH)(titled('CompactBench public templates'), () => {
  it('are 24 files, and every one loads', async () => {
    const files = publicFiles();
    expect(files).toHaveLength(24);
    for (const file of files) {
      const template = await loadTemplate(file);
      expect(file.endsWith(`${template.key}.yaml`)).toBe(true);
      expect(template.evaluationItems.length).toBeGreaterThan(0);
      expect(template.transcript.turns.some((turn) => turn.role === 'distractor_block')).toBe(true);
    }
  });

  it('load as suites in file-name order with no duplicate keys', async () => {
    const starter = await loadTemplateDirectory(join(COMPACT_BENCH_PUBLIC, 'starter'));
    expect(starter.map((loaded) => loaded.template.key)).toEqual([
      'buried_constraint_starter_v1',
      'decision_override_starter_v1',
      'entity_confusion_starter_v1',
      'reference_resolution_starter_v1',
    ]);
    const elite = await loadTemplateDirectory(join(COMPACT_BENCH_PUBLIC, 'elite_practice'));
    expect(elite).toHaveLength(20);
    expect(new Set(elite.map((loaded) => loaded.template.family))).toEqual(
      new Set(['buried_constraint', 'decision_override', 'entity_confusion', 'reference_resolution']),
    );
  });

  it('keep tags, placeholders and checks as written', async () => {
    const template = await loadTemplate(
      join(COMPACT_BENCH_PUBLIC, 'starter', 'buried_constraint_starter_v1.yaml'),
    );
    expect(template.difficultyPolicy.distractorTurns).toEqual({ easy: 2, medium: 4, hard: 6 });
    expect(template.transcript.turns.find((turn) => turn.tags.length > 0)?.tags).toEqual([
      'critical_constraint',
    ]);
    expect(template.transcript.turns.find((turn) => turn.role === 'distractor_block')?.count).toBe(
      '{{difficulty.distractor_turns}}',
    );
    expect(template.evaluationItems[0]?.expected).toEqual({
      check: 'contains_normalized',
      value: '{{forbidden_action}}',
    });
  });
});

/** A JSON Schema node of template-v1, as far as these tests read it. */
interface SchemaNode {
  $ref?: string;
  type?: string | string[];
  properties?: Record<string, SchemaNode>;
  required?: string[];
  additionalProperties?: boolean | SchemaNode;
  items?: SchemaNode;
  enum?: string[];
  pattern?: string;
  minLength?: number;
  minimum?: number;
  minItems?: number;
}

type Path = (string | number)[];

function formatPath(path: Path): string {
  return path
    .map((part, index) => (typeof part === 'number' ? `[${part}]` : index === 0 ? part : `.${part}`))
    .join('');
}

function at(document: unknown, path: Path): unknown {
  return path.reduce<unknown>((value, part) => (value as Record<string | number, unknown>)[part], document);
}

/**
 * Walks template-v1.schema.json beside a document that uses every field, and lists one change per rule the
 * schema states: drop a required field, drop an optional one, add an unknown key, break an enum, a pattern,
 * a minimum length, a minimum, a minimum item count or a type. The loader must reject exactly the changes the
 * schema rejects, at the right path: exactly as strict, no more and no less.
 */
function schemaRules(root: { $defs: Record<string, SchemaNode> } & SchemaNode) {
  const rules: { name: string; change: (document: unknown) => void; rejectedAt?: string }[] = [];
  const resolve = (node: SchemaNode): SchemaNode =>
    node.$ref ? (root.$defs[node.$ref.replace('#/$defs/', '')] as SchemaNode) : node;
  const setAt = (path: Path, value: unknown) => (document: unknown) => {
    (at(document, path.slice(0, -1)) as Record<string | number, unknown>)[path.at(-1) as string | number] =
      value;
  };
  const walk = (raw: SchemaNode, path: Path, sample: unknown) => {
    const node = resolve(raw);
    const where = formatPath(path);
    if (node.properties) {
      for (const [key, child] of Object.entries(node.properties)) {
        const childPath = [...path, key];
        const required = node.required?.includes(key) ?? false;
        rules.push({
          name: `${required ? 'required' : 'optional'} ${formatPath(childPath)} left out`,
          change: (document: unknown) => delete (at(document, path) as Record<string, unknown>)[key],
          ...(required ? { rejectedAt: formatPath(childPath) } : {}),
        });
        walk(child, childPath, (sample as Record<string, unknown>)[key]);
      }
      if (node.additionalProperties === false) {
        rules.push({
          name: `unknown key in ${where || '(root)'}`,
          change: setAt([...path, 'zz_unknown'], 'x'),
          rejectedAt: formatPath([...path, 'zz_unknown']),
        });
      }
    }
    if (typeof node.additionalProperties === 'object') {
      rules.push({
        name: `non-string value in ${where}`,
        change: setAt([...path, 'zz_entry'], 5),
        rejectedAt: formatPath([...path, 'zz_entry']),
      });
    }
    if (node.items && Array.isArray(sample)) walk(node.items, [...path, 0], sample[0]);
    const breaking: [string, unknown][] = [];
    if (node.enum) breaking.push(['outside enum', 'zz_not_in_enum']);
    if (node.pattern) breaking.push(['breaking pattern', '0 bad']);
    if (node.minLength) breaking.push(['shorter than minLength', '']);
    if (node.minimum !== undefined) breaking.push(['below minimum', node.minimum - 1]);
    if (node.minItems) breaking.push(['fewer than minItems', []]);
    const types = node.type === undefined ? [] : [node.type].flat();
    if (types.length > 0) breaking.push([`not ${types.join('|')}`, types.includes('string') ? true : 'text']);
    if (types.includes('integer')) breaking.push(['not an integer', 0.5]);
    // The root itself is not replaced here; parse-template.test.ts covers a root that is not a mapping.
    for (const [what, value] of path.length === 0 ? [] : breaking) {
      rules.push({ name: `${where} ${what}`, change: setAt(path, value), rejectedAt: where });
    }
  };
  walk(root, [], fullTemplateDocument());
  return rules;
}

describe.skipIf(!HAS_COMPACT_BENCH)(titled('template-v1.schema.json conformance'), () => {
  const schema = HAS_COMPACT_BENCH ? JSON.parse(readFileSync(COMPACT_BENCH_SCHEMA, 'utf8')) : { $defs: {} };
  const rules = schemaRules(schema);

  it('covers every rule of the schema', () => {
    expect(rules.length).toBeGreaterThan(90);
    expect(parseTemplate(toYaml(fullTemplateDocument())).key).toBe('handoff-check_v1');
  });

  it.each(rules.map((rule) => [rule.name, rule] as const))('%s', (_name, rule) => {
    const document = fullTemplateDocument();
    rule.change(document);
    const text = toYaml(document);
    if (rule.rejectedAt === undefined) {
      expect(() => parseTemplate(text, 'rule.yaml')).not.toThrow();
      return;
    }
    const issues = issuesOf(() => parseTemplate(text, 'rule.yaml'));
    expect(issues.map((issue) => issue.where)).toEqual([`rule.yaml: ${rule.rejectedAt}`]);
  });
});
