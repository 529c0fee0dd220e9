import { DOMAIN_NOUNS } from '../lexicon/code-words.js';
import { pascalCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { fieldName, hex, typeName, variableName } from './code-names.js';
import { createOutputBuilder, fillWithin } from './output-builder.js';
import { pickFile } from './pick-file.js';
import { counted, pickLazy } from './source-writer.js';
import type { CommandResult } from './test-run-output.js';
import type { FillerContext } from './tool-run.js';

// Characters per cl100k token of compiler output per language, and of build logs (hashes split finely).
const TYPECHECK_CHARS_PER_TOKEN = { typescript: 3.67, python: 3.82, go: 4.06 } as const;
const BUILD_LOG_CHARS_PER_TOKEN = 2.3;

/** A TypeScript, mypy or Go compiler complaint about one line. */
function typeError(context: FillerContext): string {
  const { prng, workspace } = context;
  const file = pickFile(context, 'primary').path;
  const [line, column] = [prng.int(3, 420), prng.int(1, 60)];
  if (workspace.primary === 'python') {
    return `${file}:${line}: error: ${pickLazy(prng, [
      () => `Incompatible types in assignment (expression has type "str", variable has type "int")`,
      () => `Item "None" of "${typeName(prng)} | None" has no attribute "${fieldName(prng, 'snake')}"`,
      () =>
        `Argument 1 to "${fieldName(prng, 'snake')}" has incompatible type "dict[str, Any]"; expected "${typeName(prng)}"`,
      () => `Missing return statement`,
    ])}  [${prng.pick(['assignment', 'union-attr', 'arg-type', 'return'])}]`;
  }
  if (workspace.primary === 'go') {
    return `./${file}:${line}:${column}: ${pickLazy(prng, [
      () => `undefined: ${pascalCase(fieldName(prng))}`,
      () => `${variableName(prng)} declared and not used`,
      () => `too many arguments in call to ${variableName(prng)}.${pascalCase(fieldName(prng))}`,
      () =>
        `invalid operation: ${variableName(prng)} + ${variableName(prng)} (mismatched types string and int64)`,
    ])}`;
  }
  return `${file}(${line},${column}): error TS${prng.pick([2322, 2339, 2345, 2554, 7006])}: ${pickLazy(prng, [
    () => `Type 'string' is not assignable to type '${typeName(prng)}'.`,
    () => `Object is possibly 'undefined'.`,
    () => `Argument of type 'undefined' is not assignable to parameter of type '${typeName(prng)}'.`,
    () => `Expected ${prng.int(1, 2)} arguments, but got ${prng.int(3, 4)}.`,
    () => `Parameter '${variableName(prng)}' implicitly has an 'any' type.`,
  ])}`;
}

/** One line of a bundler's or image builder's progress log. */
function buildLine(prng: Prng): string {
  const noun = prng.pick(DOMAIN_NOUNS);
  return pickLazy(prng, [
    () =>
      `dist/assets/${noun}-${hex(prng, 8)}.js    ${(prng.int(10, 9000) / 10).toFixed(2)} kB │ gzip: ${(prng.int(5, 3000) / 10).toFixed(2)} kB`,
    () => `#${prng.int(2, 30)} [builder ${prng.int(1, 9)}/9] RUN npm ci --omit=dev`,
    () => `#${prng.int(2, 30)} DONE ${(prng.int(1, 900) / 10).toFixed(1)}s`,
    () => `#${prng.int(2, 30)} [runtime ${prng.int(1, 5)}/5] COPY --from=builder /app/dist ./dist`,
    () =>
      `transforming (${prng.int(10, 2000)}) src/${noun}/${prng.pick(['index', 'client', 'routes', 'store'])}.ts`,
    () => `✓ ${prng.int(100, 3000)} modules transformed.`,
    () =>
      `#${prng.int(2, 30)} sha256:${hex(prng, 64)} ${(prng.int(1, 500) / 10).toFixed(1)}MB / ${(prng.int(500, 900) / 10).toFixed(1)}MB`,
  ]);
}

/** A typecheck with errors (failing) or a production build log (passing), about `targetTokens`. */
export function buildOutput(context: FillerContext, targetTokens: number): CommandResult {
  const { prng, guard, workspace } = context;
  if (prng.chance(0.5)) {
    const builder = createOutputBuilder(guard, TYPECHECK_CHARS_PER_TOKEN[workspace.primary]);
    const command = { typescript: 'npx tsc --noEmit', python: 'mypy app', go: 'go build ./...' }[
      workspace.primary
    ];
    let errors = 0;
    while (builder.tokens < targetTokens - 15) {
      if (builder.addWithin(() => typeError(context), targetTokens - 15, 'type error') === undefined) break;
      errors += 1;
    }
    const closing =
      workspace.primary === 'python'
        ? `Found ${errors} errors in ${Math.max(1, Math.ceil(errors / 3))} files (checked ${prng.int(40, 400)} source files)`
        : workspace.primary === 'typescript'
          ? `Found ${errors} errors in ${Math.max(1, Math.ceil(errors / 3))} files.`
          : '';
    if (closing !== '') builder.addOptional(() => closing);
    return {
      command,
      output: builder.text(),
      outputTokens: builder.tokens,
      isError: true,
      note: `The typecheck reports ${counted(errors, 'error')}.`,
      request: prng.pick([
        'Does it typecheck?',
        'Can you run the type checker?',
        'Any type errors right now?',
      ]),
    };
  }
  const builder = createOutputBuilder(guard, BUILD_LOG_CHARS_PER_TOKEN);
  const command = prng.pick(['npm run build', `docker build -t ${workspace.service} .`, 'make build']);
  fillWithin(builder, () => buildLine(prng), targetTokens - 10, 'build log');
  const seconds = (prng.int(10, 900) / 10).toFixed(1);
  builder.addOptional(() => `built in ${seconds}s`);
  return {
    command,
    output: builder.text(),
    outputTokens: builder.tokens,
    isError: false,
    note: `The build succeeds in ${seconds}s.`,
    request: prng.pick([
      'Does the build go through?',
      'Can you run a production build?',
      'Build it, please.',
    ]),
  };
}
