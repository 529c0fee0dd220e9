import { AREA_DIRECTORIES, DOMAIN_NOUNS } from '../lexicon/code-words.js';
import { camelCase, kebabCase, pascalCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import {
  fieldName,
  functionName,
  logEvent,
  pluralNoun,
  shortLiteral,
  typeName,
  variableName,
} from './code-names.js';
import { indent, lines, type SourceWriter } from './source-writer.js';

const FIELD_TYPES = [
  'string',
  'number',
  'boolean',
  'Date',
  'string | null',
  'number | undefined',
  'readonly string[]',
];
const PACKAGES = [
  'zod',
  'pino',
  'undici',
  'p-limit',
  'date-fns',
  'drizzle-orm',
  'ioredis',
  'node:crypto',
  'node:path',
];

function importLine(prng: Prng): string {
  if (prng.chance(0.35)) {
    const source = prng.pick(PACKAGES);
    const name = source.startsWith('node:') ? camelCase(source.slice(5)) : camelCase(source);
    return `import ${prng.chance(0.5) ? `{ ${name} }` : name} from '${source}';`;
  }
  const names = [typeName(prng), typeName(prng)].join(', ');
  const typeOnly = prng.chance(0.5) ? 'type ' : '';
  return `import ${typeOnly}{ ${names} } from '../${prng.pick(AREA_DIRECTORIES)}/${kebabCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(['types', 'client', 'store', 'schema', 'helpers'])}`)}.js';`;
}

/** One statement inside a function body. */
function statement(prng: Prng): string {
  const value = variableName(prng);
  const other = variableName(prng);
  const field = fieldName(prng);
  switch (prng.int(0, 13)) {
    case 0:
      return `const ${value} = await ${camelCase(`${prng.pick(DOMAIN_NOUNS)} store`)}.${functionName(prng)}(${other}.${field});`;
    case 1:
      return `if (!${value}) return undefined;`;
    case 2:
      return `const ${value} = ${other}.filter((item) => item.${field} !== undefined);`;
    case 3:
      return `${value}.push({ ${field}: ${other}.${field}, ${fieldName(prng)}: ${functionName(prng)}(${other}) });`;
    case 4:
      return `logger.${prng.pick(['info', 'debug', 'warn'])}({ ${field}: ${other}.${field} }, '${logEvent(prng)}');`;
    case 5:
      return `const ${value} = new Map<string, ${typeName(prng)}>();`;
    case 6:
      return `for (const item of ${other}) {\n  ${value}.set(item.${field}, ${functionName(prng)}(item));\n}`;
    case 7:
      return `if (${other}.${field} > ${prng.int(1, 500)}) {\n  throw new ${prng.pick(['RangeError', 'TypeError', 'Error'])}(\`${logEvent(prng)}: \${${other}.${field}}\`);\n}`;
    case 8:
      return `const ${value} = ${other}.reduce((sum, item) => sum + item.${field}, 0);`;
    case 9:
      return `const { ${field}, ${fieldName(prng)} } = ${other};`;
    case 10:
      return `await ${camelCase(`${prng.pick(DOMAIN_NOUNS)} queue`)}.enqueue('${shortLiteral(prng)}', { ${field} });`;
    case 11:
      return `const ${value} = ${other}.${field} ?? ${prng.pick(['0', "''", '[]', 'null', 'DEFAULT_LIMIT'])};`;
    case 12:
      return `${value}.${field} = ${functionName(prng)}(${other}, { now: clock.now() });`;
    default:
      return `return ${prng.chance(0.5) ? `{ ${field}, ${fieldName(prng)}: ${value} }` : `${functionName(prng)}(${value})`};`;
  }
}

function interfaceBlock(prng: Prng): string {
  const fields = lines(prng, prng.int(3, 8), (stream) => {
    const optional = stream.chance(0.25) ? '?' : '';
    return `  ${stream.chance(0.3) ? 'readonly ' : ''}${fieldName(stream)}${optional}: ${stream.pick(FIELD_TYPES)};`;
  });
  return `export interface ${typeName(prng)} {\n${fields}\n}`;
}

function functionBlock(prng: Prng): string {
  const isAsync = prng.chance(0.6);
  const returns = isAsync ? `Promise<${typeName(prng)}>` : typeName(prng);
  const parameter = `${variableName(prng)}: ${typeName(prng)}`;
  const extra = prng.chance(0.5) ? `, options: ${typeName(prng)} = {}` : '';
  const body = indent(lines(prng, prng.int(3, 9), statement));
  const exported = prng.chance(0.7) ? 'export ' : '';
  return `${exported}${isAsync ? 'async ' : ''}function ${functionName(prng)}(${parameter}${extra}): ${returns} {\n${body}\n}`;
}

function classBlock(prng: Prng): string {
  const noun = prng.pick(DOMAIN_NOUNS);
  const methods = lines(prng, prng.int(1, 3), (stream) => {
    const body = indent(lines(stream, stream.int(2, 5), statement), 2);
    return `\n  async ${functionName(stream)}(${variableName(stream)}: ${typeName(stream)}): Promise<void> {\n${body}\n  }`;
  });
  const dependency = `private readonly ${camelCase(`${prng.pick(DOMAIN_NOUNS)} client`)}: ${pascalCase(`${prng.pick(DOMAIN_NOUNS)} client`)}`;
  return `export class ${pascalCase(`${noun} ${prng.pick(['service', 'repository', 'poller', 'exporter', 'worker'])}`)} {\n  constructor(${dependency}) {}\n${methods}\n}`;
}

function constantBlock(prng: Prng): string {
  const name =
    `${prng.pick(DOMAIN_NOUNS)}_${prng.pick(['defaults', 'limits', 'retry', 'columns', 'options'])}`.toUpperCase();
  const entries = lines(
    prng,
    prng.int(2, 6),
    (stream) =>
      `  ${fieldName(stream)}: ${stream.chance(0.5) ? stream.int(1, 10_000) : `'${shortLiteral(stream)}'`},`,
  );
  return `export const ${name} = {\n${entries}\n} as const;`;
}

function typeBlock(prng: Prng): string {
  const members = [shortLiteral(prng), shortLiteral(prng), pluralNoun(prng)].map((member) => `'${member}'`);
  return `export type ${typeName(prng)} = ${[...new Set(members)].join(' | ')};`;
}

/** TypeScript modules: imports, interfaces, functions, classes and constant tables. */
export const typescriptWriter: SourceWriter = {
  header: (prng) => lines(prng, prng.int(2, 6), importLine),
  block: (prng) =>
    `\n${prng.weighted([
      [functionBlock, 5],
      [interfaceBlock, 2],
      [classBlock, 2],
      [constantBlock, 1],
      [typeBlock, 1],
    ] as const)(prng)}`,
  small: (prng) =>
    prng.chance(0.5)
      ? `export const ${`${prng.pick(DOMAIN_NOUNS)}_${prng.pick(['limit', 'ttl_ms', 'page_size'])}`.toUpperCase()} = ${prng.int(5, 5000)};`
      : typeBlock(prng),
  line: (prng) => statement(prng).split('\n')[0] as string,
};
