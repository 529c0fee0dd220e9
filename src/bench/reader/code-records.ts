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
