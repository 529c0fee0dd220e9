import type { Command } from 'commander';
import { exportRun, importRun, openStore } from '../store/index.js';

/** `compactkit runs list|export|import`: what the store holds, and moving whole runs between stores as JSONL. */
export function registerRunsCommand(program: Command): void {
  const runs = program.command('runs').description('runs in the results store (list, export, import)');
  runs
    .command('list')
    .description('list the runs in the store, newest first')
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .action((options: { db?: string }) => {
      const store = openStore({ ...(options.db ? { path: options.db } : {}), readonly: true });
      try {
        const rows = store.runs.list();
        if (rows.length === 0) {
          process.stdout.write(`no runs in ${store.path}\n`);
          return;
        }
        for (const run of rows) {
          process.stdout.write(`${run.id}  ${run.kind}  ${run.status}  ${run.createdAt}\n`);
        }
        for (const usage of store.llmCalls.usageByRun()) {
          process.stdout.write(
            `  ${usage.runId ?? '(no run)'}: ${usage.calls} model call(s), ${usage.inputTokens} in / ${usage.outputTokens} out tokens, $${usage.costUsd.toFixed(4)}\n`,
          );
        }
      } finally {
        store.close();
      }
    });
  runs
    .command('export')
    .description('write one run, with everything needed to audit it, as JSONL')
    .argument('<run-id>', 'the run to export')
    .requiredOption('-o, --out <path>', 'the JSONL file to write')
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .action(async (runId: string, options: { out: string; db?: string }) => {
      const store = openStore({ ...(options.db ? { path: options.db } : {}), readonly: true });
      try {
        await exportRun(store, runId, options.out);
        process.stdout.write(`wrote run ${runId} to ${options.out}\n`);
      } finally {
        store.close();
      }
    });
  runs
    .command('import')
    .description('add a run exported with `runs export` to the store (all or nothing)')
    .argument('<file>', 'the JSONL file')
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .action(async (file: string, options: { db?: string }) => {
      const store = openStore(options.db ? { path: options.db } : {});
      try {
        const result = await importRun(store, file);
        process.stdout.write(
          `imported run ${result.runId} (${result.cases} cases, ${result.llmCalls} model calls) into ${store.path}\n`,
        );
      } finally {
        store.close();
      }
    });
}
