import { AREA_DIRECTORIES, DOMAIN_NOUNS } from '../lexicon/code-words.js';
import { pascalCase, snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { fieldName, functionName, logEvent, tableName, typeName, variableName } from './code-names.js';
import { indent, lines, type SourceWriter } from './source-writer.js';

const GO_TYPES = [
  'string',
  'int64',
  'bool',
  'time.Time',
  '*string',
  '[]string',
  'map[string]int64',
  'decimal.Decimal',
];
const STDLIB = [
  'context',
  'errors',
  'fmt',
  'time',
  'strings',
  'sort',
  'database/sql',
  'log/slog',
  'net/http',
  'sync',
];

/** One statement of a Go function body; errors are wrapped with context, the idiomatic way. */
function statement(prng: Prng): string {
  const value = variableName(prng);
  const other = variableName(prng);
  const field = pascalCase(fieldName(prng));
  switch (prng.int(0, 9)) {
    case 0:
      return `${value}, err := s.${variableName(prng)}.${functionName(prng, 'pascal')}(ctx, ${other}.${field})\nif err != nil {\n\treturn nil, fmt.Errorf("${functionName(prng, 'snake').replaceAll('_', ' ')}: %w", err)\n}`;
    case 1:
      return `if ${other}.${field} == "" {\n\treturn nil, errors.New("${logEvent(prng)}")\n}`;
    case 2:
      return `${value} := make([]${typeName(prng)}, 0, len(${other}))`;
    case 3:
      return `for _, item := range ${other} {\n\t${value} = append(${value}, item.${field})\n}`;
    case 4:
      return `slog.${prng.pick(['Info', 'Debug', 'Warn'])}("${logEvent(prng)}", "${snakeCase(field)}", ${other}.${field})`;
    case 5:
      return `row := s.db.QueryRowContext(ctx, "SELECT ${snakeCase(field)} FROM ${tableName(prng)} WHERE id = $1", ${other})`;
    case 6:
      return `sort.Slice(${value}, func(i, j int) bool { return ${value}[i].${field} < ${value}[j].${field} })`;
    case 7:
      return `${value} := ${other}.${field} * ${prng.int(2, 100)}`;
    case 8:
      return `s.mu.Lock()\ndefer s.mu.Unlock()`;
    default:
      return `return &${typeName(prng)}{${field}: ${value}}, nil`;
  }
}

function functionBlock(prng: Prng): string {
  const receiver = `s *${pascalCase(`${prng.pick(DOMAIN_NOUNS)} service`)}`;
  const body = indent(lines(prng, prng.int(3, 8), statement), 1, '\t');
  return `\nfunc (${receiver}) ${functionName(prng, 'pascal')}(ctx context.Context, ${variableName(prng)} ${typeName(prng)}) (*${typeName(prng)}, error) {\n${body}\n}`;
}

function structBlock(prng: Prng): string {
  const fields = lines(prng, prng.int(3, 7), (stream) => {
    const name = fieldName(stream);
    return `\t${pascalCase(name)} ${stream.pick(GO_TYPES)} \`json:"${snakeCase(name)}"\``;
  });
  return `\ntype ${typeName(prng)} struct {\n${fields}\n}`;
}

function constBlock(prng: Prng): string {
  const entries = lines(
    prng,
    prng.int(2, 5),
    (stream) =>
      `\t${pascalCase(`${stream.pick(DOMAIN_NOUNS)} ${stream.pick(['timeout', 'limit', 'batch', 'window'])}`)} = ${stream.int(1, 120)} * time.Second`,
  );
  return `\nconst (\n${entries}\n)`;
}

/** Go files: package clause, imports, structs with JSON tags, methods that wrap their errors. */
export const goWriter: SourceWriter = {
  header: (prng) => {
    const imports = prng.sampleDistinct(STDLIB, prng.int(2, 5)).map((name) => `\t"${name}"`);
    return `package ${prng.pick(AREA_DIRECTORIES)}\n\nimport (\n${imports.join('\n')}\n)`;
  },
  block: (prng) =>
    prng.weighted([
      [functionBlock, 5],
      [structBlock, 2],
      [constBlock, 1],
    ] as const)(prng),
  small: (prng) =>
    `var err${pascalCase(prng.pick(DOMAIN_NOUNS))}${pascalCase(prng.pick(['missing', 'stale', 'locked', 'closed']))} = errors.New("${logEvent(prng)}")`,
  line: (prng) => statement(prng).split('\n')[0] as string,
};
