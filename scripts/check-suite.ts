/**
 * Checks the templates of a suite (a shipped name, a folder tree or one template file) the way a template
 * author needs: each template is generated at
 * every difficulty for a few slots, run through the `oracle` and `null` controls with the lexical reader and
 * scored, and every oracle item that fails is printed with the reader's answer and the verdict.
 *
 *   npx tsx scripts/check-suite.ts suites/elite [--family NAME] [--template KEY] [--slots 3] [--difficulty easy,hard]
 */
import { parseArgs } from 'node:util';
import { createLexicalTarget } from '../src/bench/reader/index.js';
import { planCases } from '../src/bench/runner/plan-cases.js';
import { runCase } from '../src/bench/runner/run-case.js';
import { resolveSuite, suiteDifficultyWarnings } from '../src/bench/suites/index.js';
import { DIFFICULTIES, type Difficulty } from '../src/bench/template/index.js';
import { nullCompactor } from '../src/compactors/methods/null-compactor.js';
import { oracleCompactor } from '../src/compactors/methods/oracle-compactor.js';
import type { Compactor } from '../src/compactors/types.js';
import { ValidationError } from '../src/errors.js';
import { createLineMemoCounter, createTokenCounter } from '../src/tokens/index.js';

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    family: { type: 'string' },
    template: { type: 'string' },
    slots: { type: 'string', default: '3' },
    difficulty: { type: 'string', default: DIFFICULTIES.join(',') },
    cycles: { type: 'string', default: '2' },
  },
});
const directory = positionals[0] ?? 'suites/elite';
const suite = await resolveSuite(directory).catch((error: unknown) => {
  if (error instanceof ValidationError) {
    for (const issue of error.issues) console.log(`ERROR ${issue.where}: ${issue.message}`);
    process.exit(1);
  }
  throw error;
});
const difficulties = values.difficulty.split(',') as Difficulty[];
for (const warning of suiteDifficultyWarnings(suite, {
  difficulties,
  ...(values.family ? { families: values.family.split(',') } : {}),
  ...(values.template ? { templates: values.template.split(',') } : {}),
})) {
  console.log(`WARN ${warning.where}: ${warning.message}`);
}
const planned = planCases({
  suite,
  ...(values.family ? { families: values.family.split(',') } : {}),
  ...(values.template ? { templates: values.template.split(',') } : {}),
  difficulties,
  cases: Number(values.slots),
  seedGroup: 'check',
});
const counter = createTokenCounter();
const countArtifactTokens = createLineMemoCounter();
const target = createLexicalTarget();

interface Tally {
  items: number;
  passed: number;
  violations: number;
  failedCases: number;
}
const totals = new Map<string, { oracle: Tally; null: Tally; tokens: number[] }>();
let problems = 0;

async function score(compactor: Compactor, entry: (typeof planned)[number], tally: Tally, show: boolean) {
  const record = await runCase(entry, {
    compactor,
    target,
    driftMode: 'incremental',
    cycles: Number(values.cycles),
    counter,
    countArtifactTokens,
  });
  if (record.status === 'failed') {
    tally.failedCases++;
    problems++;
    console.log(`ERROR ${entry.key} (${compactor.name}): ${record.error?.message}`);
    return record;
  }
  for (const verdict of record.verdicts ?? []) {
    tally.items++;
    tally.passed += verdict.score;
    if (verdict.violation) tally.violations++;
    if (show && (verdict.score === 0 || verdict.violation)) {
      const response = record.itemResponses?.find(
        (row) => row.cycle === verdict.cycle && row.itemKey === verdict.itemKey,
      );
      console.log(
        `  oracle FAIL ${entry.key} cycle ${verdict.cycle} item ${verdict.itemKey}: ${verdict.reason}\n    answer: ${(response?.response ?? '').slice(0, 300).replaceAll('\n', ' | ')}`,
      );
    }
  }
  return record;
}

for (const entry of planned) {
  const key = `${entry.template.key} ${entry.request.difficulty}`;
  let total = totals.get(key);
  if (total === undefined) {
    total = {
      oracle: { items: 0, passed: 0, violations: 0, failedCases: 0 },
      null: { items: 0, passed: 0, violations: 0, failedCases: 0 },
      tokens: [],
    };
    totals.set(key, total);
  }
  const record = await score(oracleCompactor, entry, total.oracle, true);
  const data = record.data as { transcriptTokens?: number } | undefined;
  if (data?.transcriptTokens !== undefined) total.tokens.push(data.transcriptTokens);
  await score(nullCompactor, entry, total.null, false);
}

console.log('\ntemplate difficulty            tokens   oracle pass  viol   null pass  viol');
for (const [key, total] of totals) {
  const rate = (tally: Tally) => (tally.items === 0 ? 'n/a' : (tally.passed / tally.items).toFixed(2));
  const tokens =
    total.tokens.length === 0 ? 0 : Math.round(total.tokens.reduce((a, b) => a + b, 0) / total.tokens.length);
  const flag =
    total.oracle.items > 0 &&
    (total.oracle.passed / total.oracle.items < 0.9 ||
      total.oracle.violations > 0 ||
      total.null.passed / total.null.items > 0.3)
      ? '  <-- check'
      : '';
  if (flag !== '') problems++;
  console.log(
    `${key.padEnd(30)} ${String(tokens).padStart(7)}   ${rate(total.oracle).padStart(6)}  ${String(total.oracle.violations).padStart(6)}   ${rate(total.null).padStart(6)}  ${String(total.null.violations).padStart(4)}${flag}`,
  );
}
const overall = (pick: (total: { oracle: Tally; null: Tally }) => Tally) => {
  const sum = { items: 0, passed: 0, violations: 0 };
  for (const total of totals.values()) {
    const tally = pick(total);
    sum.items += tally.items;
    sum.passed += tally.passed;
    sum.violations += tally.violations;
  }
  const share = (part: number) => (sum.items === 0 ? 'n/a' : (part / sum.items).toFixed(3));
  return `items passed ${share(sum.passed)}, contradictions ${share(sum.violations)} of ${sum.items} items`;
};
console.log(`\noverall: oracle ${overall((total) => total.oracle)}; null ${overall((total) => total.null)}`);
console.log(problems === 0 ? '\nall templates pass the checks' : `\n${problems} problem(s)`);
process.exitCode = problems === 0 ? 0 : 1;
