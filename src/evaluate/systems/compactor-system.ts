import { renderArtifact } from '../../artifact/render-artifact.js';
import type { Compactor } from '../../compactors/index.js';
import type { LanguageModel } from '../../llm/index.js';
import type { Message } from '../../messages/types.js';
import type { Example, System } from '../types.js';
import { answerWithModel } from './model-system.js';

/**
 * The context as a transcript: the example's own `messages` when it carries a conversation, else one user
 * message per paragraph, so a compactor has turns to choose between rather than one indivisible block.
 */
export function contextAsTranscript(example: Example): Message[] {
  if (Array.isArray(example.messages) && example.messages.every(isMessage)) return example.messages;
  return example.context
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter((paragraph) => paragraph !== '')
    .map((paragraph) => ({ role: 'user' as const, content: paragraph }));
}

function isMessage(value: unknown): value is Message {
  if (value === null || typeof value !== 'object') return false;
  const { role, content } = value as { role?: unknown; content?: unknown };
  return (
    typeof content === 'string' &&
    (role === 'user' || role === 'assistant' || role === 'system' || role === 'tool')
  );
}

/**
 * `compactor:<method>`: compacts the context with a compaction method, then `answerModel` answers from the
 * compacted text. Without an answering model the compacted text itself is the response (an offline run that
 * still measures retention and compression). `methodModel` is what an LLM method summarises with.
 */
export function compactorSystem(
  compactor: Compactor,
  options: { answerModel?: LanguageModel; methodModel?: LanguageModel; budgetTokens?: number } = {},
): System {
  return {
    name: `compactor:${compactor.name}`,
    config: {
      method: compactor.name,
      version: compactor.version,
      options: compactor.config ?? {},
      ...(options.answerModel ? { model: options.answerModel.id } : {}),
      ...(options.methodModel ? { methodModel: options.methodModel.id } : {}),
      ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens }),
    },
    async process(example, { signal }) {
      const artifact = await compactor.compact(
        {
          transcript: contextAsTranscript(example),
          ...(options.budgetTokens === undefined ? {} : { budgetTokens: options.budgetTokens }),
        },
        { ...(options.methodModel ? { model: options.methodModel } : {}), ...(signal ? { signal } : {}) },
      );
      const compacted = renderArtifact(artifact);
      if (!options.answerModel) return { response: compacted, context: compacted };
      return {
        ...(await answerWithModel(options.answerModel, example, compacted, signal)),
        context: compacted,
      };
    },
  };
}
