import { createHash } from 'node:crypto';

/**
 * A stable hash of a JSON value: object keys are sorted, so two configurations that mean the same hash the
 * same. Runs with the same fingerprint can resume each other and are comparable.
 */
export function runFingerprint(config: unknown): string {
  return createHash('sha256').update(stableJson(config)).digest('hex');
}

/** JSON text with object keys sorted at every depth. */
export function stableJson(value: unknown): string {
  return JSON.stringify(sortKeys(value));
}

function sortKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortKeys);
  if (value === null || typeof value !== 'object') return value;
  const sorted: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort())
    sorted[key] = sortKeys((value as Record<string, unknown>)[key]);
  return sorted;
}
