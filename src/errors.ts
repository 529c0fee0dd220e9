/** Stable machine-readable codes for every error compactkit throws on purpose. */
export type CompactkitErrorCode =
  | 'invalid_input'
  | 'invalid_config'
  | 'io_error'
  | 'compaction_failed'
  | 'strategy_failed'
  /**
   * A compaction method could not produce an artifact: it needs a model and got none, its model call failed,
   * or the reply was unusable (empty, cut off, not matching the schema). The case fails; nothing is faked.
   */
  | 'method_failed'
  /** A run stopped by the user (Ctrl-C); what had finished is kept and can be resumed. */
  | 'stopped'
  /** A case ran past its deadline (`caseTimeoutMs`, `--case-timeout`); it is recorded failed and the run goes on. */
  | 'timeout'
  /** A benchmark run ended incomplete or with failed cases; it cannot qualify, and CI should fail (CLI exit 1). */
  | 'run_unclean'
  | StoreErrorCode
  | LlmErrorCode;

/** Codes of the errors of src/llm: calling language models. */
export type LlmErrorCode =
  /** A provider call failed: HTTP error, network error, timeout, bad response or missing key (`ProviderError`). */
  | 'provider_error'
  /** A structured reply was still invalid after the repair retry (`StructuredOutputError`). */
  | 'structured_output_invalid'
  /** Replay-only mode met a request that was never recorded (`ReplayMissError`). */
  | 'replay_miss';

/** Codes of `StoreError` (src/store): what went wrong with the results database. */
export type StoreErrorCode =
  /** The file was written by a newer compactkit (a higher schema version); it is left untouched. */
  | 'store_version_newer'
  /** The file is not a SQLite database at all. */
  | 'store_not_database'
  /** The file is a SQLite database of some other program (tables but no compactkit schema). */
  | 'store_foreign_database'
  /** The file or its directory cannot be opened or created. */
  | 'store_open_failed'
  /** A run with that id already exists. */
  | 'store_run_exists'
  /** No run with that id. */
  | 'store_run_not_found'
  /** A write broke a rule of the schema, e.g. a second verdict for the same item; nothing was written. */
  | 'store_conflict'
  /** Another process held the write lock for longer than the busy timeout. */
  | 'store_busy'
  /** A write to a store opened read-only. */
  | 'store_readonly'
  /** Any other SQLite failure (disk full, I/O error, corruption). */
  | 'store_failed';

/** One problem found while validating input: where it is and what is wrong. */
export interface ValidationIssue {
  /** File, line and field, e.g. `transcript.jsonl:14: messages[3].role`. */
  readonly where: string;
  /** What is wrong, in words a user can act on. */
  readonly message: string;
}

/**
 * Codes that mean the caller's input is at fault (a bad argument, a file that cannot be read, a run id that is
 * not there), not compactkit or a provider: the CLI exits 2 for them.
 */
const USER_ERROR_CODES: ReadonlySet<CompactkitErrorCode> = new Set([
  'invalid_input',
  'invalid_config',
  'io_error',
  'store_run_not_found',
]);

/** Base of every error compactkit throws on purpose; `code` is stable across versions. */
export class CompactkitError extends Error {
  readonly code: CompactkitErrorCode;

  constructor(code: CompactkitErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'CompactkitError';
    this.code = code;
  }

  /** True when the input is at fault (fix the command, file or setting and run again); subclasses refine it. */
  get isUserError(): boolean {
    return USER_ERROR_CODES.has(this.code);
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
