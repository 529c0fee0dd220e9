import type { OutputInterface, LanguageModel as SdkLanguageModel } from 'ai';
import { toModelMessages } from '../messages/index.js';
import type { Message } from '../messages/types.js';
import { type ProviderErrorContext, toProviderError } from './to-provider-error.js';
import type { FinishReason, Usage } from './types.js';

/** One HTTP request's worth of input. */
export interface StepInput {
  model: SdkLanguageModel;
  system?: string;
  messages: Message[];
  maxTokens?: number;
  temperature?: number;
  signal?: AbortSignal;
  output?: OutputInterface<string, string, never>;
}

/** What one request returned. */
export interface Step {
  text: string;
  usage: Usage;
  finishReason: FinishReason;
  latencyMs: number;
}

const FINISH_REASONS: ReadonlySet<string> = new Set([
  'stop',
  'length',
  'content-filter',
  'tool-calls',
  'error',
  'other',
]);

/**
 * Sends one request through the AI SDK with its retries off (compactkit's retry middleware owns them).
 * A caller's abort rethrows the signal's reason; every other failure becomes a `ProviderError`.
 */
export async function generateStep(input: StepInput, context: ProviderErrorContext): Promise<Step> {
  input.signal?.throwIfAborted();
  const messages = toModelMessages(input.messages);
  // The SDK loads on the first call, not when compactkit is imported, and outside the timed request.
  const { generateText } = await import('ai');
  const started = performance.now();
  try {
    const result = await generateText({
      model: input.model,
      ...(input.system === undefined ? {} : { system: input.system }),
      messages,
      allowSystemInMessages: true,
      maxOutputTokens: input.maxTokens,
      temperature: input.temperature,
      maxRetries: 0,
      abortSignal: input.signal,
      ...(input.output === undefined ? {} : { output: input.output }),
    });
    return {
      text: result.text,
      usage: { inputTokens: result.usage.inputTokens, outputTokens: result.usage.outputTokens },
      finishReason: FINISH_REASONS.has(result.finishReason)
        ? (result.finishReason as FinishReason)
        : 'unknown',
      latencyMs: Math.round(performance.now() - started),
    };
  } catch (error) {
    if (input.signal?.aborted) throw input.signal.reason;
    throw toProviderError(error, context);
  }
}

/** Adds two usages field by field; a field unknown in either stays unknown. */
export function addUsage(first: Usage, second: Usage): Usage {
  const add = (a: number | undefined, b: number | undefined) =>
    a === undefined || b === undefined ? undefined : a + b;
  return {
    inputTokens: add(first.inputTokens, second.inputTokens),
    outputTokens: add(first.outputTokens, second.outputTokens),
  };
}
