import { compactTranscript } from '../compaction/index.js';
import { compactorAsBlockStrategy } from '../compactors/engine-bridges/compactor-as-block-strategy.js';
import { loadCompactor } from '../compactors/registry/load-compactor.js';
import { ValidationError } from '../errors.js';
import type { LanguageModel } from '../llm/types.js';
import { createAnthropicCompactMethod } from './anthropic-compact-method.js';
import { createOpenAICompactMethod } from './openai-compact-method.js';
import type { ProbeMethod } from './probe-method.js';
import { blind, renderContext } from './render-context.js';

/**
 * A registered method (built-in name or plugin path) as a probe method: the engine compacts the history with
 * the method as its block strategy, pins and recent turns kept around it, exactly as `compactkit compact` does;
 * `default` is the engine's own block compaction; `anthropic-compact` is the provider's server-side compaction
 * (`modelSpec` names the Anthropic model); `openai-compact` is OpenAI's `/responses/compact`, done with the model
 * under test (`answerModelSpec`), the only kind of model that can read its opaque item back.
 */
export async function loadProbeMethod(
  name: string,
  options: { model?: LanguageModel; modelSpec?: string; answerModelSpec?: string } = {},
): Promise<ProbeMethod> {
  if (name === 'openai-compact') {
    if (!options.answerModelSpec)
      throw new ValidationError([
        {
          where: '--method openai-compact',
          message:
            'its compacted context is an opaque encrypted item only an OpenAI model can read, so the lexical reader cannot answer from it: add --model openai:<model>',
        },
      ]);
    return createOpenAICompactMethod(options.answerModelSpec);
  }
  if (name === 'anthropic-compact') {
    if (!options.modelSpec)
      throw new ValidationError([
        {
          where: '--method anthropic-compact',
          message: 'needs --method-model anthropic:<model>, e.g. --method-model anthropic:claude-sonnet-4-5',
        },
      ]);
    return createAnthropicCompactMethod(options.modelSpec);
  }
  const compactor = name === 'default' ? undefined : await loadCompactor(name, {});
  if (compactor?.needsModel === true && options.model === undefined) {
    throw new ValidationError([
      { where: `--method ${name}`, message: 'this method needs a language model: add --method-model <spec>' },
    ]);
  }
  const strategy = compactor
    ? compactorAsBlockStrategy(compactor, options.model ? { model: options.model } : {})
    : undefined;
  return {
    name,
    async compact(history, { budgetTokens, counter }) {
      const tokensBefore = counter.countMessages([...history]);
      const result = await compactTranscript([...history], {
        maxContextTokens: Math.max(tokensBefore, budgetTokens) + 1,
        counter,
        budgetTokens,
        ...(strategy ? { config: { blockStrategy: strategy } } : {}),
      });
      return {
        messages: result.messages,
        text: blind(renderContext(result.messages), name),
        tokensBefore,
        tokensAfter: result.report.tokensAfter,
      };
    },
  };
}
