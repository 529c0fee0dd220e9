import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { type NewRun, openStore } from '../../src/store/index.js';
import { catchStoreError } from './helpers.js';

const bench: NewRun = {
  id: 'run-1',
  kind: 'bench',
  fingerprint: 'sha256:abc',
  config: { suite: 'elite', seeds: [1, 2, 3] },
  versions: { suite: '1.0.0', scorer: '2', method: 'anchored@1', model: 'openai:gpt-4o-mini' },
  createdAt: '2025-03-01T10:00:00.000Z',
};

describe('store.runs', () => {
  it('creates a running run and reads it back', () => {
    const store = openStore({ path: ':memory:' });
    const run = store.runs.create(bench);
    expect(run).toEqual({
      id: 'run-1',
      kind: 'bench',
      fingerprint: 'sha256:abc',
      config: { suite: 'elite', seeds: [1, 2, 3] },
      versions: bench.versions,
      status: 'running',
      createdAt: '2025-03-01T10:00:00.000Z',
    });
    expect(store.runs.get('run-1')).toEqual(run);
    expect(store.runs.get('nope')).toBeUndefined();
    store.close();
  });

  it('gives a run without an id a UUID and a creation time', () => {
    const store = openStore({ path: ':memory:' });
    const run = store.runs.create({ kind: 'evaluate', fingerprint: 'f', config: {}, versions: {} });
    expect(run.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(Date.parse(run.createdAt)).not.toBeNaN();
    store.close();
  });

  it('refuses a second run with the same id', () => {
    const store = openStore({ path: ':memory:' });
    store.runs.create(bench);
    const error = catchStoreError(() => store.runs.create(bench), 'store_run_exists');
    expect(error.message).toContain('run "run-1" already exists');
    store.close();
  });

  it('finishes a run with a status and time; an unknown run is store_run_not_found', () => {
    const store = openStore({ path: ':memory:' });
    store.runs.create(bench);
    const finished = store.runs.finish('run-1', 'incomplete', '2025-03-01T11:00:00.000Z');
    expect(finished).toMatchObject({ status: 'incomplete', finishedAt: '2025-03-01T11:00:00.000Z' });
    expect(store.runs.get('run-1')).toEqual(finished);
    catchStoreError(() => store.runs.finish('missing', 'complete'), 'store_run_not_found');
    store.close();
  });

  it('lists runs newest first, filtered by kind, status and fingerprint', () => {
    const store = openStore({ path: ':memory:' });
    store.runs.create(bench);
    store.runs.create({ ...bench, id: 'run-2', createdAt: '2025-03-02T10:00:00.000Z' });
    store.runs.create({ ...bench, id: 'probe-1', kind: 'probe', fingerprint: 'other' });
    store.runs.finish('run-2', 'complete');
    const ids = (filter?: Parameters<typeof store.runs.list>[0]) =>
      store.runs.list(filter).map((run) => run.id);
    expect(ids()).toEqual(['run-2', 'probe-1', 'run-1']);
    expect(ids({ kind: 'bench' })).toEqual(['run-2', 'run-1']);
    expect(ids({ status: 'running', fingerprint: 'sha256:abc' })).toEqual(['run-1']);
    expect(ids({ limit: 1 })).toEqual(['run-2']);
    store.close();
  });

  it('names the field of a bad run, and checks that the config is JSON', () => {
    const store = openStore({ path: ':memory:' });
    const bad = (run: unknown) => () => store.runs.create(run as NewRun);
    expect(bad({ ...bench, kind: 'benchmark' })).toThrow(
      new ValidationError([{ where: 'run.kind', message: 'expected one of bench|evaluate|probe' }]),
    );
    expect(bad({ ...bench, id: '' })).toThrow('run.id: must not be empty');
    expect(bad({ ...bench, versions: { suite: 1 } })).toThrow(
      'run.versions.suite: expected string, got number',
    );
    expect(bad({ ...bench, createdAt: 'yesterday' })).toThrow(
      'run.createdAt: expected an ISO 8601 date-time',
    );
    expect(bad({ ...bench, config: undefined })).toThrow('run.config: is required');
    expect(bad({ ...bench, config: { ratio: Number.NaN } })).toThrow(
      'run.config: cannot be stored as JSON: NaN',
    );
    expect(bad({ ...bench, config: { big: 10n } })).toThrow('run.config: cannot be stored as JSON');
    expect(bad({ ...bench, extra: true })).toThrow('run: unknown key extra');
    expect(store.runs.list()).toEqual([]);
    store.close();
  });
});
