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
import { mergeSectionUpdates, numberSections, sectionUpdatesSchema } from '../llm/merge-section-updates.js';
import {
  ANCHORED_ITERATIVE_PROMPT_VERSION,
  ANCHORED_ITERATIVE_SYSTEM,
  anchoredIterativePrompt,
} from '../llm/prompts/anchored-iterative-prompt.js';
import { renderArtifactText } from '../llm/render-artifact-text.js';
import { emptyKept, type KeptSections, keptFromArtifact, keptToArtifact } from '../llm/summary-sections.js';
import { limitKept, trimKeptToTokens } from '../llm/trim-to-budget.js';
import type { MethodDefinition } from '../registry/method-definition.js';
import type { CompactorContext, CompactorInput } from '../types.js';

const NAME = 'anchored-iterative';

/**
 * `anchored-iterative`: a persistent sectioned summary (the sections of regenerated-summary, kept in the same
 * places of the artifact). Each compaction shows the model the summary so far, each item with an id, and only
 * the newly evicted span, and asks what the span adds, resolves or supersedes; the updates are then merged
 * deterministically (see `mergeSectionUpdates`), so nothing already kept is lost to a model that forgot it.
 * @example const compactor = instantiateMethod(anchoredIterativeMethod, { maxSummaryTokens: 2500 });
 */
export const anchoredIterativeMethod: MethodDefinition = {
  name: NAME,
  version: '1.0.0',
  description:
    'LLM: a persistent sectioned summary; each compaction merges in updates from the new span only.',
  needsModel: true,
  deterministic: false,
  options: {
    maxSummaryTokens: outputTokensOption(
      2_000,
      'most tokens of the persistent summary; over it, the oldest low-priority items go (a tighter --budget wins)',
    ),
    maxInputTokens: MAX_INPUT_TOKENS_OPTION,
  },
  create: (options) => ({ compact: (input, context) => update(input, context, summaryLimits(options)) }),
};

async function update(
  { transcript, previousArtifact, budgetTokens }: CompactorInput,
  context: CompactorContext,
  options: SummaryLimits,
): Promise<CompactionArtifact> {
  const model = startMethodModel(NAME, ANCHORED_ITERATIVE_PROMPT_VERSION, context);
  const previous =
    previousArtifact === undefined ? { kept: emptyKept(), warnings: [] } : keptFromArtifact(previousArtifact);
  const entityMap = previousArtifact?.structuredState.entityMap ?? {};
  const target = targetTokens(options.maxSummaryTokens, budgetTokens);
  const warnings = previous.warnings.map((warning) => `method ${NAME}: ${warning}`);
  const fitted = fitTranscript(transcript, options.maxInputTokens, NAME);
  if (fitted.warning !== undefined) warnings.push(fitted.warning);

  const updates = await model.object({
    system: ANCHORED_ITERATIVE_SYSTEM,
    prompt: anchoredIterativePrompt({
      numberedSummary: numberSections(previous.kept),
      transcriptText: fitted.text,
      maxTokens: target.tokens,
    }),
    maxTokens: replyTokens(target.tokens, true),
    schema: sectionUpdatesSchema,
  });
  warnings.push(...model.warnings);
  const merged = mergeSectionUpdates(previous.kept, updates, NAME);
  warnings.push(...merged.warnings);
  // Lists grow at the end, so the front holds the oldest items, which go first when room runs out.
  warnings.push(...limitKept(merged.kept, true, NAME));
  const render = (kept: KeptSections) =>
    renderArtifactText({ ...emptyArtifact(), ...keptToArtifact(kept, entityMap) });
  const trimmed = trimKeptToTokens({ kept: merged.kept, maxTokens: target.tokens, render, dropOldest: true });
  if (trimmed.removed > 0) {
    warnings.push(
      `method ${NAME}: the summary was over ${target.limit}; ${trimmed.removed} of the oldest lowest-priority item(s) were removed`,
    );
  }
  return checkArtifact(NAME, {
    ...emptyArtifact(),
    ...keptToArtifact(trimmed.value, entityMap),
    selectedSourceTurnIds: mergeTurnIds(previousArtifact, fitted.includedTurns),
    warnings,
    methodMetadata: { ...model.metadata(), summaryTokens: trimmed.tokens, merge: { ...merged.stats } },
  });
}
