import { CompactkitError } from '../errors.js';

/** What kind of failure a `ProviderError` is; retryability follows from it and the status code. */
export type ProviderErrorReason =
  /** The server answered with an error status (`statusCode` is set). */
  | 'http-status'
  /** The connection failed or broke (refused, reset, DNS, socket closed). */
  | 'network'
  /** No answer within the per-request timeout. */
  | 'timeout'
  /** The server answered 2xx with a body that is not the expected JSON. */
  | 'invalid-response'
  /** The reply's body was larger than the reply limit (`maxReplyBytes`); it was not read further. */
  | 'reply-too-large'
  /** No API key was configured for a provider that needs one. */
  | 'missing-key'
  /** The SDK rejected the request before sending it, or failed in a way none of the above covers. */
  | 'request-failed';

/** The structured fields of a `ProviderError`. */
export interface ProviderErrorFields {
  /** The model id (spec) the call was made with; never contains a key. */
  modelId: string;
  reason: ProviderErrorReason;
  /** True when the same request may succeed later: 408, 429, 5xx, network errors, timeouts. */
  isRetryable: boolean;
  /** Requests sent before giving up (0 when none was sent). */
  attempts: number;
  /** HTTP status, when the server answered. */
  statusCode?: number;
  /** The endpoint, without credentials or query string. */
  url?: string;
  /** The start of the response body, with any key removed. */
  responseBody?: string;
  /** How long the server asked to wait (`Retry-After`, `retry-after-ms`), in milliseconds. */
  retryAfterMs?: number;
}

/** HTTP statuses worth retrying: request timeout, rate limit and server errors. */
export function isRetryableStatus(statusCode: number): boolean {
  return statusCode === 408 || statusCode === 429 || statusCode >= 500;
}

/** A call to a model provider failed: HTTP error, network error, timeout, bad response or missing key. */
export class ProviderError extends CompactkitError {
  readonly modelId: string;
  readonly reason: ProviderErrorReason;
  readonly isRetryable: boolean;
  readonly attempts: number;
  readonly statusCode: number | undefined;
  readonly url: string | undefined;
  readonly responseBody: string | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, fields: ProviderErrorFields, options?: { cause?: unknown }) {
    super('provider_error', message, options);
    this.name = 'ProviderError';
    this.modelId = fields.modelId;
    this.reason = fields.reason;
    this.isRetryable = fields.isRetryable;
    this.attempts = fields.attempts;
    this.statusCode = fields.statusCode;
    this.url = fields.url;
    this.responseBody = fields.responseBody;
    this.retryAfterMs = fields.retryAfterMs;
  }

  /** A missing API key is the caller's to set; every other provider failure is not their input. */
  override get isUserError(): boolean {
    return this.reason === 'missing-key';
  }

  /** The structured fields, e.g. to copy into a new error. */
  get fields(): ProviderErrorFields {
    const { modelId, reason, isRetryable, attempts, statusCode, url, responseBody, retryAfterMs } = this;
    return { modelId, reason, isRetryable, attempts, statusCode, url, responseBody, retryAfterMs };
  }

  /** The same error with the number of requests the retry loop made. */
  withAttempts(attempts: number): ProviderError {
    if (attempts === this.attempts) return this;
    const suffix = attempts > 1 ? ` (after ${attempts} attempts)` : '';
    return new ProviderError(this.message + suffix, { ...this.fields, attempts }, { cause: this.cause });
  }
}
