import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * CompactBench's public templates and template-v1 schema: third-party data, read in place beside the
 * repository (`../shared/compactbench`, or COMPACTBENCH_DATA) and never copied into it. Tests that need them
 * are skipped, with this reason in their title, when the folder is absent.
 */
export const COMPACT_BENCH_DIRECTORY =
  process.env.COMPACTBENCH_DATA ??
  join(fileURLToPath(new URL('../../../', import.meta.url)), '..', 'shared', 'compactbench');
export const COMPACT_BENCH_PUBLIC = join(COMPACT_BENCH_DIRECTORY, 'public');
export const COMPACT_BENCH_SCHEMA = join(COMPACT_BENCH_DIRECTORY, 'template-v1.schema.json');
export const HAS_COMPACT_BENCH = existsSync(COMPACT_BENCH_PUBLIC) && existsSync(COMPACT_BENCH_SCHEMA);
export const SKIP_REASON = `CompactBench test data not found at ${COMPACT_BENCH_DIRECTORY} (third-party, kept outside the repository)`;
