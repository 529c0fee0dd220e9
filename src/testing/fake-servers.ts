import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The wire formats the fake servers speak: OpenAI chat completions, Anthropic Messages, and OpenAI's Responses
 * API (`/responses` and its compaction endpoint `/responses/compact`).
 */
export type WireFormat = 'openai' | 'anthropic' | 'openai-responses';

/** One scripted answer. */
export interface ScriptedResponse {
  /** 200 when absent. */
  status?: number;
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Sent as is, e.g. malformed JSON; beats `body`. */
  rawBody?: string;
  /** Wait before answering. */
  delayMs?: number;
  /** Never answer (until the client gives up or the server closes). */
  hang?: boolean;
}

/** A request as the server received it. */
export interface ReceivedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  rawBody: string;
  body: Record<string, unknown>;
  /** When the server got it, from `performance.now()`. */
  receivedAt: number;
  /** True when the client closed the connection before the answer was complete. */
  closedEarly: boolean;
}

/** A scripted chat server on 127.0.0.1 speaking one wire format. */
export interface FakeServer {
  readonly format: WireFormat;
  /** Base URL including `/v1`, as the SDK providers want it. */
  readonly baseURL: string;
  readonly requests: ReceivedRequest[];
  readonly inFlight: number;
  readonly maxInFlight: number;
  /** Answers to give, in order; when none is left the server replies with the text `ok`. */
  enqueue(...responses: ScriptedResponse[]): void;
  /** Replaces the answer used when the queue is empty. */
  setFallback(respond: (request: ReceivedRequest) => ScriptedResponse): void;
  /** Resolves once the predicate holds (polling), rejects after the timeout. */
  waitFor(predicate: () => boolean, timeoutMs?: number): Promise<void>;
  close(): Promise<void>;
}

const PATHS: Record<WireFormat, readonly string[]> = {
  openai: ['/v1/chat/completions'],
  anthropic: ['/v1/messages'],
  'openai-responses': ['/v1/responses', '/v1/responses/compact'],
};

/** Starts a fake server on a random port. */
export async function startFakeServer(format: WireFormat): Promise<FakeServer> {
  const queue: ScriptedResponse[] = [];
  const requests: ReceivedRequest[] = [];
  let fallback = (_request: ReceivedRequest): ScriptedResponse => textReply(format, 'ok');
  let inFlight = 0;
  let maxInFlight = 0;
  const server = createServer((incoming, response) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => {
      const rawBody = Buffer.concat(chunks).toString('utf8');
      const request: ReceivedRequest = {
        method: incoming.method ?? '',
        path: incoming.url ?? '',
        headers: incoming.headers,
        rawBody,
        body: parseBody(rawBody),
        receivedAt: performance.now(),
        closedEarly: false,
      };
      requests.push(request);
      inFlight += 1;
      maxInFlight = Math.max(maxInFlight, inFlight);
      let finished = false;
      const done = () => {
        if (finished) return;
        finished = true;
        inFlight -= 1;
      };
      response.on('close', () => {
        if (!response.writableFinished) request.closedEarly = true;
        done();
      });
      if (request.method !== 'POST' || !PATHS[format].includes(request.path)) {
        send(response, { status: 404, body: { error: { message: `no route ${request.path}` } } });
        return;
      }
      const scripted = queue.shift() ?? fallback(request);
      if (scripted.hang) return;
      setTimeout(() => {
        if (!response.destroyed) send(response, scripted);
      }, scripted.delayMs ?? 0);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    format,
    baseURL: `http://127.0.0.1:${port}/v1`,
    requests,
    get inFlight() {
      return inFlight;
    },
    get maxInFlight() {
      return maxInFlight;
    },
    enqueue: (...responses) => queue.push(...responses),
    setFallback: (respond) => {
      fallback = respond;
    },
    waitFor: async (predicate, timeoutMs = 5000) => {
      const deadline = performance.now() + timeoutMs;
      while (!predicate()) {
        if (performance.now() > deadline) throw new Error('fake server: condition not met in time');
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function parseBody(rawBody: string): Record<string, unknown> {
  try {
    return JSON.parse(rawBody) as Record<string, unknown>;
  } catch {
    return {};
  }
}

function send(response: ServerResponse, scripted: ScriptedResponse): void {
  const text = scripted.rawBody ?? JSON.stringify(scripted.body ?? {});
  response.writeHead(scripted.status ?? 200, { 'content-type': 'application/json', ...scripted.headers });
  response.end(text);
}

/** Token counts a reply reports; absent fields are left out of the wire usage. */
export interface ReplyUsage {
  input?: number;
  output?: number;
}

/** A successful chat reply in the OpenAI chat-completions format. */
export function openAIReply(
  text: string,
  usage: ReplyUsage | null = { input: 11, output: 7 },
  finish = 'stop',
) {
  return {
    body: {
      id: 'chatcmpl-fake',
      object: 'chat.completion',
      created: 1_700_000_000,
      model: 'fake',
      choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: finish }],
      ...(usage === null
        ? {}
        : {
            usage: {
              prompt_tokens: usage.input,
              completion_tokens: usage.output,
              total_tokens: (usage.input ?? 0) + (usage.output ?? 0),
            },
          }),
    },
  } satisfies ScriptedResponse;
}

/** A successful reply in the Anthropic Messages format. */
export function anthropicReply(
  text: string,
  usage: ReplyUsage = { input: 11, output: 7 },
  stop = 'end_turn',
) {
  return {
    body: {
      id: 'msg_fake',
      type: 'message',
      role: 'assistant',
      model: 'fake',
      content: [{ type: 'text', text }],
      stop_reason: stop,
      stop_sequence: null,
      usage: { input_tokens: usage.input, output_tokens: usage.output },
    },
  } satisfies ScriptedResponse;
}

/** A successful reply of the Responses API (`POST /responses`): one assistant message of output text. */
function responsesReply(text: string, usage: ReplyUsage = { input: 11, output: 7 }): ScriptedResponse {
  return {
    body: {
      id: 'resp_fake',
      object: 'response',
      created_at: 1_700_000_000,
      status: 'completed',
      model: 'fake',
      output: [
        {
          id: 'msg_fake',
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', text, annotations: [] }],
        },
      ],
      usage: {
        input_tokens: usage.input,
        output_tokens: usage.output,
        total_tokens: (usage.input ?? 0) + (usage.output ?? 0),
      },
    },
  };
}

/** A text reply in the server's format. */
export function textReply(format: WireFormat, text: string, usage?: ReplyUsage): ScriptedResponse {
  if (format === 'openai-responses') return responsesReply(text, usage);
  return format === 'openai' ? openAIReply(text, usage) : anthropicReply(text, usage);
}

/** An error reply in the server's format. */
export function errorReply(
  format: WireFormat,
  status: number,
  message: string,
  headers?: Record<string, string>,
): ScriptedResponse {
  const body =
    format !== 'anthropic'
      ? { error: { message, type: 'fake_error', code: null } }
      : { type: 'error', error: { type: 'fake_error', message } };
  return { status, body, ...(headers === undefined ? {} : { headers }) };
}
