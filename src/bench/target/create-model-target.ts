import type { LanguageModel } from '../../llm/types.js';
import { buildItemPrompt, buildReplyPrompt, type TargetPrompt } from './item-prompt.js';
import type { Target } from './target.js';

/** What the audit store keeps as the prompt: both parts, labelled, exactly as sent. */
function describePrompt(prompt: TargetPrompt): string {
  return `[system]\n${prompt.system}\n\n[user]\n${prompt.prompt}`;
}

async function completeText(
  model: LanguageModel,
  prompt: TargetPrompt,
  signal?: AbortSignal,
): Promise<string> {
  const completion = await model.complete({
    system: prompt.system,
    messages: [{ role: 'user', content: prompt.prompt }],
    // Greedy decoding: a benchmark answer should not change between identical runs.
    temperature: 0,
    ...(signal === undefined ? {} : { signal }),
  });
  return completion.text;
}

/**
 * A target that asks a language model: one `complete` call per item or reply, at temperature 0, with the
 * artifact fenced as untrusted data (see `buildItemPrompt`). Wrap the model for retries, limits and replay.
 * @example
 * const target = createModelTarget(createLanguageModel('openai:gpt-4o-mini'));
 * const { response } = await target.answer({ artifactText: renderArtifact(artifact), item });
 */
export function createModelTarget(model: LanguageModel): Target {
  return {
    id: model.id,
    kind: 'model',
    version: '1',
    async answer({ artifactText, item }, options) {
      const prompt = buildItemPrompt(artifactText, item);
      const response = await completeText(model, prompt, options?.signal);
      return { response, prompt: describePrompt(prompt), evidence: [] };
    },
    async reply({ artifactText, userTurn }, options) {
      return completeText(model, buildReplyPrompt(artifactText, userTurn), options?.signal);
    },
  };
}
