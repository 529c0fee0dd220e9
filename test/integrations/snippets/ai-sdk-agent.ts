import { generateText, type LanguageModel, type ModelMessage, stepCountIs, type ToolSet } from 'ai';
import { createCompaction } from '../../../src/integrations/ai-sdk/index.js';

/** The snippet of docs/integrations.md: an AI SDK tool loop whose every step goes through compaction. */
export async function runAgent(
  model: LanguageModel,
  system: string,
  tools: ToolSet,
  messages: ModelMessage[],
) {
  const compaction = createCompaction({ maxContextTokens: 16_000, system, tools });
  const result = await generateText({
    model,
    system,
    tools,
    messages,
    stopWhen: stepCountIs(60),
    prepareStep: compaction.prepareStep,
  });
  return { result, compaction };
}
