/** The version of this scorer; stamped on every result so that scores from different scorers are never mixed. */
export const SCORER_VERSION = '1.3.0';

/** The benchmark's compression tiers. */
export type Tier = '2x' | '4x' | '8x';

/** The compression ratio a run must reach to qualify in each tier (seed 000: 2x / 4x / 8x). */
export const TIER_FLOORS: Readonly<Record<Tier, number>> = { '2x': 2, '4x': 4, '8x': 8 };

/** The other qualification floors of seed 000. */
export const QUALIFICATION = {
  /** A run whose contradiction rate is above this does not qualify. */
  maxContradictionRate: 0.1,
  /** A run with any family whose item pass rate is below this does not qualify. */
  minFamilyPassRate: 0.4,
} as const;

/** The weights of the elite score (seed 000); they sum to 1. */
export const ELITE_WEIGHTS = {
  overall: 0.4,
  driftResistance: 0.3,
  constraintRetention: 0.2,
  compressionBonus: 0.1,
} as const;

/**
 * The compression ratio that earns the full compression bonus. The bonus is log2(ratio) / log2(32): it grows by
 * the same step for every doubling, so going from 2x to 4x counts as much as going from 16x to 32x, and stops at
 * 32x, past which a summary has little left to drop.
 */
export const FULL_BONUS_COMPRESSION_RATIO = 32;
