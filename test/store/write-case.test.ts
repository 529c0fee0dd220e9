import { join } from 'node:path';
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { type CaseInput, openStore, type Store } from '../../src/store/index.js';
import { sampleCase } from './fixtures/sample-case.js';
import { catchStoreError, temporaryDirectory } from './helpers.js';

function storeWithRun(path = ':memory:'): Store {
  const store = openStore({ path });
  store.runs.create({ id: 'run-1', kind: 'bench', fingerprint: 'f', config: {}, versions: {} });
  return store;
}

const childTables = ['cycles', 'artifacts', 'item_responses', 'verdicts'];

function rowCounts(path: string, caseKey: string): Record<string, number> {
  const database = new Database(path, { readonly: true });
  const counts: Record<string, number> = {};
  counts.cases = database
    .prepare('SELECT count(*) FROM cases WHERE case_key = ?')
    .pluck()
    .get(caseKey) as number;
  for (const table of childTables) {
    counts[table] = database
      .prepare(
        `SELECT count(*) FROM ${table} JOIN cases ON cases.id = ${table}.case_id WHERE cases.case_key = ?`,
      )
      .pluck()
      .get(caseKey) as number;
  }
  database.close();
  return counts;
}

describe('store.writeCase and store.readRun', () => {
  it('writes a case with all its children and reads it back as written, in order', () => {
    const store = storeWithRun();
    const written = { ...sampleCase('case-1'), writtenAt: '2025-03-01T10:00:00.000Z' };
    store.writeCase('run-1', written);
    store.writeCase('run-1', {
      caseKey: 'case-0',
      status: 'failed',
      error: { code: 'provider_error', message: 'HTTP 500 after 3 retries', details: { status: 500 } },
    });
    const contents = store.readRun('run-1');
    const stripUndefined = JSON.parse(JSON.stringify(written));
    expect(contents.cases[0]).toEqual(stripUndefined);
    expect(contents.cases[1]).toMatchObject({
      caseKey: 'case-0',
      status: 'failed',
      error: { code: 'provider_error', details: { status: 500 } },
      cycles: [],
      verdicts: [],
    });
    expect(contents.cases[0]?.verdicts[0]).toEqual({
      cycle: 0,
      itemKey: 'item-0',
      score: 0,
      violation: true,
      reason: 'matched the locked decision',
    });
    expect(store.caseKeys('run-1')).toEqual(['case-1', 'case-0']);
    store.close();
  });

  it('leaves nothing of a case behind when one of its verdicts breaks a constraint', () => {
    const path = join(temporaryDirectory(), 'store.db');
    const store = storeWithRun(path);
    store.writeCase('run-1', sampleCase('good'));
    const broken = sampleCase('broken');
    const verdicts = broken.verdicts ?? [];
    // The same item scored twice in the same cycle: SQLite's primary key refuses the last insert of the case.
    broken.verdicts = [...verdicts, { ...verdicts[0]!, score: 1 }];
    const error = catchStoreError(() => store.writeCase('run-1', broken), 'store_conflict');
    expect(error.message).toContain(
      'cannot write case "broken" of run "run-1": UNIQUE constraint failed: verdicts.',
    );
    expect(error.message).toContain('nothing was written');
    expect(store.caseKeys('run-1')).toEqual(['good']);
    store.close();
    expect(rowCounts(path, 'broken')).toEqual({
      cases: 0,
      cycles: 0,
      artifacts: 0,
      item_responses: 0,
      verdicts: 0,
    });
    expect(rowCounts(path, 'good')).toEqual({
      cases: 1,
      cycles: 3,
      artifacts: 3,
      item_responses: 12,
      verdicts: 12,
    });
  });

  it('refuses a case of an unknown run, and a second case with the same key', () => {
    const store = storeWithRun();
    catchStoreError(() => store.writeCase('run-9', sampleCase('c')), 'store_run_not_found');
    store.writeCase('run-1', sampleCase('c'));
    catchStoreError(() => store.writeCase('run-1', sampleCase('c')), 'store_conflict');
    expect(store.readRun('run-1').cases).toHaveLength(1);
    store.close();
  });

  it('names the field of a bad case and writes nothing', () => {
    const store = storeWithRun();
    const bad = (record: unknown) => () => store.writeCase('run-1', record as CaseInput);
    const good = sampleCase('c');
    const verdicts = good.verdicts ?? [];
    expect(bad({ ...good, verdicts: [verdicts[0], { ...verdicts[1], score: 1.5 }] })).toThrow(
      'case.verdicts[1].score: expected a number <= 1',
    );
    expect(bad({ ...good, cycles: [{ cycle: -1 }] })).toThrow(
      'case.cycles[0].cycle: expected an integer >= 0',
    );
    expect(bad({ ...good, caseKey: '' })).toThrow('case.caseKey: must not be empty');
    expect(bad({ ...good, status: 'done' })).toThrow('case.status: expected one of complete|failed');
    expect(bad({ ...good, error: 'boom' })).toThrow('case.error: expected object, got string');
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(bad({ ...good, artifacts: [{ cycle: 0, method: 'm', artifact: cyclic }] })).toThrow(
      'case.artifacts[0].artifact: cannot be stored as JSON',
    );
    expect(bad({ ...good, data: { ratio: Number.POSITIVE_INFINITY } })).toThrow(
      'case.data: cannot be stored as JSON',
    );
    expect(store.caseKeys('run-1')).toEqual([]);
    store.close();
  });

  it('writes evaluation rows and probe results, and reads them back', () => {
    const store = storeWithRun();
    store.writeEvaluationRow('run-1', { rowKey: 'row-1', data: { system: 'truncate', score: 0.5 } });
    store.writeProbeResult('run-1', { sessionKey: 's1', probeKey: 'recall-1', data: { accuracy: 4 } });
    catchStoreError(() => store.writeEvaluationRow('run-1', { rowKey: 'row-1', data: {} }), 'store_conflict');
    catchStoreError(
      () => store.writeProbeResult('nope', { sessionKey: 's', probeKey: 'p', data: 1 }),
      'store_run_not_found',
    );
    expect(() => store.writeEvaluationRow('run-1', { rowKey: 'row-2' } as never)).toThrow(
      'evaluationRow.data: is required',
    );
    const contents = store.readRun('run-1');
    expect(contents.evaluationRows).toEqual([{ rowKey: 'row-1', data: { system: 'truncate', score: 0.5 } }]);
    expect(contents.probeResults).toEqual([
      { sessionKey: 's1', probeKey: 'recall-1', data: { accuracy: 4 } },
    ]);
    catchStoreError(() => store.readRun('nope'), 'store_run_not_found');
    store.close();
  });
});

