import type { z } from 'zod';
import { CompactkitError } from '../../errors.js';
import type { Completion, FinishReason, LanguageModel } from '../../llm/types.js';
import type { CompactorContext } from '../types.js';

/** What an LLM method records in `methodMetadata` about the model calls of one compaction. */
export interface ModelCallMetadata {
  /** The model's id (spec), e.g. `openai:gpt-4o-mini`. */
  model: string;
  /** Version of the prompt the method sent, e.g. `naive-summary/1`; a new prompt wording bumps it. */
  promptVersion: string;
  /** `complete` calls made (a structured call's repair retry is part of its call). */
  calls: number;
  /** Tokens over all calls; null when any call's count is unknown (unknown is not zero). */
  inputTokens: number | null;
  outputTokens: number | null;
  /** Estimated cost over all calls; null when any call has no known price. */
  costUsd: number | null;
  /** Wall time of the calls, summed. */
  latencyMs: number;
  /** Calls answered from the record/replay cache. */
  cachedCalls: number;
}

/** One prompt: the system text and a single user message. */
export interface PromptRequest {
  system: string;
  prompt: string;
  /** Most tokens the reply may take; the method sets headroom above the size it asks for. */
  maxTokens: number;
}

/** The model of one compaction: checked replies, the warnings they raised, and what the calls cost. */
export interface MethodModel {
  readonly id: string;
  /** A free-text reply: non-empty; a reply cut at `maxTokens` loses its unfinished end and adds a warning. */
  text(request: PromptRequest): Promise<string>;
  /** A JSON reply validated by the schema (one repair retry inside the model); still invalid throws. */
  object<T>(request: PromptRequest & { schema: z.ZodType<T> }): Promise<T>;
  /** Problems worked around so far, for the artifact's `warnings`. */
  readonly warnings: readonly string[];
  metadata(): ModelCallMetadata;
}

/**
 * The model from the context, or a clear error: an LLM method run without one must fail its case, never
 * return an empty artifact that would score as if the method had run.
 */
export function requireModel(method: string, context: CompactorContext): LanguageModel {
  if (context.model !== undefined) return context.model;
  throw new CompactkitError(
    'method_failed',
    `method ${method} needs a language model: pass --method-model <spec> (e.g. --method-model openai:gpt-4o-mini), ` +
      'or give `model` in the context when calling compact() from code',
  );
}

/**
 * Starts the model calls of one compaction: every call runs at temperature 0, every failure becomes a
 * `method_failed` error naming the method, and usage is kept for `methodMetadata`.
 * @throws CompactkitError `method_failed` when the context has no model.
 */
export function startMethodModel(
  method: string,
  promptVersion: string,
  context: CompactorContext,
): MethodModel {
  const model = requireModel(method, context);
  const completions: Completion[] = [];
  const warnings: string[] = [];

  async function call<T>(request: PromptRequest, schema?: z.ZodType<T>): Promise<Completion<T>> {
    let completion: Completion<T>;
    try {
      completion = await model.complete<T>({
        system: request.system,
        messages: [{ role: 'user', content: request.prompt }],
        maxTokens: request.maxTokens,
        // Temperature 0: the same input should give the same summary as far as the provider allows.
        temperature: 0,
        ...(schema === undefined ? {} : { schema }),
        ...(context.signal === undefined ? {} : { signal: context.signal }),
      });
    } catch (error) {
      // A stopped run is not a method failure: the runner must see the abort itself to leave the case unwritten.
      if (context.signal?.aborted === true) throw error;
      throw new CompactkitError('method_failed', `method ${method}: model call failed: ${oneLine(error)}`, {
        cause: error,
      });
    }
    completions.push(completion as Completion);
    return completion;
  }

  return {
    id: model.id,
    warnings,
    async text(request) {
      const completion = await call(request);
      const usable = usableText(completion.text, completion.finishReason);
      if (usable === '') {
        throw new CompactkitError(
          'method_failed',
          `method ${method}: the model returned no usable text (finish reason ${completion.finishReason})`,
        );
      }
      if (completion.finishReason === 'length') {
        warnings.push(
          `method ${method}: the model's reply hit maxTokens=${request.maxTokens} and was cut; its unfinished end was dropped`,
        );
      }
      return usable;
    },
    async object<T>(request: PromptRequest & { schema: z.ZodType<T> }): Promise<T> {
      const completion = await call(request, request.schema);
      failOnStoppedReply(method, completion.finishReason);
      if (completion.object === undefined) {
        throw new CompactkitError('method_failed', `method ${method}: the model returned no JSON value`);
      }
      // A reply that parsed although it hit the limit is complete JSON, so it is usable; the cut is still news.
      if (completion.finishReason === 'length') {
        warnings.push(`method ${method}: the model's JSON reply reached maxTokens=${request.maxTokens}`);
      }
      return completion.object;
    },
    metadata: () => summarizeCalls(model.id, promptVersion, completions),
  };
}

/** Sums the calls; a count or cost any call left unknown makes the total unknown (null), not too small. */
export function summarizeCalls(
  modelId: string,
  promptVersion: string,
  completions: readonly Completion[],
): ModelCallMetadata {
  const total = (pick: (completion: Completion) => number | undefined): number | null => {
    let sum = 0;
    for (const completion of completions) {
      const value = pick(completion);
      if (value === undefined) return null;
      sum += value;
    }
    return sum;
  };
  return {
    model: modelId,
    promptVersion,
    calls: completions.length,
    inputTokens: total((completion) => completion.usage.inputTokens),
    outputTokens: total((completion) => completion.usage.outputTokens),
    costUsd: total((completion) => completion.costUsd),
    latencyMs: Math.round(completions.reduce((sum, completion) => sum + completion.latencyMs, 0)),
    cachedCalls: completions.filter((completion) => completion.cached === true).length,
  };
}

/**
 * The reply without an unfinished end when it was cut at the token limit: the last line when there are several,
 * else the last unfinished sentence. A cut summary usually lost only its last thought, and the rest is still
 * right, so it is kept (with a warning) rather than failing the case; a cut with nothing finished is empty.
 */
function usableText(text: string, finishReason: FinishReason): string {
  const trimmed = text.trim();
  if (finishReason === 'content-filter' || finishReason === 'error') return '';
  if (finishReason !== 'length') return trimmed;
  const lastBreak = trimmed.lastIndexOf('\n');
  if (lastBreak > 0) return trimmed.slice(0, lastBreak).trim();
  const sentenceEnds = [...trimmed.matchAll(/[.!?](?=\s|$)/g)];
  const lastEnd = sentenceEnds.at(-1);
  return lastEnd?.index === undefined ? '' : trimmed.slice(0, lastEnd.index + 1);
}

function failOnStoppedReply(method: string, finishReason: FinishReason): void {
  if (finishReason !== 'content-filter' && finishReason !== 'error') return;
  throw new CompactkitError(
    'method_failed',
    `method ${method}: the provider stopped the reply (${finishReason})`,
  );
}

/** An error's message on one line, short enough for a table cell or a log line. */
function oneLine(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > 300 ? `${flat.slice(0, 299)}…` : flat;
}
