import type { z } from 'zod';

type Issue = z.core.$ZodIssue;

/**
 * Replaces zod's one "unrecognized keys" issue per object by one issue per key, at the key's own path
 * (`template.transcript.turns[2].text: unknown key`), so a user sees exactly where each stray key is.
 */
export function splitUnknownKeys(issues: readonly Issue[]): Issue[] {
  return issues.flatMap((issue): Issue[] =>
    issue.code === 'unrecognized_keys'
      ? issue.keys.map((key) => ({
          code: 'custom',
          path: [...issue.path, key],
          message: 'unknown key',
          input: undefined,
        }))
      : [issue],
  );
}
