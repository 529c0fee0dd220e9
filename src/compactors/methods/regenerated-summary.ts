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
  REGENERATED_SUMMARY_PROMPT_VERSION,
  REGENERATED_SUMMARY_SYSTEM,
  regeneratedSummaryPrompt,
} from '../llm/prompts/regenerated-summary-prompt.js';
import { renderArtifactText } from '../llm/render-artifact-text.js';
import {
  type KeptSections,
  keptFromFields,
  keptToArtifact,
  sectionFieldsSchema,
} from '../llm/summary-sections.js';
import { limitKept, trimKeptToTokens } from '../llm/trim-to-budget.js';
import type { MethodDefinition } from '../registry/method-definition.js';
import type { CompactorContext, CompactorInput } from '../types.js';

const NAME = 'regenerated-summary';

/**
 * `regenerated-summary`: a sectioned summary (intent, concepts, files, errors, instructions, decisions, tasks,
 * current work, next step) rebuilt by a model each time from everything it is given: in a drift cycle the
 * previous artifact, shown whole, plus the new turns. Sections with a natural list in `structuredState` go
 * there (prohibitions and replaced plans → forbiddenBehaviors, decisions → lockedDecisions, pending tasks →
 * unresolvedItems, postponed work → deferredItems, facts and files → immutableFacts); the rest are
 * `Heading:` and `- item` lines of `summaryText`. Each item appears once in the rendered artifact.
 * @example const compactor = instantiateMethod(regeneratedSummaryMethod, { maxSummaryTokens: 1200 });
 */
export const regeneratedSummaryMethod: MethodDefinition = {
  name: NAME,
  version: '1.0.0',
  description: 'LLM: a sectioned summary regenerated each time from the previous summary and the new turns.',
  needsModel: true,
  deterministic: false,
  options: {
    maxSummaryTokens: outputTokensOption(
      1_500,
      'most tokens of the rendered summary (a tighter --budget wins)',
    ),
    maxInputTokens: MAX_INPUT_TOKENS_OPTION,
  },
  create: (options) => ({ compact: (input, context) => regenerate(input, context, summaryLimits(options)) }),
};

async function regenerate(
  { transcript, previousArtifact, budgetTokens }: CompactorInput,
  context: CompactorContext,
  options: SummaryLimits,
): Promise<CompactionArtifact> {
  const model = startMethodModel(NAME, REGENERATED_SUMMARY_PROMPT_VERSION, context);
  const summarySoFar = previousArtifact === undefined ? '' : renderArtifactText(previousArtifact);
  const target = targetTokens(options.maxSummaryTokens, budgetTokens);
  const warnings: string[] = [];
  const fitted = fitTranscript(transcript, options.maxInputTokens, NAME);
  if (fitted.warning !== undefined) warnings.push(fitted.warning);

  const fields = await model.object({
    system: REGENERATED_SUMMARY_SYSTEM,
    prompt: regeneratedSummaryPrompt({ summarySoFar, transcriptText: fitted.text, maxTokens: target.tokens }),
    maxTokens: replyTokens(target.tokens, true),
    schema: sectionFieldsSchema,
  });
  warnings.push(...model.warnings);
  const kept = keptFromFields(fields);
  warnings.push(...limitKept(kept, false, NAME));
  // The model lists items in the order it rates them, so over budget the last ones go.
  const trimmed = trimKeptToTokens({ kept, maxTokens: target.tokens, render, dropOldest: false });
  if (trimmed.removed > 0) {
    warnings.push(
      `method ${NAME}: the summary was over ${target.limit}; ${trimmed.removed} lowest-priority item(s) were removed`,
    );
  }
  return checkArtifact(NAME, {
    ...emptyArtifact(),
    ...keptToArtifact(trimmed.value),
    selectedSourceTurnIds: mergeTurnIds(previousArtifact, fitted.includedTurns),
    warnings,
    methodMetadata: { ...model.metadata(), summaryTokens: trimmed.tokens },
  });
}

function render(kept: KeptSections): string {
  return renderArtifactText({ ...emptyArtifact(), ...keptToArtifact(kept) });
}
