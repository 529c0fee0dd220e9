/** Stable machine-readable codes for every error compactkit throws on purpose. */
export type CompactkitErrorCode =
  | 'invalid_input'
  | 'invalid_config'
  | 'io_error'
  | 'compaction_failed'
  | 'strategy_failed';

/** One problem found while validating input: where it is and what is wrong. */
export interface ValidationIssue {
  /** File, line and field, e.g. `transcript.jsonl:14: messages[3].role`. */
  readonly where: string;
  /** What is wrong, in words a user can act on. */
  readonly message: string;
}

/** Base of every error compactkit throws on purpose; `code` is stable across versions. */
export class CompactkitError extends Error {
  readonly code: CompactkitErrorCode;

  constructor(code: CompactkitErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CompactkitError';
    this.code = code;
  }
}

/** Bad input: a transcript, config or argument that does not fit the schema. Lists every issue found. */
export class ValidationError extends CompactkitError {
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], options?: { cause?: unknown }) {
    const first = issues[0];
    const head = first ? `${first.where}: ${first.message}` : 'invalid input';
    const more =
      issues.length > 1 ? ` (and ${issues.length - 1} more problem${issues.length > 2 ? 's' : ''})` : '';
    super('invalid_input', head + more, options);
    this.name = 'ValidationError';
    this.issues = issues;
  }
}

/** A compaction strategy threw or returned something unusable. */
export class CompactionError extends CompactkitError {
  constructor(message: string, options?: { cause?: unknown }) {
    super('compaction_failed', message, options);
    this.name = 'CompactionError';
  }
}
