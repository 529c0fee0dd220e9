import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planCases } from '../../../src/bench/runner/index.js';
import { loadSuite, type Suite, suiteDifficultyWarnings } from '../../../src/bench/suites/index.js';
import { ValidationError } from '../../../src/errors.js';
import { fullTemplateDocument, toYaml } from '../template/template-fixtures.js';

let directory: string;
let suite: Suite;

/** Two templates: one declares every level, the other (like CompactBench's starters) no elite. */
beforeAll(async () => {
  directory = await mkdtemp(join(tmpdir(), 'compactkit-levels-'));
  const full = fullTemplateDocument();
  full.template.key = 'all_levels';
  await writeFile(join(directory, 'a.yaml'), toYaml(full));
  const starter = fullTemplateDocument();
  starter.template.key = 'no_elite';
  starter.template.family = 'starter_family';
  starter.template.difficulty_policy.distractor_turns = { easy: 2, medium: 4, hard: 6 };
  await writeFile(join(directory, 'b.yaml'), toYaml(starter));
  suite = await loadSuite(directory);
});

afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe('a template lacking a requested difficulty', () => {
  it('is skipped for that level only, and named in a warning with the levels it has', () => {
    const planned = planCases({ suite, difficulties: ['hard', 'elite'], cases: 1, seedGroup: '0' });
    expect(planned.map((entry) => entry.key)).toEqual([
      'all_levels@2.1.0:hard:0:0',
      'all_levels@2.1.0:elite:0:0',
      'no_elite@2.1.0:hard:0:0',
    ]);
    expect(suiteDifficultyWarnings(suite, { difficulties: ['hard', 'elite'] })).toEqual([
      {
        where: `${join(directory, 'b.yaml')}: template.difficulty_policy.distractor_turns`,
        message:
          'template no_elite has no elite level (it declares easy, medium, hard); its elite cases are skipped',
      },
    ]);
  });

  it('gives no warning when the levels asked for exist, or the template is filtered out', () => {
    expect(suiteDifficultyWarnings(suite, { difficulties: ['easy', 'hard'] })).toEqual([]);
    expect(suiteDifficultyWarnings(suite, { difficulties: ['elite'], templates: ['all_levels'] })).toEqual(
      [],
    );
    expect(suiteDifficultyWarnings(suite, { difficulties: ['elite'], families: ['handoff_check'] })).toEqual(
      [],
    );
  });

  it('is an error naming the template with strict', () => {
    const run = () => suiteDifficultyWarnings(suite, { difficulties: ['elite'], strict: true });
    expect(run).toThrow(ValidationError);
    expect(run).toThrow(
      `${join(directory, 'b.yaml')}: template.difficulty_policy.distractor_turns: template no_elite has no elite level (it declares easy, medium, hard); ask only for the levels it declares`,
    );
  });
});
