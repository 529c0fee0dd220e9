import type { z } from 'zod';
import { ValidationError } from '../errors.js';
import { splitUnknownKeys } from '../validation/split-unknown-keys.js';
import { issuesFromZod } from '../validation/zod-issues.js';
import type { CompactionArtifact } from './compaction-artifact.js';
import { compactionArtifactSchema } from './compaction-artifact-schema.js';
import { normalizeArtifactSpelling } from './normalize-artifact-spelling.js';

type Issue = z.core.$ZodIssue;

/**
 * Checks a compaction method's output and returns it as a CompactionArtifact. Reads compactkit's camelCase
 * names and CompactBench's snake_case JSON names (`summary_text`, `structured_state.locked_decisions`, …),
 * field by field; a field given in both spellings, an unknown key, a wrong type or a size over the limits of
 * `artifact-limits.ts` is an issue. Missing fields read as empty. The result shares no objects with `value`.
 * @param where Names the source in issues, e.g. `method naive_summary, case 12`; paths follow it.
 * @throws ValidationError listing every issue, e.g. `artifact.structuredState.lockedDecisions[3]: is 12000
 * characters; the limit is 10000 (MAX_ARTIFACT_ITEM_CHARACTERS)`.
 */
export function parseArtifact(value: unknown, where?: string): CompactionArtifact {
  const normalized = normalizeArtifactSpelling(value);
  const result = compactionArtifactSchema.safeParse(normalized.value, { reportInput: true });
  const zodIssues = [...normalized.issues, ...(result.success ? [] : splitUnknownKeys(result.error.issues))];
  if (result.success && zodIssues.length === 0) return result.data;
  const spelt = zodIssues.map((issue) => withInputNames(issue, normalized.inputNames));
  throw new ValidationError(issuesFromZod(spelt, ['artifact'], where));
}

/** Puts the input's own spelling back into a path, so a snake_case artifact is told about its own keys. */
function withInputNames(issue: Issue, inputNames: ReadonlyMap<string, string>): Issue {
  const path = [...issue.path];
  for (let depth = 1; depth <= Math.min(2, path.length); depth++) {
    const inputName = inputNames.get(issue.path.slice(0, depth).map(String).join('.'));
    if (inputName !== undefined) path[depth - 1] = inputName;
  }
  return { ...issue, path };
}
