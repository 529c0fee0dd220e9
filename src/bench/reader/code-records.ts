// Code as a program writes it: an assignment or comparison, a call, a statement's end, a brace.
const CODE_SYNTAX = /\w\s*(?::=|[!=+]?==?)\s*\S|[\w\]]\([^()]*\)|;\s*$|[{}]/;
// A line that reports what went wrong in a run: an error, an exception, a failed assertion.
const REPORTS_ERROR = /error|exception|fail|panic|traceback|\bassert/i;

/**
 * Whether a line reads as code (`billing_owner = accounts.get(owner_id)`, `UPDATE t SET region = 27;`) and not
 * as a report of what went wrong in a run (`AssertionError: assert total == 20`), which states a fact about
 * the run however it is written.
 */
export function isCodeRecord(text: string): boolean {
  return CODE_SYNTAX.test(text) && !REPORTS_ERROR.test(text);
}

// A file's path or name: "src/jobs/region-limiter.ts", "app/config/incident_limiter.py", "locale-limiter.yaml".
const FILE_PATH =
  /[\w.-]*\/[\w./-]*\.[a-z][a-z0-9]{0,4}\b|\b[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rb|rs|java|kt|swift|c|h|cc|cpp|cs|php|sql|json|ya?ml|toml|ini|cfg|conf|md|txt|csv|xml|html|css|scss|sh|tf|proto|lock|gradle)\b/gi;

// A name in code, its words joined by underscores: `group_region`, `BUDGET_URL`.
const SNAKE_CASE = /\b[A-Za-z][A-Za-z0-9]*(?:_[A-Za-z0-9]+)+\b/g;

/** Whether a text names a file by its path or name, or a thing in code by a name joined with underscores. */
export function namesFile(text: string): boolean {
  FILE_PATH.lastIndex = 0;
  SNAKE_CASE.lastIndex = 0;
  return FILE_PATH.test(text) || SNAKE_CASE.test(text);
}

/**
 * The text with every file path or name blanked out: the words of `src/jobs/region-limiter.ts` name a file,
 * they do not say that a region or a limit is set (a cue word said in prose does).
 */
export function withoutFilePaths(text: string): string {
  return text.replace(FILE_PATH, ' ').replace(SNAKE_CASE, ' ');
}
