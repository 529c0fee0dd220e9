import type { Suite } from '../bench/suites/index.js';
import type { ValidationIssue } from '../errors.js';

/** What reading the suite's template files found without refusing them (invalid UTF-8 with its byte offset). */
export function suiteReadWarnings(suite: Suite): ValidationIssue[] {
  return suite.templates.flatMap((loaded) => loaded.warnings ?? []);
}
