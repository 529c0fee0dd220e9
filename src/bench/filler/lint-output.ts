import { pascalCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { fieldName, variableName } from './code-names.js';
import { createOutputBuilder } from './output-builder.js';
import { pickFile } from './pick-file.js';
import { counted, pickLazy } from './source-writer.js';
import type { CommandResult } from './test-run-output.js';
import type { FillerContext } from './tool-run.js';
import type { PrimaryLanguage } from './workspace.js';

// Characters per cl100k token of each linter's report, measured on generated reports.
const CHARS_PER_TOKEN: Readonly<Record<PrimaryLanguage, number>> = {
  typescript: 3.78,
  python: 3.34,
  go: 4.0,
};

/** Diagnostics per linter: the message and the check's id, in each tool's own wording. */
const DIAGNOSTICS: Readonly<Record<PrimaryLanguage, (prng: Prng) => string>> = {
  typescript: (prng) =>
    pickLazy(prng, [
      () => `Unexpected any. Specify a different type.  @typescript-eslint/no-explicit-any`,
      () => `Missing return type on function.  @typescript-eslint/explicit-function-return-type`,
      () => `Unexpected console statement.  no-console`,
      () => `'${variableName(prng)}' is assigned a value but unused.  @typescript-eslint/no-unused-vars`,
      () =>
        `Promises returned from '${variableName(prng)}' are unhandled.  @typescript-eslint/no-floating-promises`,
      () => `Expected '===' and saw '=='.  eqeqeq`,
      () =>
        `Import "${variableName(prng)}" is only used as a type.  @typescript-eslint/consistent-type-imports`,
    ]),
  python: (prng) =>
    pickLazy(prng, [
      () => `F401 [*] \`${fieldName(prng, 'snake')}\` imported but unused`,
      () => `E501 Line too long (${prng.int(101, 140)} > 100)`,
      () => `F841 Local variable \`${variableName(prng, 'snake')}\` is assigned to but unused`,
      () => `UP006 [*] Use \`list\` in place of \`List\` for type annotation`,
      () => `SIM108 Use ternary operator in place of \`if\`-\`else\`-block`,
      () => `I001 [*] Import block is un-sorted or un-formatted`,
    ]),
  go: (prng) =>
    pickLazy(prng, [
      () => `Error return value of \`${variableName(prng)}.Close\` is unchecked (errcheck)`,
      () => `ineffectual assignment to ${variableName(prng)} (ineffassign)`,
      () => `exported function ${pascalCase(fieldName(prng))} should have comment or be unexported (revive)`,
      () => `S1023: redundant \`return\` statement (gosimple)`,
      () => `func \`${variableName(prng)}\` is unused (unused)`,
    ]),
};

const COMMANDS: Readonly<Record<PrimaryLanguage, string>> = {
  typescript: 'npx eslint src',
  python: 'ruff check app tests',
  go: 'golangci-lint run ./...',
};

/** A linter report for the workspace's language, grouped by file the way each tool prints it. */
export function lintOutput(context: FillerContext, targetTokens: number): CommandResult {
  const { prng, guard, workspace } = context;
  const language = workspace.primary;
  const builder = createOutputBuilder(guard, CHARS_PER_TOKEN[language]);
  let problems = 0;
  const files = new Set<string>();
  while (builder.tokens < targetTokens - 12) {
    const file = pickFile(context, 'primary').path;
    const count = prng.int(1, 5);
    const chunk = builder.addWithin(
      () => {
        const entries: string[] = [];
        for (let index = 0; index < count; index++) {
          const [line, column] = [prng.int(1, 400), prng.int(1, 60)];
          if (language === 'typescript')
            entries.push(
              `  ${line}:${column}  ${prng.pick(['error', 'warning'])}  ${DIAGNOSTICS.typescript(prng)}`,
            );
          else entries.push(`${file}:${line}:${column}: ${DIAGNOSTICS[language](prng)}`);
        }
        return language === 'typescript' ? `\n/workspace/${file}\n${entries.join('\n')}` : entries.join('\n');
      },
      targetTokens - 12,
      'lint report',
    );
    if (chunk === undefined) break;
    problems += count;
    files.add(file);
  }
  const closing =
    language === 'typescript'
      ? `\n✖ ${problems} problems`
      : language === 'python'
        ? `Found ${problems} errors.`
        : `${problems} issues.`;
  builder.addOptional(() => closing);
  return {
    command: COMMANDS[language],
    output: builder.text(),
    outputTokens: builder.tokens,
    isError: true,
    note: `The linter reports ${counted(problems, 'problem')} in ${counted(files.size, 'file')}.`,
    request: prng.pick(['Can you run the linter?', 'How does lint look?', 'Run lint over the tree.']),
  };
}
