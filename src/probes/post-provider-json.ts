import { isRetryableStatus, ProviderError } from '../llm/provider-error.js';
import { redactSecrets, sanitizeUrl } from '../llm/redact.js';

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
}

/**
 * POSTs JSON and returns the parsed reply. Every failure is one line naming the caller and the endpoint: the
 * connection (`network`), an error status with the server's own message (`http-status`), or a 2xx body that is
 * not JSON (`invalid-response`). The reply is returned as parsed, unvalidated: callers check what they read.
 */
export async function postProviderJson(request: ProviderJsonRequest): Promise<unknown> {
  const endpoint = `POST ${sanitizeUrl(request.url)}`;
  const fields = { modelId: request.spec, attempts: 1, url: sanitizeUrl(request.url) };
  const response = await fetch(request.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...request.headers },
    body: JSON.stringify(request.body),
    ...(request.signal ? { signal: request.signal } : {}),
  }).catch((error: unknown) => {
    if (request.signal?.aborted) throw error;
    throw new ProviderError(
      `${request.caller}: ${endpoint} failed: ${oneLine(error instanceof Error ? error.message : String(error))}`,
      { ...fields, reason: 'network', isRetryable: true },
      { cause: error },
    );
  });
  const text = await response.text();
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
