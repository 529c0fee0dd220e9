import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { countTextTokens } from '../../tokens/count-text-tokens.js';
import { checkArtifact } from '../llm/check-artifact.js';
import { fitTranscript } from '../llm/fit-transcript.js';
import { startMethodModel } from '../llm/llm-call.js';
import {
  MAX_INPUT_TOKENS_OPTION,
  mergeTurnIds,
  outputTokensOption,
  replyTokens,
} from '../llm/llm-method-options.js';
import { HYBRID_PROMPT_VERSION, HYBRID_SYSTEM, hybridPrompt } from '../llm/prompts/hybrid-prompt.js';
import { renderArtifactText } from '../llm/render-artifact-text.js';
import { trimTextToTokens } from '../llm/trim-to-budget.js';
import type { MethodCompaction, MethodDefinition, MethodOptions } from '../registry/method-definition.js';
import type { CompactorContext, CompactorInput } from '../types.js';

/** Settings of `createHybridMethod`. */
export interface HybridMethodSettings {
  /** The method's name; `hybrid` when absent. */
  name?: string;
}

/** The smallest note worth a model call, in tokens. */
const MIN_PROSE_TOKENS = 20;

/** Between the note and the base's own summary text in `summaryText`. */
const SEPARATOR = '\n\n';

/**
 * A method that runs a deterministic base method (its ledger becomes the artifact's `structuredState`) and
 * adds a short model-written note of what the ledger cannot hold: intent, reasoning, current status. The
 * note is `summaryText`, followed by the base's own summary text if it wrote one. In a drift cycle the base
 * gets back exactly the artifact it returned last time, and the model gets the earlier note to update.
 * Takes the base's options as well as its own (`maxProseTokens`, `maxInputTokens`).
 * @example const hybrid = createHybridMethod(structuredStateMethod); instantiateMethod(hybrid, { maxProseTokens: 150 });
 */
export function createHybridMethod(
  base: MethodDefinition,
  settings: HybridMethodSettings = {},
): MethodDefinition {
  const name = settings.name ?? 'hybrid';
  const own = {
    maxProseTokens: outputTokensOption(200, 'most tokens of the prose note beside the base ledger'),
    maxInputTokens: MAX_INPUT_TOKENS_OPTION,
  };
  const clash = Object.keys(base.options).filter((key) => Object.hasOwn(own, key));
  if (clash.length > 0) {
    throw new Error(
      `createHybridMethod: base method ${base.name} has options named like hybrid's: ${clash.join(', ')}`,
    );
  }
  const definition: MethodDefinition = {
    name,
    version: '1.0.0',
    description: `LLM: the ${base.name} ledger plus a short model-written note of intent, reasoning and status.`,
    needsModel: true,
    deterministic: false,
    options: { ...base.options, ...own },
    create: (options) => createHybrid(definition, base, options),
  };
  return definition;
}

function createHybrid(
  definition: MethodDefinition,
  base: MethodDefinition,
  options: MethodOptions,
): MethodCompaction {
  // `instantiateMethod` resolved the base's options together with ours (defaults included).
  const baseOptions = Object.fromEntries(Object.keys(base.options).map((key) => [key, options[key]!]));
  // The base's identity comes from its definition, as for any method; its compaction from `create`.
  const baseCompactor = { name: base.name, version: base.version, ...base.create(baseOptions) };
  const settings = {
    name: definition.name,
    maxProseTokens: options.maxProseTokens as number,
    maxInputTokens: options.maxInputTokens as number,
  };
  return { compact: (input, context) => compactHybrid(input, context, baseCompactor, settings) };
}

async function compactHybrid(
  { transcript, previousArtifact, budgetTokens }: CompactorInput,
  context: CompactorContext,
  base: MethodCompaction & { name: string; version: string },
  options: { name: string; maxProseTokens: number; maxInputTokens: number },
): Promise<CompactionArtifact> {
  const { name } = options;
  const model = startMethodModel(name, HYBRID_PROMPT_VERSION, context);
  const previous = previousArtifact === undefined ? undefined : splitPrevious(previousArtifact);
  // With a budget, part of it is held back for the note, so a base that fills its share leaves room.
  const reserve =
    budgetTokens === undefined ? 0 : Math.min(options.maxProseTokens, Math.floor(budgetTokens / 4));
  const baseArtifact = await base.compact(
    {
      transcript,
      ...(previous === undefined ? {} : { previousArtifact: previous.base }),
      ...(budgetTokens === undefined ? {} : { budgetTokens: budgetTokens - reserve }),
    },
    context,
  );
  const ledger = renderArtifactText(baseArtifact);
  const warnings = [...baseArtifact.warnings];
  const room =
    budgetTokens === undefined
      ? options.maxProseTokens
      : Math.min(options.maxProseTokens, budgetTokens - countTextTokens(ledger) - 2);

  let prose = '';
  if (room >= MIN_PROSE_TOKENS) {
    const fitted = fitTranscript(transcript, options.maxInputTokens, name);
    if (fitted.warning !== undefined) warnings.push(fitted.warning);
    const reply = await model.text({
      system: HYBRID_SYSTEM,
      prompt: hybridPrompt({
        ledger,
        earlierNote: previous?.prose ?? '',
        transcriptText: fitted.text,
        maxTokens: room,
      }),
      maxTokens: replyTokens(room, false),
    });
    warnings.push(...model.warnings);
    const trimmed = trimTextToTokens(reply, room);
    if (trimmed.removed > 0) {
      warnings.push(
        `method ${name}: the note was over ${room} tokens; its last ${trimmed.removed} line(s) were cut`,
      );
    }
    prose = trimmed.value;
    baseArtifact.selectedSourceTurnIds = mergeTurnIds(baseArtifact, fitted.includedTurns);
  } else {
    warnings.push(
      `method ${name}: the ${base.name} ledger takes ${countTextTokens(ledger)} tokens of the budget of ${budgetTokens}; no room was left for the note`,
    );
  }

  const baseSummary = baseArtifact.summaryText.trim();
  return checkArtifact(name, {
    ...baseArtifact,
    summaryText: prose === '' ? baseSummary : baseSummary === '' ? prose : prose + SEPARATOR + baseSummary,
    warnings,
    methodMetadata: {
      ...model.metadata(),
      proseTokens: countTextTokens(prose),
      // Where the note ends in summaryText, so the next cycle can hand the base back only its own text.
      proseCharacters: prose.length,
      base: { name: base.name, version: base.version, methodMetadata: baseArtifact.methodMetadata },
    },
  });
}

/** The earlier note and the artifact the base returned last time, taken apart from a hybrid artifact. */
function splitPrevious(previous: CompactionArtifact): { prose: string; base: CompactionArtifact } {
  const metadata = previous.methodMetadata;
  const recorded = isRecord(metadata.base) && isRecord(metadata.base.methodMetadata);
  const baseMetadata = recorded
    ? (metadata.base as { methodMetadata: Record<string, unknown> }).methodMetadata
    : {};
  const proseCharacters = typeof metadata.proseCharacters === 'number' ? metadata.proseCharacters : undefined;
  // An artifact not written by this method: all of its summary is treated as the earlier note.
  const prose =
    proseCharacters === undefined ? previous.summaryText : previous.summaryText.slice(0, proseCharacters);
  const rest = proseCharacters === undefined ? '' : previous.summaryText.slice(proseCharacters);
  return {
    prose,
    base: {
      ...structuredClone(previous),
      summaryText: rest.startsWith(SEPARATOR) ? rest.slice(SEPARATOR.length) : rest,
      warnings: [],
      methodMetadata: structuredClone(baseMetadata),
    },
  };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
