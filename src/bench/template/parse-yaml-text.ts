import { createRequire } from 'node:module';
import type { LineCounter, YAMLError } from 'yaml';
import { ValidationError, type ValidationIssue } from '../../errors.js';

type YamlModule = typeof import('yaml');
let yamlModule: YamlModule | undefined;

/** The yaml package, loaded on the first template read rather than when compactkit is imported. */
function yaml(): YamlModule {
  yamlModule ??= createRequire(import.meta.url)('yaml') as YamlModule;
  return yamlModule;
}

/**
 * Aliases allowed in one file. A real template needs few; a "billion laughs" file needs many, and would
 * otherwise expand to gigabytes.
 */
const MAX_ALIAS_COUNT = 100;

/**
 * Parses one YAML document into plain data. YAML 1.2 core schema (so `yes` and `2024-01-01` stay strings),
 * merge keys (`<<`) allowed as CompactBench's YAML reader allows them. Every syntax error is reported, and so
 * is every warning (an unknown tag such as `!!python/object` is one), because a template half-read is worse
 * than one refused.
 * @throws ValidationError with one issue per problem: `file.yaml:LINE:COL: invalid YAML: reason`.
 */
export function parseYamlText(text: string, source: string): unknown {
  const { LineCounter, parseDocument } = yaml();
  const lineCounter = new LineCounter();
  const document = parseDocument(text, { lineCounter, prettyErrors: false, merge: true, uniqueKeys: true });
  const problems: YAMLError[] = [...document.errors, ...document.warnings];
  if (problems.length > 0) {
    throw new ValidationError(problems.map((problem) => issueAt(problem, source, lineCounter)));
  }
  try {
    return document.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ValidationError([{ where: source, message: `invalid YAML: ${reason}` }], { cause: error });
  }
}

function issueAt(problem: YAMLError, source: string, lineCounter: LineCounter): ValidationIssue {
  const { line, col } = lineCounter.linePos(problem.pos[0]);
  // The library's own wording here points at its API, which is no help to someone editing a template.
  const reason =
    problem.code === 'MULTIPLE_DOCS'
      ? 'a template file holds one YAML document; remove the second one (after `---`)'
      : problem.message;
  return { where: `${source}:${line}:${col}`, message: `invalid YAML: ${reason}` };
}
