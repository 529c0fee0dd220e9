/**
 * Hashes every artifact the deterministic methods make over the shipped suites (and any template folders given),
 * so a change made for speed can show it changed no output: run it before and after, then `diff` the files.
 * Each case runs through the library's bench runner (lexical target, incremental drift) once per budget;
 * generated agent sessions (perf/fixtures) are compacted too, whole, at each budget.
 *
 *   npx tsx scripts/method-fingerprints.ts --out before.txt [--methods structured-state,truncate-last-n]
 *     [--suites elite,starter,paraphrase,/work/shared/compactbench/public] [--seeds 0,1,2] [--cycles 2]
 *     [--difficulty hard] [--budgets none,600,3000] [--sessions 20,150]
 */
import { createHash } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { generateAgentSession } from '../perf/fixtures/generate-agent-session.js';
import { createLexicalTarget } from '../src/bench/reader/index.js';
import { planCases } from '../src/bench/runner/plan-cases.js';
import { runCase } from '../src/bench/runner/run-case.js';
import { stableJson } from '../src/bench/runner/run-fingerprint.js';
import { resolveSuite } from '../src/bench/suites/index.js';
import type { Difficulty } from '../src/bench/template/index.js';
import { builtInCompactors, defaultBlockMethod, instantiateMethod } from '../src/compactors/index.js';
import type { Compactor } from '../src/compactors/types.js';
import { createLineMemoCounter, createTokenCounter } from '../src/tokens/index.js';

const { values } = parseArgs({
  options: {
    out: { type: 'string' },
    methods: {
      type: 'string',
      default: 'structured-state,observation-masking,truncate-last-n,default-block,default-block:legacy',
    },
    suites: { type: 'string', default: 'elite,starter,paraphrase,/work/shared/compactbench/public' },
    seeds: { type: 'string', default: '0,1,2' },
    cycles: { type: 'string', default: '2' },
    difficulty: { type: 'string', default: 'hard' },
    budgets: { type: 'string', default: 'none,600,3000' },
    sessions: { type: 'string', default: '20,150' },
  },
});

function compactorOf(name: string): Compactor {
  if (name === 'default-block:legacy') return instantiateMethod(defaultBlockMethod, { strategy: 'legacy' });
  const found = builtInCompactors().find((method) => method.name === name);
  if (found === undefined) throw new Error(`--methods: no built-in method named ${name}`);
  return found;
}

const hash = (value: unknown): string => createHash('sha256').update(stableJson(value)).digest('hex');
const list = (text: string): string[] => text.split(',').filter((item) => item !== '');
const budgets = list(values.budgets).map((item) => (item === 'none' ? undefined : Number(item)));
const lines: string[] = [];
const counter = createTokenCounter();
const started = performance.now();

for (const name of list(values.methods)) {
  const compactor = compactorOf(name);
  for (const suiteName of list(values.suites)) {
    const suite = await resolveSuite(suiteName);
    for (const seedGroup of list(values.seeds)) {
      const planned = planCases({
        suite,
        difficulties: [values.difficulty as Difficulty],
        cases: 1,
        seedGroup,
      });
      for (const budgetTokens of budgets) {
        for (const plannedCase of planned) {
          const result = await runCase(plannedCase, {
            compactor,
            target: createLexicalTarget(),
            driftMode: 'incremental',
            cycles: Number(values.cycles),
            ...(budgetTokens === undefined ? {} : { budgetTokens }),
            counter,
            countArtifactTokens: createLineMemoCounter(counter),
          });
          if (result.status !== 'complete') lines.push(`${name} ${plannedCase.key} FAILED ${result.error}`);
          for (const artifact of result.artifacts ?? []) {
            lines.push(
              `${name} ${suiteName} b=${budgetTokens ?? 'none'} ${plannedCase.key} c${artifact.cycle} ${hash(artifact.artifact)}`,
            );
          }
        }
      }
    }
  }
  for (const turns of list(values.sessions).map(Number)) {
    const { messages } = generateAgentSession({ seed: `fingerprint-${turns}`, turns });
    for (const budgetTokens of budgets) {
      const artifact = await compactor.compact(
        { transcript: messages, ...(budgetTokens === undefined ? {} : { budgetTokens }) },
        {},
      );
      lines.push(`${name} session b=${budgetTokens ?? 'none'} turns=${turns} ${hash(artifact)}`);
    }
  }
  process.stderr.write(`${name}: ${lines.length} artifacts, ${Math.round(performance.now() - started)} ms\n`);
}

const text = `${lines.join('\n')}\n`;
process.stderr.write(
  `all: ${lines.length} artifacts, sha256 ${createHash('sha256').update(text).digest('hex')}\n`,
);
if (values.out === undefined) process.stdout.write(text);
else writeFileSync(values.out, text);
