import type { Difficulty } from '../template/template.js';

/** Version of the generation code; results are stamped with it, since it fixes every byte of a case too. */
export const GENERATOR_VERSION = '1.0.1';

/** A transcript's approximate size per difficulty, toward real agent sessions (a template may override it). */
export const DEFAULT_TARGET_TOKENS: Readonly<Record<Difficulty, number>> = {
  easy: 2_000,
  medium: 8_000,
  hard: 32_000,
  elite: 100_000,
};
