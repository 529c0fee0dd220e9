import { CompactkitError, type StoreErrorCode } from '../errors.js';

/** A failure of the results database: the message names the file and says what to do. */
export class StoreError extends CompactkitError {
  override readonly code: StoreErrorCode;
  /** The database file involved (`:memory:` for an in-memory store). */
  readonly path: string;

  constructor(code: StoreErrorCode, path: string, message: string, options?: { cause?: unknown }) {
    super(code, message, options);
    this.name = 'StoreError';
    this.code = code;
    this.path = path;
  }
}
