import type { TokenCounter } from '../tokens/types.js';
import type { ToolDefinition } from './types.js';

/** Options of `countFixedTokens`. */
export interface CountFixedTokensOptions {
  counter: TokenCounter;
  /** The system prompt when it is sent apart from the messages (as the AI SDK's `system` is). */
  systemPrompt?: string;
  tools?: readonly ToolDefinition[];
}

/**
 * Tokens a request carries besides its messages: the system prompt as one system message, and each tool
 * definition as the JSON providers send (`{"name","description","parameters"}`), counted exactly. Providers wrap
 * tool definitions in their own framing; the ContextTracker's learned offset absorbs that difference.
 */
export function countFixedTokens(options: CountFixedTokensOptions): number {
  const { counter } = options;
  const system =
    options.systemPrompt === undefined || options.systemPrompt === ''
      ? 0
      : counter.countMessage({ role: 'system', content: options.systemPrompt });
  const tools = (options.tools ?? []).reduce(
    (sum, tool) =>
      sum +
      counter.countText(
        JSON.stringify({
          name: tool.name,
          description: tool.description ?? '',
          parameters: tool.parameters ?? {},
        }),
      ),
    0,
  );
  return system + tools;
}
