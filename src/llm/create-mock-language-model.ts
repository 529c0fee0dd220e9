import { CompactkitError } from '../errors.js';
import { parseStructuredReply } from './parse-structured-reply.js';
import { StructuredOutputError } from './structured-output-error.js';
import type { Completion, CompletionRequest, LanguageModel } from './types.js';

/** One reply of the mock: the text, or a completion whose missing fields take defaults. */
export type MockReply = string | (Partial<Completion> & { text: string });

/** What the mock answers: one reply for every call, one reply per call in order, or a function of the call. */
export type MockReplySource =
  | MockReply
  | readonly MockReply[]
  | ((request: CompletionRequest, callIndex: number) => MockReply | Promise<MockReply>);

/** Options of `createMockLanguageModel`. */
export interface MockLanguageModelOptions {
  reply: MockReplySource;
  /** `mock:model` when absent. */
  id?: string;
}

/** A `LanguageModel` that answers from a script and keeps every request it got. */
export interface MockLanguageModel extends LanguageModel {
  /** The requests received, in order. */
  readonly calls: CompletionRequest[];
}

/**
 * A recording fake model for tests of compactors, evaluators and pipelines: no network, no key. With a schema,
 * the reply text is parsed and validated (an invalid reply throws `StructuredOutputError`) unless the reply
 * gives `object` itself. A function reply may throw to simulate a failure.
 * @example
 * const model = createMockLanguageModel({ reply: ['{"summary":"a"}', '{"summary":"b"}'] });
 * await model.complete({ messages, schema }); // object { summary: 'a' }; model.calls has the request
 */
export function createMockLanguageModel(options: MockLanguageModelOptions): MockLanguageModel {
  const id = options.id ?? 'mock:model';
  const calls: CompletionRequest[] = [];
  return {
    id,
    calls,
    async complete<T = unknown>(request: CompletionRequest<T>): Promise<Completion<T>> {
      const callIndex = calls.length;
      calls.push(request as CompletionRequest);
      request.signal?.throwIfAborted();
      const reply = await pickReply(id, options.reply, request as CompletionRequest, callIndex);
      const completion: Completion<T> =
        typeof reply === 'string'
          ? {
              text: reply,
              usage: { inputTokens: undefined, outputTokens: undefined },
              latencyMs: 0,
              finishReason: 'stop',
            }
          : {
              usage: { inputTokens: undefined, outputTokens: undefined },
              latencyMs: 0,
              finishReason: 'stop',
              ...(reply as Partial<Completion<T>>),
              text: reply.text,
            };
      if (request.schema === undefined || completion.object !== undefined) return completion;
      const parsed = parseStructuredReply(completion.text, request.schema);
      if (!parsed.success) {
        throw new StructuredOutputError({
          modelId: id,
          rawText: completion.text,
          validationMessage: parsed.message,
          attempts: 1,
        });
      }
      return { ...completion, object: parsed.value };
    },
  };
}

async function pickReply(
  id: string,
  source: MockReplySource,
  request: CompletionRequest,
  callIndex: number,
): Promise<MockReply> {
  if (typeof source === 'function') return source(request, callIndex);
  if (!Array.isArray(source)) return source as MockReply;
  const reply = (source as readonly MockReply[])[callIndex];
  if (reply === undefined) {
    throw new CompactkitError(
      'invalid_config',
      `${id}: call ${callIndex + 1} but only ${source.length} replies were scripted; add replies or pass a function`,
    );
  }
  return reply;
}
