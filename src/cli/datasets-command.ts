import type { Command } from 'commander';
import { builtInDatasets, cachedParquetFiles, defaultCacheDir } from '../evaluate/index.js';

/** `compactkit datasets list`: every built-in dataset with its source, size, task, evaluators and cache state. */
export function registerDatasetsCommand(program: Command): void {
  const datasets = program.command('datasets').description('built-in evaluation datasets');
  datasets
    .command('list')
    .description('list the built-in datasets: name, source, size, task, evaluators, whether cached')
    .option('--json', 'print JSON')
    .action((options: { json?: boolean }) => {
      const cacheDir = defaultCacheDir();
      const rows = builtInDatasets.map((definition) => {
        const split = definition.splitFor ? definition.splitFor(definition.defaultConfig) : definition.split;
        const config = definition.hubConfig
          ? definition.hubConfig(definition.defaultConfig)
          : definition.defaultConfig;
        return {
          name: definition.name,
          // Sets read only from --data-dir show where their published files are.
          source: definition.published
            ? `${definition.published.source} (--data-dir)`
            : `${definition.hubId} (${config}, ${split})`,
          configs: definition.configs?.length ?? 0,
          size: definition.size,
          task: definition.task,
          evaluators: definition.evaluators.join(', '),
          cached:
            definition.published === undefined &&
            cachedParquetFiles({ id: definition.hubId, config, split }, cacheDir).length > 0,
        };
      });
      if (options.json) {
        process.stdout.write(`${JSON.stringify(rows, null, 2)}\n`);
        return;
      }
      const table = [
        ['name', 'source', 'size', 'task', 'evaluators', 'cached'],
        ...rows.map((row) => [
          row.configs > 0 ? `${row.name} (${row.configs} configs)` : row.name,
          row.source,
          row.size,
          row.task,
          row.evaluators,
          row.cached ? 'yes' : 'no',
        ]),
      ];
      const widths = (table[0] as string[]).map((_, column) =>
        Math.max(...table.map((row) => (row[column] ?? '').length)),
      );
      const lines = table.map((row) =>
        row
          .map((cell, column) => cell.padEnd(widths[column] as number))
          .join('  ')
          .trimEnd(),
      );
      process.stdout.write(`${lines.join('\n')}\n${rows.length} datasets; cache: ${cacheDir}\n`);
    });
}
