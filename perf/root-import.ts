// How long `import 'compactkit'` takes in a fresh process, from the built package (dist/, built first when
// missing): the cost a user pays before any work. Heavy modules (the AI SDK, vega, SQLite) must load on first use.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { median } from './median.js';

const root = fileURLToPath(new URL('..', import.meta.url));

/** Median wall time of importing the package root (and, as a peer, `zod` alone) in fresh processes. */
export function measureRootImport(runs: number): {
  medianMs: number;
  zodAloneMedianMs: number;
  runs: number;
} {
  if (!existsSync(`${root}dist/index.js`)) {
    const build = spawnSync('npm', ['run', 'build'], { cwd: root, encoding: 'utf8' });
    if (build.status !== 0) throw new Error(`npm run build failed: ${build.stderr}`);
  }
  const timeImport = (specifier: string): number => {
    const script = `const t = performance.now(); await import(${JSON.stringify(specifier)}); process.stdout.write(String(performance.now() - t));`;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      cwd: root,
      encoding: 'utf8',
    });
    if (child.status !== 0) throw new Error(`importing ${specifier} failed: ${child.stderr}`);
    return Number(child.stdout);
  };
  const rootMs: number[] = [];
  const zodMs: number[] = [];
  for (let run = 0; run < runs; run++) {
    rootMs.push(timeImport(`${root}dist/index.js`));
    zodMs.push(timeImport('zod'));
  }
  return {
    medianMs: Number(median(rootMs).toFixed(1)),
    zodAloneMedianMs: Number(median(zodMs).toFixed(1)),
    runs,
  };
}
