import { createHash } from 'node:crypto';
import { chmodSync, copyFileSync, mkdirSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CliRunOptions, runBuiltCli } from '../support/built-cli.js';

/*
 * Commands that only read (runs list, bench leaderboard, report to stdout) work on a store the user cannot
 * write: a read-only file, and a read-only folder where SQLite cannot create the WAL index beside the file.
 * Root ignores file modes, so as root the CLI runs as the unprivileged `nobody` (65534).
 */

const root = new URL('../..', import.meta.url).pathname;
const mini = join(root, 'test/bench/fixtures/mini-suite');
const asUser: CliRunOptions = process.getuid?.() === 0 ? { uid: 65534, gid: 65534 } : {};

const base = mkdtempSync(join(tmpdir(), 'compactkit-read-only-store-'));
const source = join(base, 'source', 'store.db');
let runId = '';

/** What each read-only command printed on the writable original. */
const expected = new Map<string, string>();

const commands = (db: string): Record<string, string[]> => ({
  'runs list': ['runs', 'list', '--db', db],
  'bench leaderboard': ['bench', 'leaderboard', '--db', db],
  'report md': ['report', runId, '--format', 'md', '--db', db],
  'report json': ['report', runId, '--format', 'json', '--no-cases', '--db', db],
});

function digest(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

beforeAll(() => {
  chmodSync(base, 0o755);
  mkdirSync(join(base, 'source'));
  const run = runBuiltCli([
    'bench',
    'run',
    '--suite',
    mini,
    '--difficulty',
    'easy',
    '--cases',
    '1',
    '--cycles',
    '0',
    '--method',
    'oracle',
    '--db',
    source,
    '--no-report',
    '--no-progress',
  ]);
  expect(run.stderr).toBe('');
  runId = /run ([0-9a-f-]+) · oracle/.exec(run.stdout)?.[1] ?? '';
  expect(runId).not.toBe('');
  for (const [name, args] of Object.entries(commands(source))) {
    const result = runBuiltCli(args);
    expect(result.stderr, name).toBe('');
    expected.set(name, result.stdout.replaceAll(source, 'STORE'));
  }
}, 120_000);

afterAll(() => {
  // Let the temporary tree be removed by whoever cleans tmp.
  chmodSync(join(base, 'read-only-folder'), 0o755);
});

describe('a read-only store opens read-only for commands that only read', () => {
  for (const layout of ['read-only-file', 'read-only-folder'] as const) {
    it(`lists, ranks and reports from a ${layout.replaceAll('-', ' ')}, leaving it untouched`, () => {
      const folder = join(base, layout);
      mkdirSync(folder);
      const db = join(folder, 'store.db');
      copyFileSync(source, db);
      chmodSync(db, 0o444);
      // A read-only file in a folder anyone may write; or a folder no one may write.
      chmodSync(folder, layout === 'read-only-file' ? 0o777 : 0o555);
      const before = digest(db);
      for (const [name, args] of Object.entries(commands(db))) {
        const result = runBuiltCli(args, asUser);
        expect({ name, code: result.code, stderr: result.stderr }).toEqual({ name, code: 0, stderr: '' });
        expect(result.stdout.replaceAll(db, 'STORE')).toBe(expected.get(name));
      }
      expect(digest(db)).toBe(before);
      if (layout === 'read-only-folder') expect(readdirSync(folder)).toEqual(['store.db']);
    }, 120_000);
  }

  it('still refuses to write: a run into a read-only folder fails in one line, exit 1, the store untouched', () => {
    const db = join(base, 'read-only-folder', 'store.db');
    const before = digest(db);
    const result = runBuiltCli(
      [
        'bench',
        'run',
        '--suite',
        mini,
        '--cases',
        '1',
        '--cycles',
        '0',
        '--method',
        'null',
        '--db',
        db,
        '--no-progress',
      ],
      asUser,
    );
    expect(result.code).not.toBe(0);
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
    expect(result.stderr).toMatch(/^compactkit: .*store\.db/);
    expect(digest(db)).toBe(before);
  }, 120_000);
});
