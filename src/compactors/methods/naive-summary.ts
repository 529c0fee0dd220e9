import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { emptyArtifact } from '../../artifact/empty-artifact.js';
import { checkArtifact } from '../llm/check-artifact.js';
import { fitTranscript } from '../llm/fit-transcript.js';
import { startMethodModel } from '../llm/llm-call.js';
import {
  MAX_INPUT_TOKENS_OPTION,
  mergeTurnIds,
  outputTokensOption,
  replyTokens,
  type SummaryLimits,
  summaryLimits,
  targetTokens,
} from '../llm/llm-method-options.js';
import {
  NAIVE_SUMMARY_PROMPT_VERSION,
  NAIVE_SUMMARY_SYSTEM,
  naiveSummaryPrompt,
} from '../llm/prompts/naive-summary-prompt.js';
import { renderArtifactText } from '../llm/render-artifact-text.js';
import { trimTextToTokens } from '../llm/trim-to-budget.js';
import type { MethodDefinition } from '../registry/method-definition.js';
import type { CompactorContext, CompactorInput } from '../types.js';

const NAME = 'naive-summary';

/**
 * `naive-summary`: one free-form summary by a model of the earlier summary (in a drift cycle) and the new
 * turns. The baseline every structured LLM method should beat.
 * @example const compactor = instantiateMethod(naiveSummaryMethod, { maxSummaryTokens: 600 });
 */
export const naiveSummaryMethod: MethodDefinition = {
  name: NAME,
  version: '1.0.0',
  description: 'LLM: one free-form summary of the earlier summary and the new turns.',
  needsModel: true,
  deterministic: false,
  options: {
    maxSummaryTokens: outputTokensOption(1_000, 'most tokens of the summary (a tighter --budget wins)'),
    maxInputTokens: MAX_INPUT_TOKENS_OPTION,
  },
  create: (options) => ({
    compact: (input, context) => summarize(input, context, summaryLimits(options)),
  }),
};

async function summarize(
  { transcript, previousArtifact, budgetTokens }: CompactorInput,
  context: CompactorContext,
  options: SummaryLimits,
): Promise<CompactionArtifact> {
  const model = startMethodModel(NAME, NAIVE_SUMMARY_PROMPT_VERSION, context);
  const earlierNotes = previousArtifact === undefined ? '' : renderArtifactText(previousArtifact);
  const target = targetTokens(options.maxSummaryTokens, budgetTokens);
  const warnings: string[] = [];
  const fitted = fitTranscript(transcript, options.maxInputTokens, NAME);
  if (fitted.warning !== undefined) warnings.push(fitted.warning);

  const reply = await model.text({
    system: NAIVE_SUMMARY_SYSTEM,
    prompt: naiveSummaryPrompt({ earlierNotes, transcriptText: fitted.text, maxTokens: target.tokens }),
    maxTokens: replyTokens(target.tokens, false),
  });
  warnings.push(...model.warnings);
  const trimmed = trimTextToTokens(reply, target.tokens);
  if (trimmed.removed > 0) {
    warnings.push(
      `method ${NAME}: the summary was over ${target.limit}; its last ${trimmed.removed} line(s) were cut`,
    );
  }
  return checkArtifact(NAME, {
    ...emptyArtifact(),
    summaryText: trimmed.value,
    selectedSourceTurnIds: mergeTurnIds(previousArtifact, fitted.includedTurns),
    warnings,
    methodMetadata: { ...model.metadata(), summaryTokens: trimmed.tokens },
  });
}
