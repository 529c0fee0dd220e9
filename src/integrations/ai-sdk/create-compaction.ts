import { asSchema, type LanguageModelMiddleware, type ModelMessage, type ToolSet } from 'ai';
import type { CompactionEngine } from '../../compaction/compaction-engine.js';
import type { ToolDefinition } from '../../compaction/types.js';
import { fromModelMessages, toModelMessages } from '../../messages/ai-sdk.js';
import { IncrementalCompaction, type IncrementalCompactionStats } from '../shared/incremental-compaction.js';
import { createIntegrationEngine, type IntegrationOptions } from '../shared/resolve-strategy.js';
import { type LanguageModelPrompt, toLanguageModelPrompt } from './to-language-model-prompt.js';

/** Options of `createCompaction`: the engine's options, the method, and what the model sees besides messages. */
export interface CreateCompactionOptions extends IntegrationOptions {
  /** The `system` you pass to generateText/streamText/ToolLoopAgent: prepareStep does not see it, so say it here. */
  system?: string;
  /** The tools you pass: their input schemas count against the window (the middleware reads them itself). */
  tools?: ToolSet;
}

/** What `createCompaction` returns: both ways into the AI SDK, sharing one state. */
export interface AiSdkCompaction {
  /** For `generateText`, `streamText` and `ToolLoopAgent`: returns `{ messages }` once a compaction happened. */
  prepareStep: (options: { messages: ModelMessage[] }) => Promise<{ messages: ModelMessage[] } | undefined>;
  /** For `wrapLanguageModel({ model, middleware })`: compacts every call's prompt the same way. */
  middleware: LanguageModelMiddleware;
  /** What the helper did so far. */
  readonly stats: IncrementalCompactionStats;
  /** The engine (config, counter, trigger), available after the first step. */
  engine(): Promise<CompactionEngine>;
  /** Forgets the run (e.g. before reusing the helper for another conversation). */
  reset(): void;
}

/**
 * Compaction inside an AI SDK agent loop. Each step the helper converts and counts only the messages added since
 * the last step, compacts only when the engine's trigger fires, and between compactions sends the last compacted
 * view plus the new messages; a method keeps its previous artifact across compactions of the run.
 * @example
 * const compaction = createCompaction({ maxContextTokens: 128_000, system, tools });
 * const result = await generateText({ model, system, tools, messages, stopWhen: stepCountIs(50),
 *   prepareStep: compaction.prepareStep });
 */
export function createCompaction(options: CreateCompactionOptions): AiSdkCompaction {
  const { system, tools, ...rest } = options;
  let enginePromise: Promise<CompactionEngine> | undefined;
  const engine = () => {
    enginePromise ??= toolDefinitions(tools).then((definitions) =>
      createIntegrationEngine({
        ...rest,
        ...(system !== undefined ? { systemPrompt: system } : {}),
        ...(definitions.length > 0 ? { tools: definitions } : {}),
      }),
    );
    return enginePromise;
  };
  let stepState: IncrementalCompaction<ModelMessage> | undefined;
  const stepCompaction = async () => {
    stepState ??= new IncrementalCompaction<ModelMessage>({
      engine: await engine(),
      same: (a, b) => a === b,
      toMessages: (messages) => fromModelMessages(messages).messages,
      fromMessages: (messages) => toModelMessages(messages),
    });
    return stepState;
  };
  const middlewareStates = new Map<string, IncrementalCompaction<LanguageModelPrompt[number]>>();
  const stats: IncrementalCompactionStats = { steps: 0, compactions: 0, convertedMessages: 0, lastTokens: 0 };
  const sync = (state: IncrementalCompaction<unknown>) => Object.assign(stats, state.stats);

  return {
    async prepareStep({ messages }) {
      const state = await stepCompaction();
      const context = await state.step(messages);
      sync(state as IncrementalCompaction<unknown>);
      return context ? { messages: context } : undefined;
    },
    middleware: {
      specificationVersion: 'v3',
      async transformParams({ params }) {
        // The middleware sees the tools of each call; one state per tool set keeps their count exact.
        const key = JSON.stringify((params.tools ?? []).map((tool) => tool.name));
        let state = middlewareStates.get(key);
        if (!state) {
          const base = await engine();
          const definitions = (params.tools ?? []).map((tool) =>
            tool.type === 'function'
              ? {
                  name: tool.name,
                  ...(tool.description ? { description: tool.description } : {}),
                  parameters: tool.inputSchema,
                }
              : { name: tool.name },
          );
          const callEngine = await createIntegrationEngine({
            ...rest,
            ...(definitions.length > 0 ? { tools: definitions } : {}),
            ...(base.config ? { config: base.config } : {}),
          });
          state = new IncrementalCompaction({
            engine: callEngine,
            same: samePromptMessage,
            toMessages: (messages) => fromModelMessages(messages as ModelMessage[]).messages,
            fromMessages: (messages) => toLanguageModelPrompt(toModelMessages(messages)),
          });
          middlewareStates.set(key, state);
        }
        const prompt = await state.step(params.prompt, params.abortSignal);
        sync(state as IncrementalCompaction<unknown>);
        return prompt ? { ...params, prompt } : params;
      },
    },
    get stats() {
      return stats;
    },
    engine,
    reset() {
      stepState?.reset();
      for (const state of middlewareStates.values()) state.reset();
    },
  };
}

/** The tools' definitions as providers receive them, their input schemas resolved to JSON schema. */
async function toolDefinitions(tools: ToolSet | undefined): Promise<ToolDefinition[]> {
  const definitions: ToolDefinition[] = [];
  for (const [name, tool] of Object.entries(tools ?? {})) {
    const parameters = tool.inputSchema ? await asSchema(tool.inputSchema).jsonSchema : {};
    definitions.push({ name, ...(tool.description ? { description: tool.description } : {}), parameters });
  }
  return definitions;
}

/**
 * Prompt messages are rebuilt for every call, so equality is by content: role, part types, texts and tool call
 * ids. Texts are usually the same string objects, so the comparison costs little.
 */
function samePromptMessage(a: LanguageModelPrompt[number], b: LanguageModelPrompt[number]): boolean {
  if (a.role !== b.role) return false;
  if (typeof a.content === 'string' || typeof b.content === 'string') return a.content === b.content;
  if (a.content.length !== b.content.length) return false;
  return a.content.every((part, index) => {
    const other = b.content[index] as typeof part;
    if (part.type !== other.type) return false;
    if ('text' in part && 'text' in other) return part.text === other.text;
    if ('toolCallId' in part && 'toolCallId' in other) return part.toolCallId === other.toolCallId;
    return true;
  });
}
