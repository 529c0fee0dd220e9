import type { Message } from '../../messages/types.js';
import type { Difficulty } from '../template/template.js';

/** The item types the scorer knows, with the weights of seed 000 (a cycle score is their weighted mean). */
export const ITEM_WEIGHTS = {
  locked_decision_retention: 3,
  forbidden_behavior_retention: 3,
  immutable_fact_recall: 2,
  unresolved_task_continuity: 2,
  entity_integrity: 1,
  planning_soundness: 1,
} as const;

/** One of the six item types of seed 000. */
export type ItemType = keyof typeof ITEM_WEIGHTS;

/** The item types whose pass rate is the run's constraint retention. */
export const CONSTRAINT_ITEM_TYPES: readonly ItemType[] = [
  'locked_decision_retention',
  'forbidden_behavior_retention',
];

/**
 * How an item's response is checked. Values are already filled in (no `{{placeholders}}`).
 *
 * - `contains_normalized`: the normalised response contains the normalised value (whole words).
 * - `forbidden_absent`: the response does not state the value as something to do or as current; naming it
 *   only to reject it ("we must never X") passes.
 * - `contains_all` / `contains_any`: every / at least one value is contained.
 * - `in_order`: every value is contained, and their first mentions come in the listed order.
 */
export type Check =
  | { kind: 'contains_normalized'; value: string }
  | { kind: 'forbidden_absent'; value: string }
  | { kind: 'contains_all'; values: string[] }
  | { kind: 'contains_any'; values: string[] }
  | { kind: 'in_order'; values: string[] };

/** The check kinds, for validation and error messages. */
export const CHECK_KINDS = [
  'contains_normalized',
  'forbidden_absent',
  'contains_all',
  'contains_any',
  'in_order',
] as const;

/** How the target is asked to answer: freely, with one short value, or with a list. */
export type AnswerFormat = 'free' | 'short' | 'list';

/** One evaluation item of a generated case, placeholders filled in. Never shown to a compactor. */
export interface CaseItem {
  key: string;
  type: ItemType;
  /** The question or task put to the target. */
  prompt: string;
  check: Check;
  answerFormat: AnswerFormat;
  /**
   * Application items only: what an agent would do next if nothing in the artifact told it otherwise (usually
   * the forbidden or superseded action). The lexical reader takes it when the artifact states no rule or
   * decision against it.
   */
  temptingDefault?: string;
  /** Words a reader looks for to find the passage that answers the item; never the expected value. */
  cues: string[];
}

/** What a perfect artifact would hold, placeholders filled in. Used for scoring, never shown to a compactor. */
export interface CaseGroundTruth {
  immutableFacts: string[];
  lockedDecisions: string[];
  forbiddenBehaviors: string[];
  unresolvedItems: string[];
  deferredItems: string[];
  entityMap: Record<string, string>;
}

/** Where a case comes from; with the generator version, these fix every byte of it. */
export interface CaseOrigin {
  suite: string;
  suiteVersion: string;
  templateKey: string;
  templateVersion: string;
  family: string;
  difficulty: Difficulty;
  seedGroup: string;
  slot: number;
}

/**
 * One generated benchmark case. `transcript` is all a compactor ever sees; everything else (tags, ground
 * truth, items, variables) stays on the benchmark's side.
 */
export interface BenchCase {
  /** `{templateKey}@{templateVersion}:{difficulty}:{seedGroup}:{slot}`; unique within a run. */
  key: string;
  origin: CaseOrigin;
  /** The case seed (caseSeed of the origin) in decimal. */
  seed: string;
  /** Each template variable's drawn value. */
  variables: Record<string, string>;
  /** The conversation: user/assistant/tool messages with ids `m{index}` and turn numbers. */
  transcript: Message[];
  /** Template tags by message id (only messages that have tags). */
  tags: Record<string, string[]>;
  groundTruth: CaseGroundTruth;
  items: CaseItem[];
  /** User turns for drift cycles, in order: cycle n (n >= 1) appends `continuation[(n - 1) % length]`. */
  continuation: string[];
}
