import { describe, expect, it } from 'vitest';
import { parseTemplate } from '../../../src/bench/template/index.js';
import { issuesOf } from '../../artifact/issues-of.js';
import { fullTemplateDocument, toYaml } from './template-fixtures.js';

describe('template YAML', () => {
  it('reports a syntax error as file:line:column with the reason', () => {
    const text = ['template:', '  key: broken', '  family: [unclosed', '  version: 1.0.0', ''].join('\n');
    const issues = issuesOf(() => parseTemplate(text, 'bad.yaml'));
    expect(issues.length).toBeGreaterThan(0);
    for (const issue of issues) expect(issue.message).toMatch(/^invalid YAML: /);
    expect(issues[0]?.where).toMatch(/^bad\.yaml:\d+:\d+$/);
    expect(() => parseTemplate(text, 'bad.yaml')).toThrow(/^bad\.yaml:\d+:\d+: invalid YAML: /);
  });

  it('points at the exact line and column of a tab used as indentation', () => {
    const text = ['template:', '  key: x', '\tfamily: y', ''].join('\n');
    expect(issuesOf(() => parseTemplate(text, 'tabs.yaml'))[0]).toEqual({
      where: 'tabs.yaml:3:1',
      message: 'invalid YAML: Tabs are not allowed as indentation',
    });
  });

  it('reports every syntax problem, not only the first', () => {
    const text = ['template:', '  key: a', '  key: b', '  family: c', '  family: d', ''].join('\n');
    expect(issuesOf(() => parseTemplate(text, 'dup.yaml'))).toEqual([
      { where: 'dup.yaml:3:3', message: 'invalid YAML: Map keys must be unique' },
      { where: 'dup.yaml:5:3', message: 'invalid YAML: Map keys must be unique' },
    ]);
  });

  it('refuses a file with more than one YAML document', () => {
    const text = `${toYaml(fullTemplateDocument())}---\n${toYaml(fullTemplateDocument())}`;
    const issues = issuesOf(() => parseTemplate(text, 'two.yaml'));
    expect(issues).toHaveLength(1);
    expect(issues[0]?.message).toBe(
      'invalid YAML: a template file holds one YAML document; remove the second one (after `---`)',
    );
  });

  it('refuses language-specific tags instead of reading them as text', () => {
    const text = toYaml(fullTemplateDocument()).replace(
      'key: handoff-check_v1',
      'key: !!python/object:os.system ls',
    );
    const issues = issuesOf(() => parseTemplate(text, 'tag.yaml'));
    expect(issues).toEqual([
      {
        where: 'tag.yaml:2:8',
        message: 'invalid YAML: Unresolved tag: tag:yaml.org,2002:python/object:os.system',
      },
    ]);
  });

  it('refuses an alias bomb instead of expanding it', () => {
    const lines = ['a: &a [x, x, x, x, x, x, x, x, x]'];
    for (const [name, previous] of [
      ['b', 'a'],
      ['c', 'b'],
      ['d', 'c'],
      ['e', 'd'],
      ['f', 'e'],
      ['g', 'f'],
    ]) {
      lines.push(`${name}: &${name} [${Array.from({ length: 9 }, () => `*${previous}`).join(', ')}]`);
    }
    expect(issuesOf(() => parseTemplate(lines.join('\n'), 'bomb.yaml'))).toEqual([
      {
        where: 'bomb.yaml',
        message: 'invalid YAML: Excessive alias count indicates a resource exhaustion attack',
      },
    ]);
  });

  it('reads anchors, aliases and merge keys as CompactBench does', () => {
    const text = [
      'template:',
      '  key: merged',
      '  family: merged',
      '  version: 1.0.0',
      '  difficulty_policy:',
      '    distractor_turns: &turns {easy: 1, hard: 5}',
      '    paraphrase_depth: {<<: *turns, hard: 2}',
      '  transcript: {turns: [{role: user, template: hi}]}',
      '  ground_truth: {}',
      '  evaluation_items: [{key: k, type: t, prompt: p, expected: {}}]',
    ].join('\n');
    const template = parseTemplate(text);
    expect(template.difficultyPolicy.distractorTurns).toEqual({ easy: 1, hard: 5 });
    expect(template.difficultyPolicy.paraphraseDepth).toEqual({ easy: 1, hard: 2 });
  });

  it('reads YAML 1.2 scalars: yes, no and dates stay text', () => {
    const document = fullTemplateDocument();
    const text = toYaml(document)
      .replace('template: You help {{owner}}.', 'template: yes')
      .replace('- escalate by email', '- 2024-01-01');
    expect(text).toContain('template: yes');
    const template = parseTemplate(text);
    expect(template.transcript.turns[0]?.template).toBe('yes');
    expect(template.groundTruth.lockedDecisions).toEqual(['2024-01-01']);
  });

  it('reads Windows line endings and a byte-order mark', () => {
    const text = `\uFEFF${toYaml(fullTemplateDocument()).replaceAll('\n', '\r\n')}`;
    expect(parseTemplate(text).key).toBe('handoff-check_v1');
  });
});
