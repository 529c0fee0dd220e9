import { compactTranscript } from '../compaction/index.js';
import { compactorAsBlockStrategy } from '../compactors/engine-bridges/compactor-as-block-strategy.js';
import { loadCompactor } from '../compactors/registry/load-compactor.js';
import { ValidationError } from '../errors.js';
import type { LanguageModel } from '../llm/types.js';
import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/index.js';

/** A compacted context, as messages and as the text the answerer and the judge read. */
export interface ProbeContext {
  messages: Message[];
  text: string;
  tokensBefore: number;
  tokensAfter: number;
}

/** Something that compacts a history for probing: a registered method, or a provider's opaque compaction. */
export interface ProbeMethod {
  readonly name: string;
  compact(
    history: readonly Message[],
    options: { budgetTokens: number; counter: TokenCounter },
  ): Promise<ProbeContext>;
}

/**
 * A registered method (built-in name or plugin path) as a probe method: the engine compacts the history with
 * the method as its block strategy, pins and recent turns kept around it, exactly as `compactkit compact` does;
 * `default` is the engine's own block compaction.
 */
export async function loadProbeMethod(
  name: string,
  options: { model?: LanguageModel } = {},
): Promise<ProbeMethod> {
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

/**
 * Removes the method's name from a context, so neither the model under test nor the judge can tell which method
 * made it (seed 004's blinding): the engine's `[Compacted by NAME: …]` marker, and the name itself when it is not
 * an ordinary word (a hyphenated name or a plugin path never occurs in a session by chance).
 */
export function blind(text: string, method: string): string {
  let blinded = text.replaceAll(`[Compacted by ${method}:`, '[Compacted:');
  if (/[-/@.]/.test(method)) blinded = blinded.replaceAll(method, '[method]');
  return blinded;
}

/** A context as plain text: one block per message, tool calls named with their arguments. */
export function renderContext(messages: readonly Message[]): string {
  return messages
    .map((message) => {
      const head =
        message.role === 'tool'
          ? `[tool ${message.toolName ?? ''}${message.isError ? ' error' : ''}]`
          : `[${message.role}]`;
      const calls = (message.toolCalls ?? []).map(
        (call) => `→ ${call.name}(${cutText(JSON.stringify(call.arguments), 400)})`,
      );
      return [head, message.content, ...calls].filter((part) => part !== '').join('\n');
    })
    .join('\n\n');
}

function cutText(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