describe('store.writeCase with replaceFailed, and store.caseStatuses', () => {
  it('replaces a failed case with its retry, in one transaction, and never a complete one', () => {
    const path = join(temporaryDirectory(), 'store.db');
    const store = storeWithRun(path);
    store.writeCase('run-1', {
      caseKey: 'case-1',
      status: 'failed',
      error: { code: 'provider_error', message: 'HTTP 500' },
    });
    store.writeCase('run-1', sampleCase('case-2'));
    expect(store.caseStatuses('run-1')).toEqual([
      { caseKey: 'case-1', status: 'failed' },
      { caseKey: 'case-2', status: 'complete' },
    ]);
    // Without the option a second write of the key is a conflict and changes nothing.
    catchStoreError(() => store.writeCase('run-1', sampleCase('case-1')), 'store_conflict');
    store.writeCase('run-1', sampleCase('case-1'), { replaceFailed: true });
    expect(store.caseStatuses('run-1')).toEqual([
      { caseKey: 'case-2', status: 'complete' },
      { caseKey: 'case-1', status: 'complete' },
    ]);
    expect(rowCounts(path, 'case-1').cases).toBe(1);
    // A complete case is not replaced: the write conflicts and the stored case stays as it was.
    const before = store.readRun('run-1').cases;
    catchStoreError(
      () =>
        store.writeCase('run-1', { ...sampleCase('case-2'), data: { other: true } }, { replaceFailed: true }),
      'store_conflict',
    );
    expect(store.readRun('run-1').cases).toEqual(before);
    store.close();
  });
});

describe('store.readCases', () => {
  it('reads cases as readRun does, and without artifact bodies when asked', () => {
    const store = storeWithRun();
    store.writeCase('run-1', sampleCase('case-1'));
    const full = store.readRun('run-1').cases;
    expect(store.readCases('run-1')).toEqual(full);
    const light = store.readCases('run-1', { artifacts: false });
    expect(light[0]?.artifacts).toEqual([]);
    expect(light[0]?.itemResponses).toEqual(full[0]?.itemResponses);
    catchStoreError(() => store.readCases('nope'), 'store_run_not_found');
    store.close();
  });
});
