import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { builtInDatasets, createEvaluationRegistry, type Example } from '../../../src/evaluate/index.js';
import { FIXTURES } from './fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'compactkit-dataset-fixtures-'));
const registry = createEvaluationRegistry({
  hub: { endpoint: 'http://127.0.0.1:9', cacheDir: join(root, 'cache') },
});

/** Writes a fixture in the published layout (`<config>/<split>/` in the path) and returns its folder. */
function writeFixture(name: string): string {
  const definition = builtInDatasets.find((entry) => entry.name === name);
  const fixture = FIXTURES[name];
  if (!definition || !fixture) throw new Error(`no fixture for ${name}`);
  if (fixture.files) {
    for (const [path, content] of Object.entries(fixture.files)) {
      mkdirSync(dirname(join(root, name, path)), { recursive: true });
      writeFileSync(join(root, name, path), content);
    }
    return join(root, name);
  }
  const config = fixture.config ?? definition.defaultConfig;
  const hubConfig = definition.hubConfig ? definition.hubConfig(config) : config;
  const split = definition.splitFor ? definition.splitFor(config) : definition.split;
  const directory = join(root, name, hubConfig, split);
  mkdirSync(directory, { recursive: true });
  writeFileSync(
    join(directory, 'data.jsonl'),
    (fixture.records ?? []).map((record) => JSON.stringify(record)).join('\n'),
  );
  return join(root, name);
}

describe('built-in dataset loaders', () => {
  it('every built-in dataset has a fixture in its published schema', () => {
    expect(Object.keys(FIXTURES).sort()).toEqual(builtInDatasets.map((definition) => definition.name).sort());
  });

  it.each(builtInDatasets.map((definition) => [definition.name]))(
    '%s maps its records and wires its evaluators',
    async (name) => {
      const fixture = FIXTURES[name as string];
      if (!fixture) throw new Error(`no fixture for ${name}`);
      const entry = registry.get('dataset', name as string);
      const examples = await entry.load({
        dataDir: writeFixture(name as string),
        ...(fixture.config ? { config: fixture.config } : {}),
      });
      expect(examples).toHaveLength(fixture.count ?? fixture.records?.length ?? 0);
      expect(examples[0]).toMatchObject({ ...fixture.first, dataset: name });
      for (const example of examples) {
        expect(typeof example.context).toBe('string');
        expect(['string', 'number']).toContain(typeof example.id);
      }
      const scoring = fixture.config && entry.scoringFor ? entry.scoringFor(fixture.config) : entry;
      for (const evaluator of scoring.evaluators) expect(registry.has('evaluator', evaluator)).toBe(true);
      // The evaluators score the gold answer fully: the mapping puts the answer where they look for it.
      const scorable = scoring.evaluators.filter(
        (evaluator) => !['llm_judge', 'code_execution', 'ifeval'].includes(evaluator),
      );
      if (scorable.length > 0) {
        const first = examples[0] as Example;
        const gold = goldResponse(first);
        const scores = {};
        for (const evaluator of scorable)
          Object.assign(
            scores,
            await registry.get('evaluator', evaluator)({}).score(first, { response: gold }),
          );
        expect(scores, `${name}: ${JSON.stringify(first).slice(0, 200)}`).toHaveProperty(
          scoring.scoreField,
          1,
        );
      }
    },
  );

  it('config selectors pick the config and refuse unknown ones', async () => {
    const mmlu = registry.get('dataset', 'mmlu');
    await expect(mmlu.load({ dataDir: writeFixture('mmlu'), config: 'not_a_subject' })).rejects.toThrow(
      '--dataset mmlu:not_a_subject: unknown config; known: all, abstract_algebra',
    );
    await expect(
      registry.get('dataset', 'gsm8k').load({ dataDir: writeFixture('gsm8k'), config: 'x' }),
    ).rejects.toThrow('this dataset has no configs');
    const bbhConfigs = builtInDatasets.find((definition) => definition.name === 'bbh')?.configs ?? [];
    expect(bbhConfigs).toHaveLength(27);
    expect(builtInDatasets.find((definition) => definition.name === 'mmlu')?.configs).toHaveLength(58);
  });

  it('sets whose tasks differ score each config with its own evaluators', () => {
    const longbench = registry.get('dataset', 'longbench');
    expect(longbench.scoringFor?.('gov_report')).toEqual({
      evaluators: ['summarization_quality'],
      scoreField: 'rouge_l_f1',
    });
    expect(longbench.scoringFor?.('hotpotqa')).toEqual({ evaluators: ['answer_quality'], scoreField: 'f1' });
    expect(registry.get('dataset', 'infinitebench').scoringFor?.('longbook_choice_eng')?.scoreField).toBe(
      'mc_accuracy',
    );
  });

  it('multiple-choice sets that publish the answer first show it in a seeded position', async () => {
    const load = () => registry.get('dataset', 'truthfulqa').load({ dataDir: writeFixture('truthfulqa') });
    const positions = (await load()).map((example) => example.answerIndex);
    expect(await load().then((examples) => examples.map((example) => example.answerIndex))).toEqual(
      positions,
    );
    expect(new Set(positions).size).toBeGreaterThan(1);
  });
});

/** A response that is the gold answer in the form each evaluator reads. */
function goldResponse(example: Example): string {
  if (typeof example.answerIndex === 'number') return 'ABCDEFGHIJ'[example.answerIndex] as string;
  const answer = Array.isArray(example.answer) ? example.answer[0] : example.answer;
  return String(answer ?? '');
}

describe('needle placement', () => {
  it('puts the needle at a seeded sentence boundary, the same every run', async () => {
    const { insertNeedle } = await import('../../../src/evaluate/datasets/memory-datasets.js');
    const haystack = 'A one. B two. C three. D four. E five.';
    const first = insertNeedle(haystack, 'NEEDLE.', 'seed-1');
    expect(insertNeedle(haystack, 'NEEDLE.', 'seed-1')).toEqual(first);
    expect(first.context.replace('NEEDLE. ', '').replace(' NEEDLE.', '')).toBe(haystack);
    const depths = new Set(
      ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'].map((seed) => insertNeedle(haystack, 'N.', seed).depth),
    );
    expect(depths.size).toBeGreaterThan(1);
  });
});
