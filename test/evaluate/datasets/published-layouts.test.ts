import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { readRecordFile } from '../../../src/evaluate/datasets/read-record-file.js';
import { createEvaluationRegistry } from '../../../src/evaluate/index.js';
import { NOLIMA_NEEDLE_SET, PUBLISHED_LAYOUT_FIXTURES } from './published-layout-fixtures.js';

const root = mkdtempSync(join(tmpdir(), 'compactkit-published-'));
// An endpoint nothing listens on: a set that tried the hub would fail with "unreachable", not our message.
const registry = createEvaluationRegistry({
  hub: { endpoint: 'http://127.0.0.1:9', cacheDir: join(root, 'cache') },
});

/** Writes a set's fixture files in their published layout under a folder and returns it. */
function layout(name: string, files = PUBLISHED_LAYOUT_FIXTURES[name]?.files ?? {}): string {
  const directory = mkdtempSync(join(root, `${name}-`));
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(directory, path)), { recursive: true });
    writeFileSync(join(directory, path), content);
  }
  return directory;
}

describe('sets read from their published layout', () => {
  it('say in one line where to download them when there is no --data-dir', async () => {
    for (const [name, where] of [
      ['nolima', 'huggingface.co/datasets/amodaresi/NoLiMa'],
      ['bfcl', 'huggingface.co/datasets/gorilla-llm/Berkeley-Function-Calling-Leaderboard'],
      ['locomo', 'github.com/snap-research/locomo'],
    ] as const) {
      const error = await registry
        .get('dataset', name)
        .load({})
        .then(
          () => undefined,
          (caught: Error) => caught,
        );
      expect(error?.message).toContain(`${name}: the hub's parquet conversion does not cover`);
      expect(error?.message).toContain(where);
      expect(error?.message).toContain('pass --data-dir');
      expect(error?.message).not.toContain('\n');
    }
  });

  it('nolima places each filled needle with a seeded character in each shuffled book', async () => {
    const dataDir = layout('nolima');
    const load = () => registry.get('dataset', 'nolima').load({ dataDir });
    const examples = await load();
    expect(await load()).toEqual(examples);
    const characters = NOLIMA_NEEDLE_SET[0]?.character_set ?? [];
    for (const example of examples.filter((one) => String(one.id).startsWith('0101'))) {
      expect(characters).toContain(example.answer);
      const place = String(example.id).includes('_T01_') ? 'the Charles Bridge' : 'the Atomium';
      expect(example.context).toContain(
        `In the spring, ${example.answer} moved into a flat overlooking ${place}.`,
      );
      expect(example.context).not.toContain('Unshuffled');
    }
    expect(examples.find((one) => one.id === '0101_T02_twohop_rand_book_2')?.question).toBe(
      'Which character has lived in Belgium?',
    );
    // A needle without {CHAR} is scored against the test's gold answers.
    const fixed = examples.find((one) => one.id === '0102_T01_direct_rand_book_1');
    expect(fixed).toMatchObject({ answer: ['teal'] });
    expect(fixed?.context).toContain('The keeper painted the lantern room teal.');
    expect(new Set(examples.map((one) => one.answer)).size).toBeGreaterThan(1);
  });

  it('nolima selects a needle set by config and names a missing one', async () => {
    const dataDir = layout('nolima');
    const hard = await registry.get('dataset', 'nolima').load({ dataDir, config: 'needle_set_hard' });
    expect(hard.map((example) => example.id)).toEqual([
      '0102_T01_direct_rand_book_1',
      '0102_T01_direct_rand_book_2',
    ]);
    await expect(
      registry.get('dataset', 'nolima').load({ dataDir, config: 'needle_set_ONLYDirect' }),
    ).rejects.toThrow('no needlesets/needle_set_ONLYDirect.json');
  });

  it('bfcl reads the newest version, attaches possible answers by id and keeps system messages', async () => {
    const dataDir = layout('bfcl');
    const simple = await registry.get('dataset', 'bfcl').load({ dataDir });
    expect(simple.map((example) => example.id)).toEqual(['simple_0', 'simple_1']);
    expect(simple[1]?.context).toMatch(/^You are a unit-aware assistant\.\n\nAvailable functions/);
    expect(simple[1]?.answer).toContain('"convert_units"');
    const irrelevance = await registry.get('dataset', 'bfcl').load({ dataDir, config: 'irrelevance' });
    expect(irrelevance[0]).toMatchObject({
      id: 'irrelevance_0',
      answer: 'No function call: none of the functions fits the request.',
    });
  });

  it('bfcl reads a v4 clone of the Gorilla repository (simple_python, unused_datasets left out)', async () => {
    const question = (id: string) =>
      JSON.stringify({ id, question: [[{ role: 'user', content: `ask ${id}` }]], function: [] });
    const dataDir = layout('bfcl-v4', {
      'berkeley-function-call-leaderboard/data/BFCL_v3_simple.json': question('simple_v3'),
      'berkeley-function-call-leaderboard/bfcl_eval/data/BFCL_v4_simple_python.json': `${question('simple_python_0')}\n${question('simple_python_1')}`,
      'berkeley-function-call-leaderboard/bfcl_eval/data/possible_answer/BFCL_v4_simple_python.json':
        JSON.stringify({
          id: 'simple_python_1',
          ground_truth: [{ f: { x: [1] } }],
        }),
      'berkeley-function-call-leaderboard/bfcl_eval/data/unused_datasets/question/BFCL_v5_simple.json':
        question('unused'),
    });
    const examples = await registry.get('dataset', 'bfcl').load({ dataDir });
    expect(examples.map((example) => [example.id, example.answer])).toEqual([
      ['simple_python_0', undefined],
      ['simple_python_1', 'Accepted calls (each argument lists its accepted values): [{"f":{"x":[1]}}]'],
    ]);
  });

  it('locomo reads locomo10.json, skips adversarial questions and keeps numeric answers and image captions', async () => {
    const examples = await registry.get('dataset', 'locomo').load({ dataDir: layout('locomo') });
    expect(examples.map((example) => [example.id, example.answer])).toEqual([
      ['conv-1-0', '3 March 2023'],
      ['conv-1-1', '2021'],
      ['conv-1-2', 'tomatoes'],
    ]);
    expect(examples[0]?.context).toContain('session 2 (6:02 pm on 20 April, 2023):');
    expect(examples[0]?.context).toContain(
      'Ben: Look what I have been growing. [shares a photo of tomato plants in a garden]',
    );
  });

  it('reads JSON Lines published under a .json name, and still refuses a broken .json', async () => {
    const directory = layout('jsonl', {
      'lines.json': '{"id": "a"}\n{"id": "b"}\n',
      'broken.json': '[{"id": "a"},',
      'one.json': '{"id": "only"}\n',
      'pretty.json': '{\n  "id": "only"\n}\n',
    });
    expect((await readRecordFile(join(directory, 'one.json'))).map((record) => record.value.id)).toEqual([
      'only',
    ]);
    await expect(readRecordFile(join(directory, 'pretty.json'))).rejects.toThrow(
      'expected an array of records',
    );
    expect((await readRecordFile(join(directory, 'lines.json'))).map((record) => record.value.id)).toEqual([
      'a',
      'b',
    ]);
    await expect(readRecordFile(join(directory, 'broken.json'))).rejects.toThrow('broken.json: not JSON');
  });
});
