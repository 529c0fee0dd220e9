import { capitalize } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { functionName } from './code-names.js';
import { createOutputBuilder, type OutputBuilder } from './output-builder.js';
import { baseName, pickFile } from './pick-file.js';
import { counted } from './source-writer.js';
import {
  describedTitle,
  goFailure,
  goTestTitle,
  jestFailure,
  pytestFailure,
  pytestTitle,
} from './test-titles.js';
import type { FillerContext } from './tool-run.js';
import type { PrimaryLanguage } from './workspace.js';

// Characters per cl100k token of each runner's output, measured on generated runs.
const CHARS_PER_TOKEN: Readonly<Record<PrimaryLanguage, number>> = {
  typescript: 4.3,
  python: 4.45,
  go: 3.65,
};
// Tokens kept for the summary at the end, per runner.
const SUMMARY_TOKENS: Readonly<Record<PrimaryLanguage, number>> = { typescript: 35, python: 30, go: 3 };
// Tokens of one test's result line(s), per runner.
const TEST_LINE_TOKENS: Readonly<Record<PrimaryLanguage, number>> = { typescript: 18, python: 24, go: 32 };
// Tokens of one failure's details, per runner; Go prints them inline.
const DETAIL_TOKENS: Readonly<Record<PrimaryLanguage, number>> = { typescript: 50, python: 80, go: 0 };

/** A command's output and what the assistant makes of it. */
export interface CommandResult {
  readonly command: string;
  readonly output: string;
  readonly outputTokens: number;
  readonly isError: boolean;
  readonly note: string;
  readonly request: string;
}

interface Tally {
  files: number;
  passed: number;
  failed: number;
  failures: { file: string; title: string }[];
}

function seconds(prng: Prng, max: number): string {
  return `${(prng.int(5, max * 100) / 100).toFixed(2)}s`;
}

/** One test file's lines; `failRate` is the chance each test fails. */
function fileResults(
  prng: Prng,
  language: PrimaryLanguage,
  path: string,
  failRate: number,
  tally: Tally,
  maxTests: number,
): string {
  const count = prng.int(Math.min(2, maxTests), maxTests);
  const results = Array.from({ length: count }, () => prng.chance(failRate));
  // A failing run shows its failure in the first file, so the summary's count matches the lines above it.
  if (failRate > 0 && tally.failed === 0) results[prng.int(0, count - 1)] = true;
  const failed = results.filter(Boolean).length;
  const lines: string[] = [];
  for (const fails of results) {
    const title =
      language === 'python'
        ? pytestTitle(prng)
        : language === 'go'
          ? goTestTitle(prng)
          : describedTitle(prng);
    if (fails) tally.failures.push({ file: path, title });
    if (language === 'python') lines.push(`${path}::${title} ${fails ? 'FAILED' : 'PASSED'}`);
    else if (language === 'go')
      lines.push(
        `=== RUN   ${title}\n${fails ? `    ${baseName(path)}:${prng.int(12, 400)}: ${goFailure(prng)}\n` : ''}--- ${fails ? 'FAIL' : 'PASS'}: ${title} (0.${String(prng.int(0, 99)).padStart(2, '0')}s)`,
      );
    else lines.push(`   ${fails ? '×' : '✓'} ${title} ${prng.int(1, 240)}ms`);
  }
  tally.files += 1;
  tally.passed += count - failed;
  tally.failed += failed;
  if (language === 'typescript') {
    const mark = failed > 0 ? '❯' : '✓';
    const counts = failed > 0 ? `${count} tests | ${failed} failed` : `${count} tests`;
    return ` ${mark} ${path} (${counts}) ${prng.int(8, 900)}ms\n${lines.join('\n')}`;
  }
  if (language === 'go') {
    const module = `example.com/${path.split('/').slice(0, -1).join('/')}`;
    return `${lines.join('\n')}\n${failed > 0 ? 'FAIL' : 'ok  '}\t${module}\t${seconds(prng, 3)}`;
  }
  return lines.join('\n');
}

function failureDetail(
  prng: Prng,
  language: PrimaryLanguage,
  failure: { file: string; title: string },
): string {
  const line = prng.int(12, 400);
  if (language === 'python') {
    return [
      `${'_'.repeat(20)} ${failure.title} ${'_'.repeat(20)}`,
      '',
      `    def ${failure.title}(${prng.pick(['db_session', 'client', 'clock', 'tenant'])}):`,
      `        result = ${functionName(prng, 'snake')}(${prng.pick(['batch', 'rows', 'payload'])})`,
      `>       assert result.${prng.pick(['total', 'status', 'count'])} == expected`,
      `E       ${pytestFailure(prng)}`,
      '',
      `${failure.file}:${line}: AssertionError`,
    ].join('\n');
  }
  const message = jestFailure(prng);
  const stack = message.startsWith('TypeError')
    ? `\n    at ${functionName(prng)} (src/${failure.file.split('/')[1] ?? 'lib'}/${baseName(failure.file).replace('.test', '')}:${prng.int(10, 300)}:${prng.int(3, 40)})\n    at processTicksAndRejections (node:internal/process/task_queues:95:5)`
    : '';
  return ` FAIL  ${failure.file} > ${failure.title}\n${message}${stack}\n ❯ ${failure.file}:${line}:${prng.int(5, 40)}`;
}

