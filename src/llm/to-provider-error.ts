import type { APICallError, InvalidResponseDataError } from 'ai';
import { CompactkitError } from '../errors.js';
import { MAX_REPLY_BYTES_VARIABLE, ReplyTooLargeError } from './limit-reply-size.js';
import { parseRetryAfter } from './parse-retry-after.js';
import { isRetryableStatus, ProviderError } from './provider-error.js';
import { redactSecrets, sanitizeUrl } from './redact.js';

/** How much of a response body an error keeps. */
export const RESPONSE_BODY_EXCERPT_LENGTH = 500;

/** Error codes of Node and undici that mean the connection failed or broke, so a retry may succeed. */
const NETWORK_ERROR_CODES = new Set([
  'ECONNRESET',
  'ECONNREFUSED',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EPIPE',
  'EAI_AGAIN',
  'ENETUNREACH',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'UND_ERR_CLOSED',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/** What the mapping needs to know about the call. */
export interface ProviderErrorContext {
  modelId: string;
  /** Values to scrub from anything kept (the API key). */
  secrets: readonly (string | undefined)[];
}

/**
 * Turns whatever the AI SDK or fetch threw into a `ProviderError` whose retryability comes from the status code
 * or the error type, never from message text. compactkit's own errors pass through unchanged.
 */
export function toProviderError(error: unknown, context: ProviderErrorContext): Error {
  if (error instanceof CompactkitError) return error;
  const { modelId, secrets } = context;
  const base = { modelId, attempts: 1 };
  const clean = (text: string) => redactSecrets(text, secrets);
  const tooLarge = findCause(error, ReplyTooLargeError);
  if (tooLarge !== undefined) {
    const statusCode = isSdkError<APICallError>(error, 'AI_APICallError') ? error.statusCode : undefined;
    return new ProviderError(
      `${modelId}: ${tooLarge.message}, the limit for a model reply; raise it with maxReplyBytes (--max-reply-bytes) or ${MAX_REPLY_BYTES_VARIABLE}`,
      { ...base, reason: 'reply-too-large', isRetryable: false, statusCode },
    );
  }
  if (isSdkError<APICallError>(error, 'AI_APICallError')) {
    const url = sanitizeUrl(error.url);
    const responseBody = excerpt(error.responseBody, secrets);
    const statusCode = error.statusCode;
    if (statusCode === undefined) {
      const code = findNetworkCode(error);
      return new ProviderError(
        `${modelId}: cannot reach ${url}${code ? ` (${code})` : ''}`,
        { ...base, reason: code ? 'network' : 'request-failed', isRetryable: code !== undefined, url },
        { cause: error.cause },
      );
    }
    if (statusCode >= 200 && statusCode < 300) {
      return new ProviderError(
        `${modelId}: HTTP ${statusCode} from ${url} with a body that is not the expected JSON`,
        {
          ...base,
          reason: 'invalid-response',
          isRetryable: true,
          statusCode,
          url,
          responseBody,
        },
      );
    }
    const retryAfterMs = parseRetryAfter(error.responseHeaders);
    const detail = clean(error.message).replace(/\s+/g, ' ').slice(0, 200);
    return new ProviderError(`${modelId}: HTTP ${statusCode} from ${url}: ${detail}`, {
      ...base,
      reason: 'http-status',
      isRetryable: isRetryableStatus(statusCode),
      statusCode,
      url,
      responseBody,
      retryAfterMs,
    });
  }
  if (isSdkError<InvalidResponseDataError>(error, 'AI_InvalidResponseDataError')) {
    return new ProviderError(`${modelId}: the response is missing expected data`, {
      ...base,
      reason: 'invalid-response',
      isRetryable: true,
    });
  }
  const code = findNetworkCode(error);
  if (code !== undefined) {
    return new ProviderError(
      `${modelId}: network error (${code})`,
      { ...base, reason: 'network', isRetryable: true },
      {
        cause: error,
      },
    );
  }
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return new ProviderError(
    `${modelId}: request failed: ${clean(message).replace(/\s+/g, ' ').slice(0, 300)}`,
    {
      ...base,
      reason: 'request-failed',
      isRetryable: false,
    },
  );
}

/** The first error of a class along the `cause` chain, the error itself included. */
function findCause<T>(error: unknown, kind: abstract new (...args: never[]) => T): T | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    if (current instanceof kind) return current;
    seen.add(current);
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

/** The first network error code found along the `cause` chain. */
export function findNetworkCode(error: unknown): string | undefined {
  const seen = new Set<unknown>();
  let current: unknown = error;
  while (typeof current === 'object' && current !== null && !seen.has(current)) {
    seen.add(current);
    const code = (current as { code?: unknown }).code;
    if (typeof code === 'string' && NETWORK_ERROR_CODES.has(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function excerpt(body: string | undefined, secrets: readonly (string | undefined)[]): string | undefined {
  if (body === undefined) return undefined;
  const cleaned = redactSecrets(body, secrets);
  return cleaned.length > RESPONSE_BODY_EXCERPT_LENGTH
    ? `${cleaned.slice(0, RESPONSE_BODY_EXCERPT_LENGTH)}…`
    : cleaned;
}

/**
 * The AI SDK's own `isInstance` test (a marker symbol per error name, set by its constructors), without loading
 * the SDK: importing compactkit must not pay for it.
 */
function isSdkError<T>(error: unknown, name: string): error is T {
  const marker = Symbol.for(`vercel.ai.error.${name}`);
  return typeof error === 'object' && error !== null && (error as Record<symbol, unknown>)[marker] === true;
}
