/**
 * compactkit bench/scoring: pure functions that turn target responses into verdicts and verdicts into cycle,
 * case and run scores, qualification and leaderboard order. No I/O.
 */
export {
  type BootstrapOptions,
  bootstrapIntervals,
  DEFAULT_BOOTSTRAP_RESAMPLES,
  DEFAULT_BOOTSTRAP_SEED,
  type Interval,
  percentile,
  type RunIntervals,
} from './bootstrap-intervals.js';
export { judgeItem, type Verdict } from './judge-item.js';
export {
  AFFIRMED_STATES,
  AFFIRMING_PREDICATES,
  CLAUSE_NEGATIONS,
  CLAUSE_SPLITTING_WORDS,
  CONTRASTING_NEGATIONS,
  NEUTRAL_PHRASES,
  PHRASE_CLOSERS,
  PHRASE_NEGATIONS,
  PHRASE_START_BREAKERS,
  PREDICATE_STOP_WORDS,
  PREDICATE_WINDOW_WORDS,
  REJECTED_STATES,
  REJECTING_PREDICATES,
  REPLACEMENT_CLOSERS,
  REPLACEMENT_CUES,
  SCOPE_BREAKERS,
  TRAILING_MARKERS,
} from './mention-cues.js';
export {
  classifyMention,
  type Mention,
  type MentionOptions,
  type MentionReader,
  type MentionStance,
  readMentions,
} from './mentions.js';
export { containsNormalized, findNormalized, findWholeWords, normalizeText } from './normalize.js';
export {
  type FamilyScore,
  formatAgainst,
  type Qualification,
  type QualificationInput,
  qualifyRun,
} from './qualify-run.js';
export { type RankableRun, rankRuns } from './rank-runs.js';
export {
  artifactRetention,
  type RetainedEntry,
  type Retention,
  type RetentionEntryKind,
} from './retention.js';
export {
  type CaseSummary,
  compressionBonusOf,
  type RunStatistics,
  runStatistics,
  type ScoredCase,
  type ScoredCycle,
  type ScoredVerdict,
  summarizeCase,
} from './run-statistics.js';
export { type CaseScore, scoreCase } from './score-case.js';
export { type CycleScore, type ItemScore, scoreCycle } from './score-cycle.js';
export { type RunScoreInput, type RunScores, scoreRun } from './score-run.js';
export {
  ELITE_WEIGHTS,
  FULL_BONUS_COMPRESSION_RATIO,
  QUALIFICATION,
  SCORER_VERSION,
  TIER_FLOORS,
  type Tier,
} from './scoring-constants.js';
