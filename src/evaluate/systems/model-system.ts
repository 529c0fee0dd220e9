import {
  type Completion,
  type CreateLanguageModelOptions,
  createLanguageModel,
  type LanguageModel,
} from '../../llm/index.js';
import type { Example, System, SystemOutput } from '../types.js';
import { buildAnswerRequest } from './answer-prompt.js';

/** A completion's usage as a system reports it (unknown stays unknown). */
export function usageOf(completion: Completion): SystemOutput['usage'] {
  return {
    ...(completion.usage.inputTokens === undefined ? {} : { inputTokens: completion.usage.inputTokens }),
    ...(completion.usage.outputTokens === undefined ? {} : { outputTokens: completion.usage.outputTokens }),
    ...(completion.costUsd === undefined ? {} : { costUsd: completion.costUsd }),
  };
}

/** Asks `model` to answer an example from `context`. */
export async function answerWithModel(
  model: LanguageModel,
  example: Example,
  context: string,
  signal: AbortSignal | undefined,
): Promise<SystemOutput> {
  const completion = await model.complete({
    ...buildAnswerRequest(example, context),
    ...(signal ? { signal } : {}),
  });
  return {
    response: completion.text.trim(),
    usage: usageOf(completion),
    ...(completion.cached ? { cached: true } : {}),
  };
}

/** `model:<spec>`: a plain model given the full context; the baseline every compressor is compared with. */
export function modelSystem(model: LanguageModel, options: { name?: string } = {}): System {
  return {
    name: options.name ?? `model:${model.id}`,
    config: { model: model.id },
    async process(example, { signal }) {
      return {
        ...(await answerWithModel(model, example, example.context, signal)),
        context: example.context,
      };
    },
  };
}

/**
 * `proxy:<url>` or `proxy:<model>@<url>`: an OpenAI-compatible endpoint (a compression proxy in front of a
 * model, say) used as a black box. What it does to the context is its business; we score the answers.
 */
export function proxySystem(target: string, options: CreateLanguageModelOptions = {}): System {
  const at = target.lastIndexOf('@');
  const [modelName, url] =
    at > 0 && !target.slice(0, at).includes('://')
      ? [target.slice(0, at), target.slice(at + 1)]
      : ['default', target];
  const model = createLanguageModel(`openai-compatible:${modelName}@${url}`, options);
  return {
    name: `proxy:${target}`,
    config: { proxy: url, model: modelName },
    async process(example, { signal }) {
      return answerWithModel(model, example, example.context, signal);
    },
  };
}
