/**
 * The largest template compactkit generates, checked when a template loads, before any case is generated: a
 * count of a billion filler turns would otherwise run the process out of memory a minute later. Each bound is
 * far above what a realistic session needs (the shipped suites top out at 32 exchanges a block and 100,000
 * tokens a case) and low enough that the largest case still generates in seconds. docs/templates.md lists them.
 */
export const TEMPLATE_LIMITS = {
  /** Bytes of one template file. */
  fileBytes: 1_048_576,
  /** Exchanges (or steps) of one `distractor_block`: its `count`, and every level of `distractor_turns`. */
  blockUnits: 1_000,
  /** Exchanges and steps of all `distractor_block`s of a case together, at any level. */
  caseUnits: 2_000,
  /** A level of `target_tokens`. */
  targetTokens: 1_000_000,
  /** A level of a tool call's `bury_tokens`. */
  buryTokens: 200_000,
  /**
   * A case's estimated size in tokens at any level: the larger of `target_tokens` and what the template
   * forces whatever the target (every `bury_tokens` plus the smallest filler its blocks can have).
   */
  caseTokens: 1_000_000,
  /**
   * Characters of the template's own text (turns, tool calls, ground truth, items, continuation) once every
   * placeholder is filled with the longest value it can take: a long choice pasted many times stays bounded.
   */
  filledCharacters: 4_000_000,
} as const;

/** Characters a generator's value is counted as in the filled-size estimate; every generator's are far shorter. */
export const GENERATED_VALUE_CHARACTERS = 200;

/** Tokens the smallest filler exchange or step costs, for the size estimate (generateFiller's minimum). */
export const MIN_FILLER_UNIT_TOKENS = 70;
