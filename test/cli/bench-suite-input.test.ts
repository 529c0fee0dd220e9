import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { runBuiltCliAsync } from '../support/built-cli.js';

const root = new URL('../..', import.meta.url).pathname;
const planFlip = join(root, 'test/bench/fixtures/mini-suite/plan_flip.yaml');

/** Runs the built CLI (test/support/built-cli.ts). */
function cli(args: string[]) {
  return runBuiltCliAsync(args);
}

let directory: string;
let tree: string;
let noElite: string;
let bad: string;
const runArgs = ['--method', 'oracle,null', '--cases', '1', '--cycles', '0', '--no-report', '--no-progress'];

function runCount(db: string): number {
  if (!existsSync(db)) return 0;
  const store = openStore({ path: db, readonly: true });
  try {
    return store.runs.list({ kind: 'bench' }).length;
  } finally {
    store.close();
  }
}

/**
 * A tree in CompactBench's layout (`<set>/*.yaml`): one template with every level, one without elite, as
 * CompactBench's starter templates are; and a folder of broken templates.
 */
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'compactkit-suite-input-'));
  tree = join(directory, 'public');
  const text = await readFile(planFlip, 'utf8');
  await mkdir(join(tree, 'practice'), { recursive: true });
  await mkdir(join(tree, 'starter'), { recursive: true });
  await writeFile(join(tree, 'practice', 'plan_flip.yaml'), text);
  noElite = join(tree, 'starter', 'plan_flip_starter.yaml');
  await writeFile(
    noElite,
    text
      .replace('key: plan_flip', 'key: plan_flip_starter')
      .replace('{easy: 2, medium: 3, hard: 4, elite: 6}', '{easy: 2, medium: 3, hard: 4}'),
  );
  bad = join(directory, 'bad');
  await mkdir(bad);
  await writeFile(
    join(bad, 'a_generator.yaml'),
    text.replace('generator: project_noun', 'generator: projekt'),
  );
  await writeFile(join(bad, 'b_placeholder.yaml'), text.replace("let's {{old_plan}}", "let's {{old_plna}}"));
  await writeFile(join(bad, 'c_item.yaml'), text.replace('type: planning_soundness', 'type: plan_quality'));
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('compactkit bench --suite with a folder tree or a file', () => {
  it('runs a tree, skipping with a warning the levels a template lacks; --strict refuses it before any run', async () => {
    const db = join(directory, 'tree.db');
    const run = await cli([
      'bench',
      'run',
      '--suite',
      tree,
      '--difficulty',
      'easy,elite',
      ...runArgs,
      '--db',
      db,
    ]);
    expect(run.code).toBe(0);
    expect(run.stderr).toBe(
      `compactkit: warning: ${noElite}: template.difficulty_policy.distractor_turns: template plan_flip_starter has no elite level (it declares easy, medium, hard); its elite cases are skipped\n`,
    );
    expect(run.stdout).toMatch(/run [0-9a-f-]+ · oracle@1\.0\.0 on custom@0\.0\.0-[0-9a-f]{12} /);
    const store = openStore({ path: db, readonly: true });
    try {
      const [first] = store.runs.list({ kind: 'bench' });
      const keys = store
        .caseStatuses(first!.id)
        .map((row) => row.caseKey)
        .sort();
      expect(keys).toEqual([
        'plan_flip@1.0.0:easy:0:0',
        'plan_flip@1.0.0:elite:0:0',
        'plan_flip_starter@1.0.0:easy:0:0',
      ]);
    } finally {
      store.close();
    }

    const strict = await cli([
      'bench',
      'run',
      '--suite',
      tree,
      '--difficulty',
      'easy,elite',
      '--strict',
      ...runArgs,
      '--db',
      db,
    ]);
    expect(strict.code).toBe(2);
    expect(strict.stderr).toBe(
      `compactkit: ${noElite}: template.difficulty_policy.distractor_turns: template plan_flip_starter has no elite level (it declares easy, medium, hard); ask only for the levels it declares\n`,
    );
    expect(runCount(db)).toBe(2);
  }, 120_000);

  it('generates from a single template file, and names a level it lacks', async () => {
    const args = ['bench', 'generate', '--suite', noElite, '--template', 'plan_flip_starter'];
    const generated = await cli([...args, '--difficulty', 'hard']);
    expect(generated.stderr).toBe('');
    expect(generated.code).toBe(0);
    expect((JSON.parse(generated.stdout) as { key: string }).key).toBe('plan_flip_starter@1.0.0:hard:0:0');
    const elite = await cli([...args, '--difficulty', 'elite']);
    expect(elite.code).toBe(2);
    expect(elite.stderr).toBe(
      'compactkit: template plan_flip_starter: difficulty_policy.distractor_turns: the template has no "elite" level; it declares easy, medium, hard\n',
    );
  }, 60_000);

  it('refuses a template with a count of a billion in one line with file and path, exit 2, before any run', async () => {
    const db = join(directory, 'huge.db');
    const huge = join(directory, 'huge.yaml');
    const text = await readFile(planFlip, 'utf8');
    await writeFile(huge, text.replace('count: 1}', 'count: 1000000000}'));
    const result = await cli(['bench', 'run', '--suite', huge, ...runArgs, '--db', db]);
    expect(result.code).toBe(2);
    expect(result.stderr).toBe(
      `compactkit: ${huge}: template.transcript.turns[4].count: 1,000,000,000 filler exchanges is over the limit of 1,000 a block; lower it\n`,
    );
    expect(runCount(db)).toBe(0);
  }, 60_000);

  it('refuses unknown generators, placeholders and item types at load with file and path, before any run', async () => {
    const db = join(directory, 'bad.db');
    const result = await cli(['bench', 'run', '--suite', bad, ...runArgs, '--db', db]);
    expect(result.code).toBe(2);
    const lines = result.stderr.trimEnd().split('\n');
    expect(lines[0]).toMatch(
      new RegExp(
        `^compactkit: ${join(bad, 'a_generator.yaml')}: template\\.variables\\[0\\]\\.generator: unknown generator "projekt"; known: person_name, .* \\(and 2 more problems\\)$`,
      ),
    );
    expect(lines.slice(1)).toEqual([
      `  also ${join(bad, 'b_placeholder.yaml')}: template.transcript.turns[0].template: unknown placeholder {{old_plna}}; known: difficulty.distractor_turns, difficulty.override_timing, difficulty.paraphrase_depth, difficulty.target_tokens, new_plan, old_plan, project`,
      `  also ${join(bad, 'c_item.yaml')}: template.evaluation_items[1].type: unknown item type "plan_quality"; known: locked_decision_retention, forbidden_behavior_retention, immutable_fact_recall, unresolved_task_continuity, entity_integrity, planning_soundness`,
    ]);
    expect(runCount(db)).toBe(0);
  }, 60_000);
});
