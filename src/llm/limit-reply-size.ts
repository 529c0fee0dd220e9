import { ValidationError } from '../errors.js';

/** The largest model reply read by default, in bytes of the HTTP body: 1 MiB, far above any real completion. */
export const DEFAULT_MAX_REPLY_BYTES = 1_048_576;

/** The environment variable that sets the reply limit when no option does. */
export const MAX_REPLY_BYTES_VARIABLE = 'COMPACTKIT_MAX_REPLY_BYTES';

/**
 * A response body grew past the limit; the rest was not read. `toProviderError` turns it into a ProviderError
 * with reason `reply-too-large`, which is not retried: the same request would get the same reply.
 */
export class ReplyTooLargeError extends Error {
  readonly limitBytes: number;

  constructor(limitBytes: number) {
    super(`the reply is over ${limitBytes.toLocaleString('en-US')} bytes`);
    this.name = 'ReplyTooLargeError';
    this.limitBytes = limitBytes;
  }
}

/**
 * The reply limit to use: the option, else `COMPACTKIT_MAX_REPLY_BYTES` (read now, not at import), else
 * `DEFAULT_MAX_REPLY_BYTES`.
 * @throws ValidationError when the variable is not a positive whole number.
 */
export function resolveMaxReplyBytes(option?: number): number {
  if (option !== undefined) return option;
  const text = process.env[MAX_REPLY_BYTES_VARIABLE];
  if (text === undefined || text.trim() === '') return DEFAULT_MAX_REPLY_BYTES;
  const value = Number(text);
  if (!Number.isSafeInteger(value) || value < 1) {
    throw new ValidationError([
      {
        where: MAX_REPLY_BYTES_VARIABLE,
        message: `expected a positive whole number of bytes, got "${text}"`,
      },
    ]);
  }
  return value;
}

/**
 * A `fetch` that stops reading a response body once it passes `maxBytes`: the body errors with
 * `ReplyTooLargeError`, so a runaway or hostile server cannot fill memory or the store. A declared
 * `Content-Length` over the limit fails before any of the body is read.
 */
export function limitReplySize(maxBytes: number, inner: typeof fetch = globalThis.fetch): typeof fetch {
  return async (input, init) => {
    const response = await inner(input, init);
    if (response.body === null) return response;
    const declared = Number(response.headers.get('content-length'));
    let received = 0;
    const counted = new TransformStream<Uint8Array, Uint8Array>({
      start(controller) {
        if (declared > maxBytes) controller.error(new ReplyTooLargeError(maxBytes));
      },
      transform(chunk, controller) {
        received += chunk.byteLength;
        if (received > maxBytes) controller.error(new ReplyTooLargeError(maxBytes));
        else controller.enqueue(chunk);
      },
    });
    const body = response.body.pipeThrough(counted);
    // The source is cancelled when the counted stream errors, which closes the connection.
    return new Response(body, {
      status: response.status,
      statusText: response.statusText,
      headers: response.headers,
    });
  };
}
