import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runBuiltCli } from '../support/built-cli.js';

/*
 * An oversized template is refused when it loads, before anything is generated: one line naming the file and
 * the path, exit 2. The CLI runs with a 64 MB heap, so a check that came after generation (a billion filler
 * turns, a variable value pasted a hundred thousand times) would abort with a heap error instead.
 */

const root = new URL('../..', import.meta.url).pathname;
const base = readFileSync(join(root, 'test/bench/fixtures/mini-suite/plan_flip.yaml'), 'utf8');
const directory = mkdtempSync(join(tmpdir(), 'compactkit-template-bounds-'));

/** Writes `text` as `name` and asks the CLI to generate its easy case in a small heap. */
function generate(name: string, text: string) {
  const file = join(directory, name);
  writeFileSync(file, text);
  const result = runBuiltCli(
    ['bench', 'generate', '--suite', file, '--template', 'plan_flip', '--difficulty', 'easy'],
    { nodeArguments: ['--max-old-space-size=64'] },
  );
  return { file, ...result };
}

function replaced(search: string, replacement: string): string {
  if (!base.includes(search)) throw new Error(`the fixture no longer has ${search}`);
  return base.replace(search, replacement);
}

describe('template bounds are checked at load, before generation', () => {
  it('refuses distractor_turns: 1000000000 in one line with file and path, exit 2', () => {
    const { file, code, stdout, stderr } = generate(
      'billion-turns.yaml',
      replaced('{easy: 2, medium: 3, hard: 4, elite: 6}', '{easy: 1000000000, medium: 3, hard: 4, elite: 6}'),
    );
    expect(stderr).toBe(
      `compactkit: ${file}: template.difficulty_policy.distractor_turns.easy: 1,000,000,000 filler exchanges a block is over the limit of 1,000; lower it\n`,
    );
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  }, 60_000);

  it('refuses a block count and a target_tokens over their limits', () => {
    const count = generate('billion-count.yaml', replaced('count: 1}', 'count: 1000000000}'));
    expect(count.stderr).toBe(
      `compactkit: ${count.file}: template.transcript.turns[4].count: 1,000,000,000 filler exchanges is over the limit of 1,000 a block; lower it\n`,
    );
    expect(count.code).toBe(2);
    const tokens = generate(
      'huge-target.yaml',
      replaced('{easy: 1000, medium: 2000', '{easy: 1000000000000, medium: 2000'),
    );
    expect(tokens.stderr).toBe(
      `compactkit: ${tokens.file}: template.difficulty_policy.target_tokens.easy: 1,000,000,000,000 tokens is over the limit of 1,000,000; lower it\n`,
    );
    expect(tokens.code).toBe(2);
  }, 60_000);

  it('refuses text that placeholders would fill past the generated-size limit', () => {
    // 200 KB of choice, pasted 4,000 times: an 800 MB turn from a 233 KB file.
    const blob = 'w'.repeat(200_000);
    const text = replaced(
      '    - {name: project, generator: project_noun}',
      `    - {name: project, generator: project_noun}\n    - {name: blob, choices: ["${blob}"]}`,
    ).replace('template: "Sounds good."', `template: "${'{{blob}}'.repeat(4_000)}"`);
    const { file, code, stdout, stderr } = generate('filled.yaml', text);
    expect(stderr).toBe(
      `compactkit: ${file}: template.transcript.turns[1].template: filled with the longest value of each placeholder this text is about 800,000,000 characters, and the template's text about 800,001,948 in all, over the limit of 4,000,000; use shorter values or fewer placeholders\n`,
    );
    expect({ code, stdout }).toEqual({ code: 2, stdout: '' });
  }, 60_000);

  it('names an unknown placeholder, generator and item type at load, with file and path', () => {
    const placeholder = generate('placeholder.yaml', replaced("let's {{old_plan}}.", "let's {{old_plna}}."));
    expect(placeholder.stderr).toMatch(
      /^compactkit: .*placeholder\.yaml: template\.transcript\.turns\[0\]\.template: unknown placeholder \{\{old_plna\}\}; known: /,
    );
    expect(placeholder.code).toBe(2);
    const generator = generate('generator.yaml', replaced('generator: project_noun', 'generator: projekt'));
    expect(generator.stderr).toMatch(
      /^compactkit: .*generator\.yaml: template\.variables\[0\]\.generator: unknown generator "projekt"; known: /,
    );
    expect(generator.code).toBe(2);
    const item = generate('item.yaml', replaced('type: planning_soundness', 'type: plan_quality'));
    expect(item.stderr).toMatch(
      /^compactkit: .*item\.yaml: template\.evaluation_items\[1\]\.type: unknown item type "plan_quality"; known: /,
    );
    expect(item.code).toBe(2);
  }, 60_000);
});
