import { parseRetryAfter } from '../llm/parse-retry-after.js';
import { isRetryableStatus, ProviderError } from '../llm/provider-error.js';
import { redactSecrets, sanitizeUrl } from '../llm/redact.js';
import type { ProviderConnectionOptions } from '../llm/resolve-provider-settings.js';
import { sleep } from '../llm/sleep.js';
import { DEFAULT_RETRY, type RetryOptions } from '../llm/wrap-retry.js';

/** How long one request may take: long enough for a compaction pass over a full window, short of a hang. */
const DEFAULT_REQUEST_TIMEOUT_MS = 600_000;

/** How a raw provider call connects, retries and gives up: what `createLanguageModel` offers its models. */
export interface ProviderCallOptions extends ProviderConnectionOptions {
  /** Retries of 429, 5xx, network errors and timeouts; `wrapRetry`'s defaults (4 attempts) when absent. */
  retry?: Omit<RetryOptions, 'random'>;
  /** Per request; 10 minutes when absent. */
  timeoutMs?: number;
}

/** The retry and timeout of `options`, as the fields of a `ProviderJsonRequest`. */
export function callSettings(options: ProviderCallOptions): Pick<ProviderJsonRequest, 'retry' | 'timeoutMs'> {
  return {
    ...(options.retry ? { retry: options.retry } : {}),
    ...(options.timeoutMs !== undefined ? { timeoutMs: options.timeoutMs } : {}),
  };
}

/** One JSON request to a provider endpoint that the AI SDK does not cover (compaction, raw Responses items). */
export interface ProviderJsonRequest {
  /** Who is calling, first in every error message, e.g. `openai-compact`. */
  caller: string;
  /** The model spec, kept on the error. */
  spec: string;
  url: string;
  headers: Record<string, string>;
  body: unknown;
  /** Removed from any response text kept on an error. */
  apiKey?: string | undefined;
  signal?: AbortSignal;
  retry?: ProviderCallOptions['retry'];
  timeoutMs?: number | undefined;
}

/**
 * POSTs JSON and returns the parsed reply, retrying what may succeed later with backoff (and a server's
 * `Retry-After`). Every failure is one line naming the caller and the endpoint: the connection (`network`), no
 * answer in time (`timeout`), an error status with the server's own message (`http-status`), or a 2xx body that
 * is not JSON (`invalid-response`). The reply is returned as parsed, unvalidated: callers check what they read.
 */
export async function postProviderJson(request: ProviderJsonRequest): Promise<unknown> {
  const maxAttempts = Math.max(1, request.retry?.maxAttempts ?? DEFAULT_RETRY.maxAttempts);
  const baseDelayMs = request.retry?.baseDelayMs ?? DEFAULT_RETRY.baseDelayMs;
  const maxDelayMs = request.retry?.maxDelayMs ?? DEFAULT_RETRY.maxDelayMs;
  const wait = request.retry?.wait ?? sleep;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await postOnce(request);
    } catch (error) {
      if (!(error instanceof ProviderError) || request.signal?.aborted) throw error;
      const counted = error.withAttempts(attempt);
      if (!error.isRetryable || attempt >= maxAttempts) throw counted;
      // Jitter spreads the retries of parallel runs; it decides timing only, never a result.
      const delay =
        error.retryAfterMs ?? Math.random() * Math.min(maxDelayMs, baseDelayMs * 2 ** (attempt - 1));
      if (delay > maxDelayMs) throw counted;
      await wait(delay, request.signal);
    }
  }
}

async function postOnce(request: ProviderJsonRequest): Promise<unknown> {
  const endpoint = `POST ${sanitizeUrl(request.url)}`;
  const fields = { modelId: request.spec, attempts: 1, url: sanitizeUrl(request.url) };
  const timeoutMs = request.timeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = request.signal ? AbortSignal.any([request.signal, deadline]) : deadline;
  // The deadline covers the body as well as the headers: a server that stalls mid-reply is a timeout too.
  const transportError = (error: unknown): unknown => {
    if (request.signal?.aborted) return error;
    if (deadline.aborted)
      return new ProviderError(
        `${request.caller}: ${endpoint} gave no answer within ${timeoutMs} ms`,
        { ...fields, reason: 'timeout', isRetryable: true },
        { cause: error },
      );
    return new ProviderError(
      `${request.caller}: ${endpoint} failed: ${oneLine(error instanceof Error ? error.message : String(error))}`,
      { ...fields, reason: 'network', isRetryable: true },
      { cause: error },
    );
  };
  let response: Response;
  let text: string;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...request.headers },
      body: JSON.stringify(request.body),
      signal,
    });
    text = await response.text();
  } catch (error) {
    throw transportError(error);
  }
  // Only what is kept on an error is redacted: the reply itself is data and goes back unchanged.
  const kept = redactSecrets(text.slice(0, 2000), [request.apiKey]);
  if (!response.ok) {
    const said = serverMessage(kept);
    throw new ProviderError(
      `${request.caller}: ${endpoint} answered HTTP ${response.status}${said ? ` (${said})` : ''}`,
      {
        ...fields,
        reason: 'http-status',
        isRetryable: isRetryableStatus(response.status),
        statusCode: response.status,
        responseBody: kept.slice(0, 500),
        ...retryAfter(response.headers),
      },
    );
  }
  try {
    return JSON.parse(text);
  } catch {
    throw new ProviderError(
      `${request.caller}: ${endpoint} answered HTTP ${response.status} with a body that is not JSON: ${JSON.stringify(oneLine(kept).slice(0, 80))}`,
      { ...fields, reason: 'invalid-response', isRetryable: false, responseBody: kept.slice(0, 500) },
    );
  }
}

function retryAfter(headers: Headers): { retryAfterMs?: number } {
  const milliseconds = parseRetryAfter(Object.fromEntries(headers.entries()));
  return milliseconds === undefined ? {} : { retryAfterMs: milliseconds };
}

/** The `error.message` OpenAI and Anthropic put in an error body, else the start of the body. */
function serverMessage(text: string): string {
  let message: unknown;
  try {
    const value: unknown = JSON.parse(text);
    const error = isRecord(value) ? value.error : undefined;
    message = isRecord(error) ? error.message : undefined;
  } catch {
    message = undefined;
  }
  return oneLine(typeof message === 'string' ? message : text).slice(0, 200);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
