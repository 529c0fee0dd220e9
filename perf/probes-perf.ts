// `npx tsx perf/probes-perf.ts`: speed and memory of session import and probe generation, as JSON with
// medians. Targets from issue 15: a 100 MB Claude Code log imports at >= 50 MB/s under 400 MB RSS.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Message } from '../src/messages/types.js';
import { extractProbes } from '../src/probes/index.js';
import { readSessions } from '../src/sessions/index.js';
import { createTokenCounter } from '../src/tokens/index.js';
import { writeLargeClaudeLog } from './fixtures/write-large-claude-log.js';
import { median } from './median.js';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const root = fileURLToPath(new URL('..', import.meta.url));

const round = (value: number, digits = 1): number => Number(value.toFixed(digits));

const dir = mkdtempSync(join(tmpdir(), 'compactkit-perf-'));
const log = join(dir, 'large-claude-code.jsonl');
const bytes = writeLargeClaudeLog({
  sample: join(root, 'samples/sessions/claude-code/review-store-import.jsonl'),
  out: log,
  bytes: 100 * 1024 * 1024,
});
const runs: { ms: number; maxRssMb: number; messages: number }[] = [];
for (let run = 0; run < RUNS; run++) {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(root, 'perf/session-import-child.ts'), log],
    {
      encoding: 'utf8',
      maxBuffer: 1 << 20,
    },
  );
  if (child.status !== 0) throw new Error(`session-import-child.ts failed: ${child.stderr}`);
  runs.push(JSON.parse(child.stdout) as { ms: number; maxRssMb: number; messages: number });
}
rmSync(dir, { recursive: true, force: true });
const megabytes = bytes / (1024 * 1024);
const rate = median(runs.map((run) => megabytes / (run.ms / 1000)));
const rss = median(runs.map((run) => run.maxRssMb));
const result: Record<string, unknown> = {
  sessionImport: {
    file: `${round(megabytes)} MB Claude Code log, one live chain`,
    messages: runs[0]?.messages,
    runs: RUNS,
    medianMs: round(median(runs.map((run) => run.ms))),
    medianMbPerSecond: round(rate),
    medianMaxRssMb: round(rss),
    target: '>= 50 MB/s, < 400 MB RSS',
    pass: rate >= 50 && rss < 400,
  },
};

// Probe generation on a session of at least 100k tokens: the sample sessions of both formats, one after another.
const samples = await readSessions([join(root, 'samples/sessions')]);
const counter = createTokenCounter();
const history: Message[] = [];
let tokens = 0;
for (let copy = 0; tokens < 100_000; copy++) {
  for (const session of samples) {
    for (const message of session.messages)
      history.push({ ...message, ...(message.id ? { id: `${message.id}-${copy}` } : {}) });
    tokens += counter.countMessages(session.messages);
  }
}
const generation: number[] = [];
let probeCount = 0;
for (let run = 0; run < Math.max(RUNS, 5); run++) {
  const start = performance.now();
  probeCount = extractProbes(history, { cwd: '/home/dana/src/compactkit' }).length;
  generation.push(performance.now() - start);
}
const generationMs = median(generation);
result.probeGeneration = {
  session: `${tokens} tokens, ${history.length} messages (the six samples)`,
  probes: probeCount,
  runs: generation.length,
  medianMs: round(generationMs),
  target: '< 1000 ms',
  pass: generationMs < 1000,
};
process.stdout.write(`${JSON.stringify(result, null, 2)}\n`);
