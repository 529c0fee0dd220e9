import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { exportRun, importRun, openStore, type Store } from '../../src/store/index.js';
import { sampleCase } from './fixtures/sample-case.js';
import { temporaryDirectory } from './helpers.js';

/** A run with one of everything, including values that JSON round trips could disturb. */
function fillStore(store: Store): void {
  store.runs.create({
    id: 'run-1',
    kind: 'bench',
    fingerprint: 'sha256:abc',
    config: { suite: 'elite', weights: { recall: 0.5, drift: 1e-7 }, note: 'ünïcode ✓ "quoted"\n' },
    versions: { suite: '1.0.0', scorer: '2' },
    createdAt: '2025-03-01T10:00:00.000Z',
  });
  store.writeCase('run-1', { ...sampleCase('case-1'), writtenAt: '2025-03-01T10:01:00.000Z' });
  store.writeCase('run-1', {
    caseKey: 'case-2',
    status: 'failed',
    error: { code: 'provider_error', message: 'HTTP 500' },
    writtenAt: '2025-03-01T10:02:00.000Z',
  });
  store.writeEvaluationRow('run-1', { rowKey: 'row-1', data: { score: 1, empty: [] } });
  store.writeProbeResult('run-1', { sessionKey: 's', probeKey: 'p', data: null });
  store.llmCalls.record({
    key: 'k1',
    modelId: 'openai:gpt-4o-mini',
    runId: 'run-1',
    request: { messages: [] },
    response: { text: 'ok', usage: { inputTokens: 1, outputTokens: 2 }, latencyMs: 3, finishReason: 'stop' },
    createdAt: '2025-03-01T10:01:30.000Z',
  });
  store.llmCalls.record({
    key: 'k2',
    modelId: 'openai:gpt-4o-mini',
    runId: 'run-1',
    request: { messages: [] },
    error: { code: 'invalid_output', message: 'not JSON', rawText: '{oops' },
    createdAt: '2025-03-01T10:01:40.000Z',
  });
  store.runs.finish('run-1', 'incomplete', '2025-03-01T11:00:00.000Z');
}

function lines(path: string): Record<string, unknown>[] {
  return readFileSync(path, 'utf8')
    .trimEnd()
    .split('\n')
    .map((line) => JSON.parse(line));
}

/** Writes `text` as a run export and returns the ValidationError importing it gives. */
async function importError(store: Store, text: string): Promise<ValidationError> {
  const path = join(temporaryDirectory(), 'run.jsonl');
  writeFileSync(path, text);
  const error = await importRun(store, path).catch((caught: unknown) => caught);
  expect(error).toBeInstanceOf(ValidationError);
  return error as ValidationError;
}

