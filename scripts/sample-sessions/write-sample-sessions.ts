/**
 * Writes the sample agent sessions under samples/sessions/: three scenarios (debugging, feature work, code
 * review), each as a Claude Code session and a Codex CLI rollout, in those tools' on-disk shapes. The file
 * reads in them are this repository's files at the time of writing; rerun after a large refactor if wanted.
 * Run: npx tsx scripts/sample-sessions/write-sample-sessions.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { debuggingScenario } from './debugging-scenario.js';
import { featureScenario } from './feature-scenario.js';
import { reviewScenario } from './review-scenario.js';
import { writeClaudeCode } from './write-claude-code.js';
import { writeCodex } from './write-codex.js';

const OUT = join(import.meta.dirname, '..', '..', 'samples', 'sessions');
mkdirSync(join(OUT, 'claude-code'), { recursive: true });
mkdirSync(join(OUT, 'codex'), { recursive: true });
for (const scenario of [debuggingScenario, featureScenario, reviewScenario]) {
  writeFileSync(join(OUT, 'claude-code', `${scenario.name}.jsonl`), writeClaudeCode(scenario));
  writeFileSync(
    join(OUT, 'codex', `rollout-2026-10-14T09-12-03-${scenario.name}.jsonl`),
    writeCodex(scenario),
  );
}
process.stdout.write(`wrote 6 sessions to ${OUT}\n`);
