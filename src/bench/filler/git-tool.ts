import { CODE_QUALIFIERS, DOMAIN_NOUNS } from '../lexicon/code-words.js';
import { FIRST_NAMES } from '../lexicon/first-names.js';
import { LAST_NAMES } from '../lexicon/last-names.js';
import { kebabCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { fieldName, functionName, hex, tableName } from './code-names.js';
import { createOutputBuilder, fillWithin, type OutputBuilder } from './output-builder.js';
import { pickFile } from './pick-file.js';
import { counted, pickLazy } from './source-writer.js';
import type { FillerContext, ToolRun } from './tool-run.js';
import { SOURCE_WRITERS } from './workspace.js';

// Characters per cl100k token of git output, measured on generated logs and diffs.
const CHARS_PER_TOKEN = { status: 3.86, log: 2.53, oneline: 3.5, diff: 3.98 } as const;
// Tokens of one diff line, and of the smallest next file (header and a short hunk) worth starting.
const DIFF_LINE_TOKENS = 14;
const NEXT_FILE_TOKENS = 90;
const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** A commit subject in the imperative, as most teams write them. */
function commitSubject(prng: Prng): string {
  const noun = prng.pick(DOMAIN_NOUNS);
  return pickLazy(prng, [
    () => `Fix rounding in ${noun} totals`,
    () => `Add index on ${tableName(prng)}.${kebabCase(fieldName(prng)).replaceAll('-', '_')}`,
    () => `Rename ${functionName(prng)} to ${functionName(prng)}`,
    () => `Extract ${noun} ${prng.pick(CODE_QUALIFIERS)} helper`,
    () =>
      `Bump ${prng.pick(['vitest', 'zod', 'pytest', 'sqlalchemy', 'pgx', 'eslint'])} to ${prng.int(1, 9)}.${prng.int(0, 20)}.${prng.int(0, 9)}`,
    () => `Tidy up ${noun} fixtures`,
    () => `Handle empty ${noun} ${prng.pick(CODE_QUALIFIERS)}`,
    () => `Log ${noun} ${prng.pick(CODE_QUALIFIERS)} on retry`,
    () => `Speed up ${functionName(prng)}`,
    () => `Cover ${noun} edge cases in tests`,
    () => `Move ${noun} types into their own module`,
    () => `Simplify ${functionName(prng)}`,
    () =>
      `Merge pull request #${prng.int(100, 4000)} from ${kebabCase(prng.pick(FIRST_NAMES))}/${kebabCase(`${noun} ${prng.pick(CODE_QUALIFIERS)}`)}`,
  ]);
}

function author(prng: Prng): string {
  const [first, last] = [prng.pick(FIRST_NAMES), prng.pick(LAST_NAMES)];
  return `${first} ${last} <${first.toLowerCase()}.${last.toLowerCase()}@example.com>`;
}

/** `Tue Mar 11 14:22:05 2026 +0100` for a day counted from 2024-01-01 (a Monday). */
function gitDate(prng: Prng, day: number): string {
  let [year, rest] = [2024, day];
  for (let length = 366; rest >= length; length = year % 4 === 0 ? 366 : 365) {
    rest -= length;
    year += 1;
  }
  const months = [31, year % 4 === 0 ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
  let month = 0;
  while (rest >= (months[month] as number)) rest -= months[month++] as number;
  const clock = [prng.int(7, 22), prng.int(0, 59), prng.int(0, 59)].map((part) =>
    String(part).padStart(2, '0'),
  );
  return `${DAYS[day % 7]} ${MONTHS[month]} ${rest + 1} ${clock.join(':')} ${year} +0${prng.int(0, 2)}00`;
}

/** One commit of `git log`; `day` goes back in time from entry to entry. */
function commitEntry(prng: Prng, oneline: boolean, day: number): string {
  if (oneline) return `${hex(prng, 7)} ${commitSubject(prng)}`;
  return `commit ${hex(prng, 40)}\nAuthor: ${author(prng)}\nDate:   ${gitDate(prng, day)}\n\n    ${commitSubject(prng)}\n`;
}

function diffFile(
  context: FillerContext,
  builder: OutputBuilder,
  targetTokens: number,
): { added: number; removed: number } {
  const { prng } = context;
  const file = pickFile(context);
  const writer = SOURCE_WRITERS[file.language];
  let [added, removed] = [0, 0];
  builder.add(
    () =>
      `diff --git a/${file.path} b/${file.path}\nindex ${hex(prng, 7)}..${hex(prng, 7)} 100644\n--- a/${file.path}\n+++ b/${file.path}`,
    'diff header',
  );
  const hunks = prng.int(1, 4);
  for (let index = 0; index < hunks; index++) {
    if (index > 0 && builder.tokens >= targetTokens) break;
    const start = prng.int(1, 400);
    const lines: string[] = [];
    let [hunkAdded, hunkRemoved] = [0, 0];
    const drawHunk = (): string => {
      lines.length = 0;
      [hunkAdded, hunkRemoved] = [0, 0];
      // Near the end of the budget, hunks get shorter instead of overshooting.
      const room = Math.floor((targetTokens - builder.tokens) / DIFF_LINE_TOKENS);
      for (
        let line = prng.int(Math.min(4, Math.max(2, room)), Math.max(2, Math.min(14, room)));
        line > 0;
        line--
      ) {
        const kind = prng.weighted([
          [' ', 3],
          ['-', 1],
          ['+', 1.5],
        ] as const);
        if (kind === '+') hunkAdded += 1;
        if (kind === '-') hunkRemoved += 1;
        lines.push(`${kind}${writer.line(prng)}`);
      }
      const unchanged = lines.length - hunkAdded - hunkRemoved;
      return `@@ -${start},${unchanged + hunkRemoved} +${start},${unchanged + hunkAdded} @@\n${lines.join('\n')}`;
    };
    // A file's first hunk always goes in: a diff header without hunks does not exist.
    const hunk =
      index === 0
        ? builder.add(drawHunk, 'diff hunk')
        : builder.addWithin(drawHunk, targetTokens, 'diff hunk');
    if (hunk === undefined) break;
    added += hunkAdded;
    removed += hunkRemoved;
  }
  return { added, removed };
}

/** `git`: status for small budgets, otherwise a log or a diff grown to about `targetTokens`. */
export function gitTool(context: FillerContext, targetTokens: number): ToolRun {
  const { prng, guard, workspace } = context;
  const subcommand = targetTokens < 250 && prng.chance(0.6) ? 'status' : prng.pick(['log', 'diff'] as const);
  const oneline = subcommand === 'log' && prng.chance(0.4);
  const builder = createOutputBuilder(guard, CHARS_PER_TOKEN[oneline ? 'oneline' : subcommand]);
  if (subcommand === 'status') {
    const branch = guard.clean(
      () =>
        `${prng.pick(['fix', 'feature', 'chore'])}/${kebabCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(CODE_QUALIFIERS)}`)}`,
      'branch name',
    );
    builder.add(
      () =>
        `On branch ${branch}\nYour branch is up to date with 'origin/${branch}'.\n\nChanges not staged for commit:\n  (use "git add <file>..." to update what will be committed)`,
      'git status',
    );
    const modifiedLine = (): string => `\tmodified:   ${pickFile(context).path}`;
    builder.add(modifiedLine, 'git status');
    const modified = 1 + fillWithin(builder, modifiedLine, targetTokens - 20, 'git status');
    builder.addOptional(() => '\nno changes added to commit (use "git add" and/or "git commit -a")');
    return finish(
      builder,
      'status',
      { args: 'status' },
      `${counted(modified, 'file is', 'files are')} modified on \`${branch}\`, nothing staged.`,
      'What does git status say?',
    );
  }
  if (subcommand === 'log') {
    let commits = 0;
    // Newest first: each commit a day or so before the one above it.
    let day = prng.int(400, 1400);
    // Dates only go back, so a date that holds an avoided value is skipped a year at a time, not redrawn.
    for (let skip = 0; skip < 3 && !context.guard.isClean(gitDate(prng, day)); skip++)
      day = Math.max(0, day - 366);
    do {
      const entry =
        commits === 0
          ? builder.add(() => commitEntry(prng, oneline, day), 'git log')
          : builder.addWithin(() => commitEntry(prng, oneline, day), targetTokens, 'git log');
      if (entry === undefined) break;
      commits += 1;
      day = Math.max(0, day - prng.int(0, 2));
      for (let skip = 0; skip < 3 && !context.guard.isClean(gitDate(prng, day)); skip++)
        day = Math.max(0, day - 366);
    } while (builder.tokens < targetTokens);
    const args = `log ${oneline ? '--oneline ' : ''}-n ${commits}`;
    return finish(
      builder,
      'log',
      { args },
      `The last ${counted(commits, 'commit')} are small fixes and refactors; no reverts among them.`,
      'Show me the recent commits.',
    );
  }
  let [files, added, removed] = [0, 0, 0];
  do {
    const counts = diffFile(context, builder, targetTokens);
    [files, added, removed] = [files + 1, added + counts.added, removed + counts.removed];
    // Another file costs a header and a hunk, some 60 tokens; stop when that would overshoot.
  } while (builder.tokens < targetTokens - NEXT_FILE_TOKENS);
  const args = prng.chance(0.5) ? 'diff' : `diff ${prng.pick(['HEAD~1', 'origin/main...HEAD', '--cached'])}`;
  const where = workspace.areas[0] ?? 'src';
  return finish(
    builder,
    'diff',
    { args },
    `The diff touches ${counted(files, 'file')}: +${added} / -${removed} lines, mostly around ${where}.`,
    'What changed on this branch?',
  );
}

function finish(
  builder: OutputBuilder,
  subcommand: string,
  args: { args: string },
  note: string,
  request: string,
): ToolRun {
  return {
    name: 'git',
    arguments: args,
    output: builder.text(),
    outputTokens: builder.tokens,
    isError: false,
    lead: `checking \`git ${subcommand}\``,
    note,
    request,
  };
}
