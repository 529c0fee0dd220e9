// Storage figures for `npm run bench:perf`: the README's first command (`compactkit bench run`, every default
// left as it is) run as a child process into a fresh directory, then the bytes of its database and of its HTML
// report. Run alone with `npx tsx perf/storage-size.ts`.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const megabyte = 1_000_000;
const dbTargetBytes = 40 * megabyte;
const reportTargetBytes = 8 * megabyte;

/** Bytes of a SQLite file with its WAL, if one was left (a closed store has checkpointed it away). */
function databaseBytes(path: string): number {
  const wal = `${path}-wal`;
  return statSync(path).size + (existsSync(wal) ? statSync(wal).size : 0);
}

/** Runs the default benchmark command once and measures what it wrote. */
export function measureStorage(): Record<string, unknown> {
  const directory = mkdtempSync(join(tmpdir(), 'compactkit-storage-'));
  const db = join(directory, 'compactkit.db');
  const report = join(directory, 'report.html');
  try {
    const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
    const started = performance.now();
    const child = spawnSync(
      process.execPath,
      ['--import', 'tsx', main, 'bench', 'run', '--db', db, '--report', report, '--no-progress'],
      { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
    );
    if (child.status !== 0) throw new Error(`compactkit bench run failed: ${child.stderr}`);
    const dbBytes = databaseBytes(db);
    const reportBytes = statSync(report).size;
    return {
      input:
        "the README's first command: `compactkit bench run` with its defaults (--db and --report in a fresh directory)",
      wallMs: Math.round(performance.now() - started),
      dbBytes,
      reportBytes,
      target: '< 40 MB database, < 8 MB report',
      pass: dbBytes < dbTargetBytes && reportBytes < reportTargetBytes,
    };
  } finally {
    rmSync(directory, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.stdout.write(`${JSON.stringify(measureStorage(), null, 2)}\n`);
}
