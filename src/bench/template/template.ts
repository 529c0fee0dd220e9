/*
 * A CompactBench template-v1 template in compactkit's spelling. Each YAML name maps to the camelCase of it:
 *
 *   template.key / family / version        → key / family / version
 *   difficulty_policy.distractor_turns     → difficultyPolicy.distractorTurns     ({} when left out)
 *   difficulty_policy.paraphrase_depth     → difficultyPolicy.paraphraseDepth    ({} when left out)
 *   difficulty_policy.override_timing      → difficultyPolicy.overrideTiming     ({} when left out)
 *   variables[].name / generator           → variables[].name / generator        ([] when left out)
 *   transcript.turns[].role / template / tags / count
 *                                          → transcript.turns[].role / template / tags / count (tags [] when left out)
 *   ground_truth.immutable_facts, locked_decisions, forbidden_behaviors, unresolved_items, deferred_items
 *                                          → groundTruth.immutableFacts, … ([] when left out)
 *   ground_truth.entity_map                → groundTruth.entityMap                ({} when left out)
 *   evaluation_items[].key / type / prompt / expected
 *                                          → evaluationItems[].key / type / prompt / expected
 *
 * compactkit's extensions (docs/templates.md) map the same way: target_tokens → targetTokens, like, choices,
 * tool_calls[].{name, arguments, output, is_error, bury_tokens} → toolCalls[].{…, isError, buryTokens}, shape,
 * language,
 * answer_format / tempting_default / cues → answerFormat / temptingDefault / cues, description, continuation.
 *
 * Keys inside `expected` and `entity_map` are data and keep their spelling. Strings keep their `{{variable}}`
 * placeholders; generation fills them in.
 */

/** A difficulty level of template-v1. */
export type Difficulty = 'easy' | 'medium' | 'hard' | 'elite';

/** A value per difficulty level; a level the template does not name is absent. */
export type DifficultyMap<Value> = Partial<Record<Difficulty, Value>>;

/** How a template scales with difficulty (`difficulty_policy`). */
export interface DifficultyPolicy {
  /** Filler turns a `distractor_block` expands to, per level (`distractor_turns`). */
  distractorTurns: DifficultyMap<number>;
  /** How far generation rewords the template's sentences, per level (`paraphrase_depth`). */
  paraphraseDepth: DifficultyMap<number>;
  /** When in the transcript an override happens, per level (`override_timing`); free text in template-v1. */
  overrideTiming: DifficultyMap<string>;
  /** Extension: the transcript's approximate size in tokens, per level (`target_tokens`); defaults apply when absent. */
  targetTokens: DifficultyMap<number>;
}

/** A placeholder that generation fills with a drawn value (`variables[]`). */
export interface TemplateVariable {
  /** Used as `{{name}}` in the template's strings. */
  name: string;
  /** The generator that draws its value, e.g. `person_name`; absent when `choices` is given. */
  generator?: string;
  /** Extension: draw a look-alike of this earlier variable's value (`like`). */
  like?: string;
  /** Extension: pick one of these values (`choices`). */
  choices?: string[];
}

/** Extension: a tool call an assistant turn makes, and the output of its paired tool message (`tool_calls[]`). */
export interface TemplateToolCall {
  name: string;
  /** The call's arguments; string values take placeholders. */
  arguments: Record<string, unknown>;
  /** The tool's output, with placeholders. */
  output: string;
  /** True when the tool reports a failure (`is_error`). */
  isError: boolean;
  /** Tokens of realistic tool output to bury `output` in, per level (`bury_tokens`); none when absent. */
  buryTokens: DifficultyMap<number>;
}

/** The role of a template turn; `distractor_block` stands for a run of filler turns. */
export type TemplateTurnRole = 'user' | 'assistant' | 'system' | 'distractor_block';

/** One turn, or one block of filler turns, of the template's transcript (`transcript.turns[]`). */
export interface TemplateTurn {
  role: TemplateTurnRole;
  /** The turn's text with placeholders. */
  template?: string;
  /** Labels for scoring and analysis (`critical_constraint`, …); never shown to a compactor. */
  tags: string[];
  /** How many filler turns a `distractor_block` holds: a number or a placeholder such as `{{difficulty.distractor_turns}}`. */
  count?: string | number;
  /** Extension: the tool calls of an assistant turn (`tool_calls`); [] when left out. */
  toolCalls: TemplateToolCall[];
  /**
   * Extension: how a `distractor_block` is cut (`shape`): `exchanges` of work between user turns (when absent),
   * or `steps` of one agent loop (an assistant message with its tool calls and their results, no user turn).
   */
  shape?: 'exchanges' | 'steps';
  /** Extension: the main language of the repository a `distractor_block`'s tools work in (`language`); drawn when absent. */
  language?: 'typescript' | 'python' | 'go';
}

/** The template's transcript (`transcript`). */
export interface TemplateTranscript {
  turns: TemplateTurn[];
}

/** What a perfect artifact would hold (`ground_truth`); used for scoring, never shown to a compactor. */
export interface TemplateGroundTruth {
  immutableFacts: string[];
  lockedDecisions: string[];
  forbiddenBehaviors: string[];
  unresolvedItems: string[];
  deferredItems: string[];
  /** Entity name (with placeholders) → role. */
  entityMap: Record<string, string>;
}

/** A question the target answers from the artifact alone, and how its answer is checked (`evaluation_items[]`). */
export interface EvaluationItem {
  /** Unique within the template. */
  key: string;
  /** The item type, e.g. `locked_decision_retention`; free text in template-v1. */
  type: string;
  /** The question, with placeholders. */
  prompt: string;
  /** The check and its arguments as written, e.g. `{ check: 'contains_normalized', value: '{{entity}}' }`. */
  expected: Record<string, unknown>;
  /** Extension: how the target is asked to answer (`answer_format`); `free` when absent. */
  answerFormat?: 'free' | 'short' | 'list';
  /** Extension: what an agent does next when nothing says otherwise (`tempting_default`): an application item. */
  temptingDefault?: string;
  /** Extension: words pointing at the passage that answers (`cues`); [] when left out. */
  cues: string[];
}

/** A validated template-v1 template (see the name mapping at the top of this file). */
export interface Template {
  /** Stable machine key, unique within a suite. */
  key: string;
  /** The family the template belongs to, e.g. `buried_constraint`. */
  family: string;
  /** Semantic version of the template, e.g. `1.0.0`. */
  version: string;
  difficultyPolicy: DifficultyPolicy;
  variables: TemplateVariable[];
  transcript: TemplateTranscript;
  groundTruth: TemplateGroundTruth;
  /** At least one. */
  evaluationItems: EvaluationItem[];
  /** Extension: a note for readers of the file (`description`). */
  description?: string;
  /** Extension: user turns for drift cycles (`continuation`); [] when left out (a generic pool is used). */
  continuation: string[];
}
