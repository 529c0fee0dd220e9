import { createOutputBuilder } from './output-builder.js';
import { directoryOf, pickFile } from './pick-file.js';
import { counted, type SourceLanguage } from './source-writer.js';
import type { FillerContext, ToolRun } from './tool-run.js';
import { SOURCE_WRITERS } from './workspace.js';

// Characters per cl100k token of each language, plain and with line numbers, measured on generated files.
const CHARS_PER_TOKEN: Readonly<Record<SourceLanguage, { plain: number; numbered: number }>> = {
  typescript: { plain: 4.46, numbered: 3.87 },
  python: { plain: 4.55, numbered: 3.94 },
  go: { plain: 3.99, numbered: 3.32 },
  sql: { plain: 4.07, numbered: 3.4 },
  workflow: { plain: 3.48, numbered: 3.06 },
  manifest: { plain: 4.13, numbered: 3.47 },
  compose: { plain: 3.57, numbered: 3.18 },
  settings: { plain: 3.3, numbered: 2.96 },
};

// Below this many tokens to go, a file ends with small pieces instead of whole functions.
const SMALL_GAP_TOKENS = 90;

const DEFINITION = /(?:function|def|func \([^)]*\)|class|interface|type|struct) ([A-Za-z_][A-Za-z0-9_]*)/g;

/** The names a source file defines, from its first few kilobytes. */
function definedNames(source: string): string[] {
  return [...source.slice(0, 4000).matchAll(DEFINITION)]
    .map((match) => match[1] as string)
    .filter((name) => !name.startsWith('__'));
}

/** `read_file`: the contents of a workspace file, optionally with line numbers, grown block by block. */
export function readFileTool(context: FillerContext, targetTokens: number): ToolRun {
  const { prng, guard } = context;
  const file = pickFile(context);
  const request = guard.clean(
    () =>
      prng.pick([
        `Can you show me \`${file.path}\`?`,
        `What's in \`${file.path}\`?`,
        `Walk me through \`${file.path}\`.`,
        `How is \`${file.path}\` put together?`,
        `I'd like to see the code in ${directoryOf(file.path)}.`,
      ]),
    'user request',
  );
  // A mistyped path now and then; only in small budgets, where a short error output fits the size.
  if (targetTokens < 80 && prng.chance(0.1)) {
    return {
      name: 'read_file',
      arguments: { path: file.path.replace(/\.(\w+)$/, '.old.$1') },
      output: `ENOENT: no such file or directory, open '/workspace/${file.path.replace(/\.(\w+)$/, '.old.$1')}'`,
      outputTokens: 30,
      isError: true,
      lead: `reading \`${file.path.replace(/\.(\w+)$/, '.old.$1')}\``,
      note: `There is no \`.old\` copy; the current file is \`${file.path}\`.`,
      request,
    };
  }
  const writer = SOURCE_WRITERS[file.language];
  const numbered = prng.chance(0.4) && !guard.hasNumericStart;
  const builder = createOutputBuilder(guard, CHARS_PER_TOKEN[file.language][numbered ? 'numbered' : 'plain']);
  let lineNumber = 1;
  const number = (chunk: string): string => {
    if (!numbered) return chunk;
    let next = lineNumber;
    return chunk
      .split('\n')
      .map((line) => `${String(next++).padStart(6, ' ')}\t${line}`)
      .join('\n');
  };
  const what = `contents of ${file.path}`;
  // Numbers go on after the accepted chunk, so a redrawn chunk reuses the same line numbers.
  lineNumber += builder.add(() => number(writer.header(prng)), what).split('\n').length;
  while (builder.tokens < targetTokens) {
    // Near the end, small pieces fill the gap a whole function would overshoot.
    const draw = targetTokens - builder.tokens < SMALL_GAP_TOKENS ? writer.small : writer.block;
    const block = builder.addWithin(() => number(`\n${draw(prng).replace(/^\n+/, '')}`), targetTokens, what);
    if (block === undefined) break;
    lineNumber += block.split('\n').length;
  }
  const output = builder.text();
  const names = definedNames(output);
  const note = guard.clean(() => {
    const lineCount = counted(lineNumber - 1, 'line');
    if (names.length === 0) {
      const contents = {
        sql: 'SQL',
        typescript: 'imports and constants',
        python: 'imports and constants',
        go: 'declarations',
      }[file.language as string];
      return `\`${file.path}\` is ${lineCount} of ${contents ?? 'configuration'}.`;
    }
    const first = prng.pick(names);
    return prng.pick([
      names.length === 1
        ? `\`${file.path}\` defines one top-level name, \`${first}\`.`
        : `\`${file.path}\` defines ${names.length} top-level names, among them \`${first}\`.`,
      `The file is about ${lineCount}, mostly \`${first}\` and its helpers.`,
      `\`${first}\` in \`${file.path}\` does the work; the rest is types and small helpers.`,
    ]);
  }, 'assistant note');
  return {
    name: 'read_file',
    arguments: { path: file.path },
    output,
    outputTokens: builder.tokens,
    isError: false,
    lead: `reading \`${file.path}\``,
    note,
    request,
  };
}
