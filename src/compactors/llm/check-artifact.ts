import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { parseArtifact } from '../../artifact/parse-artifact.js';
import { CompactkitError, ValidationError } from '../../errors.js';

/**
 * The artifact, checked against the schema and size limits before it leaves the method, so a broken one
 * fails with the method's name on it instead of somewhere downstream.
 * @throws CompactkitError `method_failed` naming the first problem.
 */
export function checkArtifact(method: string, artifact: CompactionArtifact): CompactionArtifact {
  try {
    return parseArtifact(artifact, `method ${method}`);
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    throw new CompactkitError(
      'method_failed',
      `method ${method} produced an invalid artifact: ${error.message}`,
      {
        cause: error,
      },
    );
  }
}