describe('exportRun and importRun', () => {
  it('round trips: export, import into a fresh store, export again gives the same bytes', async () => {
    const directory = temporaryDirectory();
    const source = openStore({ path: join(directory, 'a.db') });
    fillStore(source);
    const first = join(directory, 'first.jsonl');
    expect(await exportRun(source, 'run-1', first)).toEqual({ runId: 'run-1', lines: 39 });
    const target = openStore({ path: join(directory, 'b.db') });
    expect(await importRun(target, first)).toEqual({ runId: 'run-1', cases: 2, llmCalls: 2 });
    const second = join(directory, 'second.jsonl');
    await exportRun(target, 'run-1', second);
    expect(readFileSync(second, 'utf8')).toBe(readFileSync(first, 'utf8'));
    expect(target.readRun('run-1')).toEqual(source.readRun('run-1'));
    source.close();
    target.close();

    const exported = lines(first);
    expect(exported[0]).toEqual({ type: 'header', format: 'compactkit-run', version: 1 });
    expect(exported.map((line) => line.type)).toEqual([
      'header',
      'run',
      'case',
      ...Array(3).fill('cycle'),
      ...Array(3).fill('artifact'),
      ...Array(12).fill('item_response'),
      ...Array(12).fill('verdict'),
      'case',
      'evaluation_row',
      'probe_result',
      'llm_call',
      'llm_call',
      'end',
    ]);
    expect(exported[1]).toMatchObject({
      type: 'run',
      id: 'run-1',
      status: 'incomplete',
      created_at: '2025-03-01T10:00:00.000Z',
    });
    expect(exported.at(-1)).toEqual({ type: 'end', lines: 38 });
  });

  it('writes to a stream', async () => {
    const store = openStore({ path: ':memory:' });
    fillStore(store);
    const stream = new PassThrough();
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    await exportRun(store, 'run-1', stream);
    expect(Buffer.concat(chunks).toString('utf8').split('\n')).toHaveLength(40);
    store.close();
  });

  it('refuses a run id the store already has, and changes nothing', async () => {
    const directory = temporaryDirectory();
    const store = openStore({ path: join(directory, 'a.db') });
    fillStore(store);
    const path = join(directory, 'run.jsonl');
    await exportRun(store, 'run-1', path);
    const before = store.readRun('run-1');
    const error = await importRun(store, path).catch((caught: unknown) => caught);
    expect((error as Error).message).toBe(
      `cannot import ${path}: run "run-1" already exists in ${store.path}; nothing was imported (import into another database with --db PATH)`,
    );
    expect(error).toMatchObject({ code: 'store_run_exists' });
    expect(store.readRun('run-1')).toEqual(before);
    expect(store.llmCalls.list()).toHaveLength(2);
    store.close();
  });

  describe('refuses a bad file with its line and field, importing nothing', () => {
    const header = '{"type":"header","format":"compactkit-run","version":1}';
    const run =
      '{"type":"run","id":"r","kind":"bench","fingerprint":"f","config":{},"versions":{},"status":"complete","created_at":"2025-03-01T10:00:00.000Z"}';
    const caseLine = (fields: string) =>
      `{"type":"case","run_id":"r","case_key":"c","status":"complete","written_at":"2025-03-01T10:00:00.000Z"${fields}}`;
    const file = (...body: string[]) =>
      `${[header, run, ...body, `{"type":"end","lines":${body.length + 2}}`].join('\n')}\n`;

    it.each([
      ['malformed JSON', file(caseLine(''), '{"type":"cycle",'), 'run.jsonl:4: invalid JSON: '],
      [
        'a wrong field type',
        file('{"type":"case","run_id":7}'),
        'run.jsonl:3: case.run_id: expected string, got number',
      ],
      [
        'a missing field',
        file(caseLine('').replace('"status":"complete",', '')),
        'run.jsonl:3: case.status: is required',
      ],
      ['an unknown field', file(caseLine(',"colour":"red"')), 'run.jsonl:3: case: unknown key colour'],
      ['an unknown line type', file('{"type":"score"}'), 'run.jsonl:3: type: expected one of run, case,'],
      [
        'a line of another run',
        file(caseLine('').replace('"run_id":"r"', '"run_id":"x"')),
        'run.jsonl:3: case.run_id: expected "r" (the run on line 2), got "x"',
      ],
      [
        'a child before its case',
        file('{"type":"cycle","run_id":"r","case_key":"c","cycle":0}'),
        'run.jsonl:3: cycle.case_key: no case "c" before this line',
      ],
      [
        'a duplicate verdict',
        file(
          caseLine(''),
          ...Array(2).fill(
            '{"type":"verdict","run_id":"r","case_key":"c","cycle":0,"item_key":"i","score":1,"violation":false}',
          ),
        ),
        'run.jsonl:5: verdict: same case_key, cycle, item_key as line 4',
      ],
      [
        'a score out of range',
        file(
          caseLine(''),
          '{"type":"verdict","run_id":"r","case_key":"c","cycle":0,"item_key":"i","score":2,"violation":false}',
        ),
        'run.jsonl:4: verdict.score: expected a number <= 1',
      ],
      [
        'a newer format version',
        file().replace('"version":1', '"version":2'),
        'run.jsonl:1: header.version: version 2 is newer than this build of compactkit reads (1); upgrade compactkit',
      ],
      [
        'another format',
        file().replace('compactkit-run', 'promptfoo'),
        'run.jsonl:1: not a compactkit run export',
      ],
      [
        'a file cut short',
        `${header}\n${run}\n${caseLine('')}\n`,
        'run.jsonl:3: the file ends without its end line: it was cut short',
      ],
      [
        'an end line with the wrong count',
        file(caseLine('')).replace('"lines":3', '"lines":2'),
        'run.jsonl:4: end.lines: says 2 lines come before it, but 3 do',
      ],
      [
        'no run line',
        `${header}\n${caseLine('')}\n`,
        'run.jsonl:2: expected the run line (type "run") after the header, got type "case"',
      ],
    ])('%s', async (_name, text, message) => {
      const store = openStore({ path: ':memory:' });
      const error = await importError(store, text);
      const where = error.message.replace(/^.*run\.jsonl:/, 'run.jsonl:');
      expect(where.slice(0, message.length)).toBe(message);
      expect(store.runs.list()).toEqual([]);
      store.close();
    });

    it('lists every problem, not just the first', async () => {
      const store = openStore({ path: ':memory:' });
      const error = await importError(store, file('{"type":"case","run_id":7}', 'not json'));
      expect(error.issues.map((issue) => issue.where.replace(/^.*run\.jsonl/, 'run.jsonl'))).toEqual([
        'run.jsonl:3: case.run_id',
        'run.jsonl:3: case.case_key',
        'run.jsonl:3: case.status',
        'run.jsonl:3: case.written_at',
        'run.jsonl:4',
      ]);
      store.close();
    });
  });
});
