import type { BaseChatModel } from '@langchain/core/language_models/chat_models';
import { createAgent, HumanMessage, type StructuredTool } from 'langchain';
import { createCompactionMiddleware } from '../../../src/integrations/langchain/index.js';

/** The snippet of docs/integrations.md: a LangChain agent whose model calls go through compaction. */
export async function runAgent(model: BaseChatModel, tools: StructuredTool[], request: string) {
  const compaction = createCompactionMiddleware({ maxContextTokens: 16_000 });
  const agent = createAgent({ model, tools, middleware: [compaction.middleware] });
  const result = await agent.invoke({ messages: [new HumanMessage(request)] }, { recursionLimit: 200 });
  return { result, compaction };
}
