import { type BaseMessage, RemoveMessage } from '@langchain/core/messages';
import { createMiddleware } from 'langchain';
import type { CompactionEngine } from '../../compaction/compaction-engine.js';
import type { ToolDefinition } from '../../compaction/types.js';
import { IncrementalCompaction, type IncrementalCompactionStats } from '../shared/incremental-compaction.js';
import { createIntegrationEngine, type IntegrationOptions } from '../shared/resolve-strategy.js';
import { fromLangChainMessages, toLangChainMessages } from './convert-langchain-messages.js';

/** LangGraph's marker for "replace every message" (`REMOVE_ALL_MESSAGES` of @langchain/langgraph). */
const REMOVE_ALL_MESSAGES = '__remove_all__';

/** Options of `createCompactionMiddleware`. */
export interface CompactionMiddlewareOptions extends IntegrationOptions {
  /** The agent's `systemPrompt`: createAgent keeps it out of the state, so say it here to count it. */
  systemPrompt?: string;
  /** Definitions of the agent's tools (name, description, JSON schema of the input), to count them. */
  tools?: readonly ToolDefinition[];
}

/** The middleware and what it did. */
export interface CompactionMiddleware {
  middleware: ReturnType<typeof createMiddleware>;
  readonly stats: IncrementalCompactionStats;
  engine(): Promise<CompactionEngine>;
}

/**
 * Compaction as a LangChain agent middleware (`beforeModel`). The agent's state keeps the messages the model
 * sees: when the engine's trigger fires, the middleware replaces them with the compacted view (tool messages stay
 * right after the AI message that called them); the original history stays in the helper, so the next compaction
 * starts from it and a method carries its artifact. Between compactions the state is left alone.
 * @example
 * const { middleware } = createCompactionMiddleware({ maxContextTokens: 128_000 });
 * const agent = createAgent({ model, tools, middleware: [middleware] });
 */
export function createCompactionMiddleware(options: CompactionMiddlewareOptions): CompactionMiddleware {
  let enginePromise: Promise<CompactionEngine> | undefined;
  const engine = () => {
    enginePromise ??= createIntegrationEngine(options);
    return enginePromise;
  };
  let state: IncrementalCompaction<BaseMessage> | undefined;
  let idCount = 0;
  const newId = () => `compactkit-${++idCount}`;
  /** Every message of the run as first seen, and the ids of the view last written into the agent's state. */
  let original: BaseMessage[] = [];
  let viewIds: string[] | undefined;
  const stats: IncrementalCompactionStats = { steps: 0, compactions: 0, convertedMessages: 0, lastTokens: 0 };

  const middleware = createMiddleware({
    name: 'CompactkitCompaction',
    beforeModel: async (agentState) => {
      state ??= new IncrementalCompaction<BaseMessage>({
        engine: await engine(),
        same: (a, b) => a === b,
        toMessages: fromLangChainMessages,
        fromMessages: (messages) => toLangChainMessages(messages, newId),
      });
      const messages = agentState.messages as BaseMessage[];
      const prefixIds = viewIds ?? original.map((message) => message.id);
      const continues =
        messages.length >= prefixIds.length && prefixIds.every((id, index) => messages[index]?.id === id);
      if (continues) original.push(...messages.slice(prefixIds.length));
      else {
        original = [...messages];
        viewIds = undefined;
      }
      const before = state.stats.compactions;
      const context = await state.step(original);
      Object.assign(stats, state.stats);
      if (!context || state.stats.compactions === before) {
        // No new compaction: the state already holds the view (if any) followed by the new messages.
        if (viewIds)
          viewIds = [...viewIds, ...messages.slice(prefixIds.length).map((message) => message.id ?? '')];
        return undefined;
      }
      viewIds = context.map((message) => message.id ?? '');
      return { messages: [new RemoveMessage({ id: REMOVE_ALL_MESSAGES }), ...context] };
    },
  });
  return {
    middleware,
    get stats() {
      return stats;
    },
    engine,
  };
}