function summary(prng: Prng, language: PrimaryLanguage, tally: Tally): string {
  const duration = seconds(prng, 40);
  if (language === 'python') {
    const failedLines = tally.failures
      .map((failure) => `FAILED ${failure.file}::${failure.title}`)
      .join('\n');
    const counts =
      tally.failed > 0 ? `${tally.failed} failed, ${tally.passed} passed` : `${tally.passed} passed`;
    return `${failedLines === '' ? '' : `${'='.repeat(20)} short test summary info ${'='.repeat(20)}\n${failedLines}\n`}${'='.repeat(20)} ${counts} in ${duration} ${'='.repeat(20)}`;
  }
  if (language === 'go') return tally.failed > 0 ? 'FAIL' : '';
  const failedFiles = new Set(tally.failures.map((failure) => failure.file)).size;
  const files =
    failedFiles > 0 ? `${failedFiles} failed | ${tally.files - failedFiles} passed` : `${tally.files} passed`;
  const tests =
    tally.failed > 0 ? `${tally.failed} failed | ${tally.passed} passed` : `${tally.passed} passed`;
  return ` Test Files  ${files} (${tally.files})\n      Tests  ${tests} (${tally.failed + tally.passed})\n   Duration  ${duration}`;
}

const COMMANDS: Readonly<Record<PrimaryLanguage, (prng: Prng, area: string) => string>> = {
  typescript: (prng, area) =>
    prng.pick([`npx vitest run test/${area}`, `npm test -- ${area}`, 'npx vitest run']),
  python: (prng, area) =>
    prng.pick([`pytest tests/${area} -v`, 'pytest -v', `python -m pytest tests/${area} -v`]),
  go: (prng, area) => prng.pick([`go test -v ./internal/${area}/...`, 'go test -v ./...']),
};

const HEADERS: Readonly<Record<PrimaryLanguage, (prng: Prng) => string>> = {
  typescript: (prng) => `\n RUN  v${prng.int(1, 3)}.${prng.int(0, 6)}.${prng.int(0, 9)} /workspace\n`,
  python: (prng) =>
    `${'='.repeat(20)} test session starts ${'='.repeat(20)}\nplatform linux -- Python 3.${prng.int(10, 12)}.${prng.int(0, 9)}, pytest-8.${prng.int(0, 3)}.${prng.int(0, 4)}\nrootdir: /workspace\nconfigfile: pyproject.toml\ncollected ${prng.int(20, 400)} items\n`,
  go: () => '',
};

/** A test run of the workspace's runner (vitest, pytest or go test), failing now and then, about `targetTokens`. */
export function testRunOutput(context: FillerContext, targetTokens: number): CommandResult {
  const { prng, guard, workspace } = context;
  const language = workspace.primary;
  const area = prng.pick(workspace.areas);
  const command = guard.clean(() => COMMANDS[language](prng, area), 'test command');
  const failing = prng.chance(0.35);
  const tally: Tally = { files: 0, passed: 0, failed: 0, failures: [] };
  const builder: OutputBuilder = createOutputBuilder(guard, CHARS_PER_TOKEN[language]);
  if (language !== 'go') builder.add(() => HEADERS[language](prng), 'test run header');
  // pytest repeats each failure in its short summary; that line has to fit too.
  const listed = (counts: Tally): number => (language === 'python' ? counts.failures.length * 25 : 0);
  // What must fit after the results: the summary and the details of up to three failures.
  const reserve = (counts: Tally): number =>
    SUMMARY_TOKENS[language] + listed(counts) + Math.min(counts.failures.length, 3) * DETAIL_TOKENS[language];
  do {
    // The tally of the drawn chunk counts only once the chunk is in the output.
    let drawn: Tally = tally;
    const draw = (): string => {
      drawn = { ...tally, failures: [...tally.failures] };
      const file = pickFile(context, 'tests').path;
      // Near the end, files with fewer tests fill the gap that a long one would overshoot.
      const room = (targetTokens - reserve(tally) - builder.tokens) / TEST_LINE_TOKENS[language];
      const maxTests = Math.max(1, Math.min(12, Math.floor(room)));
      return fileResults(prng, language, file, failing ? 0.06 : 0, drawn, maxTests);
    };
    const chunk =
      tally.files === 0
        ? builder.add(draw, 'test results')
        : builder.addWithin(draw, targetTokens - reserve(tally), 'test results');
    if (chunk === undefined) break;
    Object.assign(tally, drawn);
  } while (builder.tokens + reserve(tally) < targetTokens);
  // Go prints a failure's log line between its RUN and FAIL lines; the others list details at the end.
  for (const failure of language === 'go' ? [] : tally.failures) {
    const detailTokens = targetTokens - SUMMARY_TOKENS[language] - listed(tally);
    if (builder.tokens >= detailTokens) break;
    if (
      builder.addWithin(() => failureDetail(prng, language, failure), detailTokens, 'test failure') ===
      undefined
    ) {
      break;
    }
  }
  // A passing `go test -v` ends with its last package line; there is no summary to print.
  if (language !== 'go' || tally.failed > 0)
    builder.add(() => summary(prng, language, tally), 'test summary');
  const total = tally.passed + tally.failed;
  const note = guard.clean(
    () =>
      tally.failed > 0
        ? `${tally.failed} of ${total} tests fail; the first is \`${tally.failures[0]?.title ?? ''}\`.`
        : prng.pick([
            total === 1 ? 'The one test passes.' : `All ${total} tests pass.`,
            `The suite is green: ${counted(total, 'test')} across ${counted(tally.files, 'file')}.`,
          ]),
    'assistant note',
  );
  const request = guard.clean(
    () =>
      prng.pick([
        `Run the ${area} tests.`,
        `Do the ${area} tests pass?`,
        'Can you run the test suite?',
        `${capitalize(area)} tests, please.`,
      ]),
    'user request',
  );
  return {
    command,
    output: builder.text(),
    outputTokens: builder.tokens,
    isError: tally.failed > 0,
    note,
    request,
  };
}
