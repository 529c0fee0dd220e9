import { pascalCase, snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { fieldName, functionName, logEvent, typeName, variableName } from './code-names.js';
import { createOutputBuilder } from './output-builder.js';
import { pickFile } from './pick-file.js';
import { counted, pickLazy } from './source-writer.js';
import type { FillerContext, ToolRun } from './tool-run.js';

// Characters per cl100k token of grep-style results, measured on generated output.
const CHARS_PER_TOKEN = 4.0;

/** A line of code that mentions `pattern`, in the spelling of the file's language. */
function matchingLine(prng: Prng, pattern: string, language: 'camel' | 'snake' | 'pascal'): string {
  const value = language === 'snake' ? variableName(prng, 'snake') : variableName(prng);
  const call =
    language === 'snake'
      ? functionName(prng, 'snake')
      : functionName(prng, language === 'pascal' ? 'pascal' : 'camel');
  if (language === 'snake') {
    return pickLazy(prng, [
      () => `    ${value}.${pattern} = ${call}(${variableName(prng, 'snake')})`,
      () => `        "${pattern}": row.${pattern},`,
      () => `    if ${value}.${pattern} is None:`,
      () => `    ${pattern}: ${prng.pick(['str', 'int', 'Decimal', 'datetime | None'])}`,
      () => `        .where(${typeName(prng)}.${pattern} == ${value})`,
      () => `    logger.info("${logEvent(prng)}", extra={"${pattern}": ${value}.${pattern}})`,
    ]);
  }
  if (language === 'pascal') {
    return pickLazy(prng, [
      () => `\t${value}.${pattern} = ${call}(ctx, ${variableName(prng)})`,
      () => `\t${pattern} ${prng.pick(['string', 'int64', 'time.Time'])} \`json:"${snakeCase(pattern)}"\``,
      () => `\tif ${value}.${pattern} == "" {`,
      () => `\t\t${pattern}: ${value}.${pattern},`,
    ]);
  }
  return pickLazy(prng, [
    () => `  ${value}.${pattern} = ${call}(${variableName(prng)});`,
    () => `    ${pattern}: ${value}.${pattern},`,
    () => `  if (${value}.${pattern} === undefined) return;`,
    () => `  readonly ${pattern}: ${prng.pick(['string', 'number', 'Date', 'string | null'])};`,
    () => `  const { ${pattern}, ${fieldName(prng)} } = ${value};`,
    () => `    expect(${value}.${pattern}).toBe(${prng.int(0, 900)});`,
  ]);
}

/** `search`: grep-style `path:line:text` hits for a field across the workspace. */
export function searchTool(context: FillerContext, targetTokens: number): ToolRun {
  const { prng, guard, workspace } = context;
  const spelling = workspace.primary === 'python' ? 'snake' : workspace.primary === 'go' ? 'pascal' : 'camel';
  const field = fieldName(prng);
  const pattern = guard.clean(() => {
    const base = prng.chance(0.7) ? field : fieldName(prng);
    return spelling === 'snake' ? snakeCase(base) : spelling === 'pascal' ? pascalCase(base) : base;
  }, 'search pattern');
  const root = prng.pick([
    ...workspace.areas.map((area) =>
      spelling === 'camel' ? `src/${area}` : spelling === 'snake' ? `app/${area}` : `internal/${area}`,
    ),
    '.',
  ]);
  const builder = createOutputBuilder(guard, CHARS_PER_TOKEN);
  const files = new Set<string>();
  let hits = 0;
  do {
    const file = pickFile(context, 'primary').path;
    const draw = (): string => `${file}:${prng.int(1, 480)}:${matchingLine(prng, pattern, spelling)}`;
    const hit =
      hits === 0
        ? builder.add(draw, 'search results')
        : builder.addWithin(draw, targetTokens, 'search results');
    if (hit === undefined) break;
    files.add(file);
    hits += 1;
  } while (builder.tokens < targetTokens);
  return {
    name: 'search',
    arguments: { pattern, path: root },
    output: builder.text(),
    outputTokens: builder.tokens,
    isError: false,
    lead: `searching for \`${pattern}\``,
    note: `\`${pattern}\` turns up ${counted(hits, 'time')} in ${counted(files.size, 'file')}.`,
    request: prng.pick([
      `Where is \`${pattern}\` used?`,
      `Find every use of ${pattern}.`,
      `Which files touch \`${pattern}\`?`,
    ]),
  };
}
