import { AREA_DIRECTORIES, DOMAIN_NOUNS } from '../lexicon/code-words.js';
import { pascalCase, snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import {
  fieldName,
  functionName,
  logEvent,
  pluralNoun,
  shortLiteral,
  tableName,
  typeName,
  variableName,
} from './code-names.js';
import { indent, lines, type SourceWriter } from './source-writer.js';

const ANNOTATIONS = [
  'str',
  'int',
  'bool',
  'Decimal',
  'datetime',
  'str | None',
  'list[str]',
  'dict[str, int]',
];
const STDLIB = [
  'from __future__ import annotations',
  'import logging',
  'from dataclasses import dataclass, field',
  'from datetime import datetime, timedelta, timezone',
  'from decimal import Decimal',
  'from typing import Iterable, Sequence',
  'import json',
  'from collections import defaultdict',
];

function importLine(prng: Prng): string {
  if (prng.chance(0.5)) return prng.pick(STDLIB);
  const module = `${prng.pick(AREA_DIRECTORIES)}.${snakeCase(prng.pick(DOMAIN_NOUNS))}`;
  return `from app.${module} import ${typeName(prng)}, ${functionName(prng, 'snake')}`;
}

/** One statement of a function body, snake_case throughout. */
function statement(prng: Prng): string {
  const value = variableName(prng, 'snake');
  const other = variableName(prng, 'snake');
  const field = fieldName(prng, 'snake');
  switch (prng.int(0, 11)) {
    case 0:
      return `${value} = session.execute(select(${typeName(prng)}).where(${typeName(prng)}.${field} == ${other})).scalars().all()`;
    case 1:
      return `if not ${value}:\n    return ${prng.pick(['None', '[]', '{}', '0'])}`;
    case 2:
      return `${value} = [row for row in ${other} if row.${field} is not None]`;
    case 3:
      return `logger.${prng.pick(['info', 'debug', 'warning'])}("${logEvent(prng)}: %s", ${other}.${field})`;
    case 4:
      return `${value} = sum(item.${field} for item in ${other})`;
    case 5:
      return `for row in ${other}:\n    ${value}[row.${field}].append(row)`;
    case 6:
      return `if ${other}.${field} > ${prng.int(1, 500)}:\n    raise ValueError(f"${logEvent(prng)}: {${other}.${field}}")`;
    case 7:
      return `${value} = ${functionName(prng, 'snake')}(${other}, ${fieldName(prng, 'snake')}=${other}.${field})`;
    case 8:
      return `${value} = defaultdict(list)`;
    case 9:
      return `${value} = {"${field}": ${other}.${field}, "${fieldName(prng, 'snake')}": "${shortLiteral(prng)}"}`;
    case 10:
      return `cursor.execute("select ${field} from ${tableName(prng)} where id = %s", (${other},))`;
    default:
      return `return ${prng.chance(0.5) ? value : `${functionName(prng, 'snake')}(${value})`}`;
  }
}

function functionBlock(prng: Prng): string {
  const parameter = `${variableName(prng, 'snake')}: ${typeName(prng)}`;
  const docstring = prng.chance(0.5)
    ? `    """${pascalCase(prng.pick(['Return', 'Build', 'Load', 'Group', 'Compute']))} the ${prng.pick(DOMAIN_NOUNS)} ${prng.pick(['totals', 'rows', 'summary', 'records', 'batches'])} for one ${prng.pick(DOMAIN_NOUNS)}."""\n`
    : '';
  const body = indent(lines(prng, prng.int(3, 8), statement), 1, '    ');
  return `\n\ndef ${functionName(prng, 'snake')}(${parameter}, *, ${fieldName(prng, 'snake')}: ${prng.pick(ANNOTATIONS)} = None) -> ${typeName(prng)}:\n${docstring}${body}`;
}

function dataclassBlock(prng: Prng): string {
  const fields = lines(
    prng,
    prng.int(3, 7),
    (stream) => `    ${fieldName(stream, 'snake')}: ${stream.pick(ANNOTATIONS)}`,
  );
  return `\n\n@dataclass(frozen=${prng.chance(0.5) ? 'True' : 'False'})\nclass ${typeName(prng)}:\n${fields}`;
}

function classBlock(prng: Prng): string {
  const methods = lines(prng, prng.int(1, 3), (stream) => {
    const body = indent(lines(stream, stream.int(2, 5), statement), 2, '    ');
    return `\n    def ${functionName(stream, 'snake')}(self, ${variableName(stream, 'snake')}: ${typeName(stream)}) -> None:\n${body}`;
  });
  const client = `${snakeCase(prng.pick(DOMAIN_NOUNS))}_client`;
  return `\n\nclass ${pascalCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(['service', 'repository', 'syncer', 'exporter'])}`)}:\n    def __init__(self, ${client}: ${pascalCase(client)}) -> None:\n        self._${client} = ${client}\n${methods}`;
}

function constantBlock(prng: Prng): string {
  const name = snakeCase(
    `${prng.pick(DOMAIN_NOUNS)} ${prng.pick(['defaults', 'limits', 'columns', 'statuses'])}`,
  ).toUpperCase();
  const entries = lines(
    prng,
    prng.int(2, 5),
    (stream) =>
      `    "${fieldName(stream, 'snake')}": ${stream.chance(0.5) ? stream.int(1, 5000) : `"${pluralNoun(stream)}"`},`,
  );
  return `\n${name} = {\n${entries}\n}`;
}

/** Python modules: imports, dataclasses, functions with type hints, small service classes. */
export const pythonWriter: SourceWriter = {
  header: (prng) => `${lines(prng, prng.int(2, 6), importLine)}\n\nlogger = logging.getLogger(__name__)`,
  block: (prng) =>
    prng.weighted([
      [functionBlock, 5],
      [dataclassBlock, 2],
      [classBlock, 2],
      [constantBlock, 1],
    ] as const)(prng),
  small: (prng) =>
    `${`${prng.pick(DOMAIN_NOUNS)}_${prng.pick(['limit', 'ttl_seconds', 'page_size'])}`.toUpperCase()} = ${prng.int(5, 5000)}`,
  line: (prng) => statement(prng).split('\n')[0] as string,
};
