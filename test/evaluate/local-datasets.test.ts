import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { describe, expect, it } from 'vitest';
import { loadLocalDataset } from '../../src/evaluate/index.js';

const directory = mkdtempSync(join(tmpdir(), 'compactkit-datasets-'));
function file(name: string, content: string | ArrayBuffer): string {
  const path = join(directory, name);
  writeFileSync(path, typeof content === 'string' ? content : Buffer.from(content));
  return path;
}

describe('loadLocalDataset', () => {
  it('reads CSV with quoted commas and newlines, and JSON lists in answer and choices cells', async () => {
    const path = file(
      'mc.csv',
      'id,context,question,choices,answer\n' +
        'a,"Line one, with a comma\nand a second line",Pick one,"[""red"",""blue""]",B\n' +
        'b,plain,Q,"[""x"",""y"",""z""]",x\n',
    );
    const loaded = await loadLocalDataset(path);
    expect(loaded.name).toBe('mc');
    expect(loaded.examples).toEqual([
      {
        id: 'a',
        context: 'Line one, with a comma\nand a second line',
        question: 'Pick one',
        choices: ['red', 'blue'],
        answer: 'B',
      },
      { id: 'b', context: 'plain', question: 'Q', choices: ['x', 'y', 'z'], answer: 'x' },
    ]);
  });

  it('reports a bad CSV record by its line (records spanning lines counted right)', async () => {
    const path = file('bad.csv', 'id,context,choices\na,"two\nlines",[]\nb,ok,not-a-list\n');
    const loaded = await loadLocalDataset(path);
    expect(loaded.examples.map((example) => example.id)).toEqual(['a']);
    expect(loaded.skipped).toEqual([{ where: 'bad.csv:4: choices', message: 'must be a list of strings' }]);
    await expect(loadLocalDataset(path, { onBadRecord: 'fail' })).rejects.toThrow(
      'bad.csv:4: choices: must be a list of strings',
    );
  });

  it('reads JSON arrays and {"data": [...]} and numbers records without an id by position', async () => {
    const path = file(
      'wrapped.json',
      JSON.stringify({
        data: [
          { context: 'c1', answer: 3 },
          { context: 'c2', answer: ['x', 'y'] },
        ],
      }),
    );
    const loaded = await loadLocalDataset(path);
    expect(loaded.examples).toEqual([
      { id: 1, context: 'c1', answer: '3' },
      { id: 2, context: 'c2', answer: ['x', 'y'] },
    ]);
    await expect(loadLocalDataset(file('scalar.json', '42'))).rejects.toThrow(
      'scalar.json: expected an array of records',
    );
  });

  it('reads Parquet written by another library, 64-bit integers included', async () => {
    const buffer = parquetWriteBuffer({
      columnData: [
        { name: 'id', data: [10n, 11n], type: 'INT64' },
        { name: 'context', data: ['The sky is blue.', 'Grass is green.'], type: 'STRING' },
        { name: 'answer', data: ['blue', 'green'], type: 'STRING' },
      ],
    });
    const loaded = await loadLocalDataset(file('colors.parquet', buffer));
    expect(loaded.examples).toEqual([
      { id: 10, context: 'The sky is blue.', answer: 'blue' },
      { id: 11, context: 'Grass is green.', answer: 'green' },
    ]);
    await expect(loadLocalDataset(file('broken.parquet', 'not parquet at all'))).rejects.toThrow(
      'broken.parquet: not a readable Parquet file',
    );
  });

  it('takes the first n, or a seeded sample that is the same for the same seed', async () => {
    const path = file(
      'many.jsonl',
      Array.from({ length: 20 }, (_, index) => JSON.stringify({ id: index, context: `c${index}` })).join(
        '\n',
      ),
    );
    expect((await loadLocalDataset(path, { n: 3 })).examples.map((example) => example.id)).toEqual([0, 1, 2]);
    const one = (await loadLocalDataset(path, { n: 5, shuffle: true, seed: '7' })).examples.map(
      (example) => example.id,
    );
    const two = (await loadLocalDataset(path, { n: 5, shuffle: true, seed: '7' })).examples.map(
      (example) => example.id,
    );
    const other = (await loadLocalDataset(path, { n: 5, shuffle: true, seed: '8' })).examples.map(
      (example) => example.id,
    );
    expect(one).toEqual(two);
    expect(one).not.toEqual(other);
    expect(one).not.toEqual([0, 1, 2, 3, 4]);
  });

  it('refuses duplicate ids and unknown extensions', async () => {
    const loaded = await loadLocalDataset(
      file('dup.jsonl', '{"id":1,"context":"a"}\n{"id":1,"context":"b"}\n'),
    );
    expect(loaded.skipped).toEqual([{ where: 'dup.jsonl:2: id', message: 'duplicate id "1"' }]);
    await expect(loadLocalDataset(file('data.txt', 'x'))).rejects.toThrow('unknown dataset format ".txt"');
  });
});
