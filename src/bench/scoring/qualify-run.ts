import { QUALIFICATION, TIER_FLOORS, type Tier } from './scoring-constants.js';

/** Pass counts of one benchmark family. */
export interface FamilyScore {
  /** Item responses scored in the family, over every cycle of its complete cases. */
  items: number;
  /** Those that passed. */
  passed: number;
  /** passed / items (0 when there are no items): a real pass rate, not a mean of case scores. */
  passRate: number;
}

/** What qualification looks at. */
export interface QualificationInput {
  tier: Tier;
  compressionRatio: number;
  contradictionRate: number;
  expectedCases: number;
  completeCases: number;
  failedCases: number;
  /** Cycles per case, cycle 0 included. */
  expectedCycles: number;
  /** Complete cases with fewer than expectedCycles cycles. */
  shortCases: readonly { caseKey: string; cycles: number }[];
  families: Readonly<Record<string, FamilyScore>>;
}

/** Whether a run qualifies for the leaderboard, and every floor it misses. */
export interface Qualification {
  tier: Tier;
  /** The tier's compression floor (2, 4 or 8). */
  floor: number;
  qualified: boolean;
  /** One sentence per failed floor, with its numbers; empty when qualified. */
  failures: string[];
}

const MAX_NAMED_CASES = 5;

/**
 * Checks seed 000's qualification floors: compression ratio at least the tier's floor, contradiction rate at
 * most 0.10, every case slot completed, every complete case with all its cycles, no family below a 0.40 pass
 * rate, and no failed case. Lists every failure, not just the first.
 */
export function qualifyRun(input: QualificationInput): Qualification {
  const floor = TIER_FLOORS[input.tier];
  const failures: string[] = [];
  if (!(input.compressionRatio >= floor)) {
    failures.push(
      `compression ratio ${formatAgainst(input.compressionRatio, floor)} is below the ${input.tier} floor of ${floor}`,
    );
  }
  const maxRate = QUALIFICATION.maxContradictionRate;
  if (input.contradictionRate > maxRate) {
    failures.push(
      `contradiction rate ${formatAgainst(input.contradictionRate, maxRate)} is above ${maxRate.toFixed(2)}`,
    );
  }
  if (input.completeCases < input.expectedCases) {
    failures.push(`${input.completeCases} of ${input.expectedCases} case slots completed`);
  }
  if (input.shortCases.length > 0) failures.push(describeShortCases(input.shortCases, input.expectedCycles));
  const minRate = QUALIFICATION.minFamilyPassRate;
  for (const family of Object.keys(input.families).sort()) {
    const { passRate, items } = input.families[family] as FamilyScore;
    if (passRate >= minRate) continue;
    const none = items === 0 ? ' (no item responses were scored)' : '';
    failures.push(
      `family ${family} pass rate ${formatAgainst(passRate, minRate)} is below ${minRate.toFixed(2)}${none}`,
    );
  }
  if (input.failedCases > 0) {
    failures.push(`${input.failedCases} ${input.failedCases === 1 ? 'case' : 'cases'} failed`);
  }
  return { tier: input.tier, floor, qualified: failures.length === 0, failures };
}

function describeShortCases(shortCases: QualificationInput['shortCases'], expectedCycles: number): string {
  const named = shortCases
    .slice(0, MAX_NAMED_CASES)
    .map((shortCase) => `${shortCase.caseKey} (${shortCase.cycles})`)
    .join(', ');
  const more = shortCases.length > MAX_NAMED_CASES ? `, and ${shortCases.length - MAX_NAMED_CASES} more` : '';
  const count = shortCases.length === 1 ? '1 complete case has' : `${shortCases.length} complete cases have`;
  return `${count} fewer than ${expectedCycles} cycles: ${named}${more}`;
}

/**
 * `value` with two decimals, or more when two would print it equal to `limit` (0.3999 shows as 0.3999, not
 * as "0.40 is below 0.40").
 */
export function formatAgainst(value: number, limit: number): string {
  for (let digits = 2; digits < 6; digits++) {
    if (value.toFixed(digits) !== limit.toFixed(digits)) return value.toFixed(digits);
  }
  return value.toFixed(6);
}
