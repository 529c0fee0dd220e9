import type { ValidationIssue } from '../../errors.js';
import type { Difficulty, DifficultyMap, Template, TemplateTurn } from '../template/template.js';
import { templateDifficulties } from '../template/template-difficulties.js';
import { MIN_FILLER_UNIT_TOKENS, TEMPLATE_LIMITS } from '../template/template-limits.js';
import { difficultyValues } from './difficulty-values.js';
import { fillPlaceholders, placeholderNames } from './fill-placeholders.js';
import { DEFAULT_TARGET_TOKENS } from './generation-defaults.js';

/** Where issues point: the template (`a.yaml`) and the path prefix of its fields (`template.` in a file). */
export interface TemplateLocation {
  where: string;
  path: string;
}

const WHOLE_NUMBER = /^\d+$/;

function formatNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/**
 * Checks the counts and sizes of a template against `TEMPLATE_LIMITS` without generating anything: every
 * level of `distractor_turns`, `target_tokens` and `bury_tokens`, every `distractor_block` count (a whole
 * number, or `{{difficulty.…}}` placeholders that fill to one at each level the template declares), and the
 * exchanges and estimated tokens of a whole case at each level. Issues caused by one too-large value are
 * reported once, where the value is written.
 * @returns One issue per problem; empty when the template is within bounds.
 */
export function checkTemplateBounds(template: Template, location: TemplateLocation): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const at = (field: string): string => `${location.where}: ${location.path}${field}`;
  const policy = template.difficultyPolicy;
  const overBlock = overLimit(policy.distractorTurns, TEMPLATE_LIMITS.blockUnits);
  for (const level of overBlock) {
    issues.push({
      where: at(`difficulty_policy.distractor_turns.${level}`),
      message: `${formatNumber(policy.distractorTurns[level] as number)} filler exchanges a block is over the limit of ${formatNumber(TEMPLATE_LIMITS.blockUnits)}; lower it`,
    });
  }
  const overTarget = overLimit(policy.targetTokens, TEMPLATE_LIMITS.targetTokens);
  for (const level of overTarget) {
    issues.push({
      where: at(`difficulty_policy.target_tokens.${level}`),
      message: `${formatNumber(policy.targetTokens[level] as number)} tokens is over the limit of ${formatNumber(TEMPLATE_LIMITS.targetTokens)}; lower it`,
    });
  }
  const flagged = new Set<Difficulty>([...overBlock, ...overTarget]);
  template.transcript.turns.forEach((turn, turnIndex) => {
    turn.toolCalls.forEach((call, callIndex) => {
      for (const level of overLimit(call.buryTokens, TEMPLATE_LIMITS.buryTokens)) {
        flagged.add(level);
        issues.push({
          where: at(`transcript.turns[${turnIndex}].tool_calls[${callIndex}].bury_tokens.${level}`),
          message: `${formatNumber(call.buryTokens[level] as number)} tokens is over the limit of ${formatNumber(TEMPLATE_LIMITS.buryTokens)}; lower it`,
        });
      }
    });
  });
  const levels = templateDifficulties(template);
  const units = new Map<Difficulty, number>(levels.map((level) => [level, 0]));
  template.transcript.turns.forEach((turn, index) => {
    if (turn.role !== 'distractor_block') return;
    const counts = blockCounts(turn, {
      template,
      levels,
      overBlock,
      issues,
      where: at(`transcript.turns[${index}].count`),
    });
    for (const level of levels) {
      const count = counts.get(level);
      if (count === undefined) flagged.add(level);
      else units.set(level, (units.get(level) ?? 0) + count);
    }
  });
  for (const level of levels) {
    if (flagged.has(level)) continue;
    const issue = caseSizeIssue(template, level, units.get(level) ?? 0);
    if (issue !== undefined) issues.push({ where: at('transcript'), message: issue });
  }
  return dedupe(issues);
}

/**
 * A block's count at each level the template declares, within the block limit; a level is missing (with an
 * issue, unless the over-limit policy value it comes from has one) when the count is bad there.
 */
function blockCounts(
  turn: TemplateTurn,
  context: {
    template: Template;
    levels: readonly Difficulty[];
    overBlock: readonly Difficulty[];
    issues: ValidationIssue[];
    where: string;
  },
): Map<Difficulty, number> {
  const { template, levels, overBlock, issues, where } = context;
  const counts = new Map<Difficulty, number>();
  const unit = turn.shape === 'steps' ? 'filler steps' : 'filler exchanges';
  const limit = formatNumber(TEMPLATE_LIMITS.blockUnits);
  if (typeof turn.count !== 'string') {
    const count = turn.count ?? 1;
    if (count > TEMPLATE_LIMITS.blockUnits) {
      issues.push({
        where,
        message: `${formatNumber(count)} ${unit} is over the limit of ${limit} a block; lower it`,
      });
    } else {
      for (const level of levels) counts.set(level, count);
    }
    return counts;
  }
  const names = placeholderNames(turn.count);
  const foreign = names.find((name) => !name.startsWith('difficulty.'));
  if (foreign !== undefined) {
    issues.push({
      where,
      message: `a count may use only {{difficulty.…}} placeholders, not {{${foreign}}}; write a number or {{difficulty.distractor_turns}}`,
    });
    return counts;
  }
  for (const level of levels) {
    const count = blockCount(turn.count, template, level, where, issues);
    if (count === undefined) continue;
    if (count <= TEMPLATE_LIMITS.blockUnits) {
      counts.set(level, count);
    } else if (!overBlock.includes(level) || !names.includes('difficulty.distractor_turns')) {
      // A count that is just an over-limit policy value has been reported where that value is written.
      issues.push({
        where,
        message: `fills to ${formatNumber(count)} ${unit} at ${level}, over the limit of ${limit} a block; lower it`,
      });
    }
  }
  return counts;
}

/** The levels of a map whose value is over `limit`. */
function overLimit(map: DifficultyMap<number>, limit: number): Difficulty[] {
  return (Object.keys(map) as Difficulty[]).filter((level) => (map[level] as number) > limit);
}

/** The names `{{difficulty.…}}` may use. */
const DIFFICULTY_NAMES = [
  'difficulty.distractor_turns',
  'difficulty.paraphrase_depth',
  'difficulty.override_timing',
  'difficulty.target_tokens',
];

/** A block's count text at one level, or undefined (with an issue) when it does not fill to a whole number. */
function blockCount(
  count: string,
  template: Template,
  level: Difficulty,
  where: string,
  issues: ValidationIssue[],
): number | undefined {
  const values = difficultyValues(template, level);
  const missing = placeholderNames(count).find((name) => !values.has(name));
  if (missing !== undefined) {
    const message = DIFFICULTY_NAMES.includes(missing)
      ? `{{${missing}}} has no value: set difficulty_policy.${missing.slice('difficulty.'.length)}`
      : `unknown placeholder {{${missing}}}; known: ${DIFFICULTY_NAMES.join(', ')}`;
    issues.push({ where, message });
    return undefined;
  }
  const text = fillPlaceholders(count, values, where).trim();
  if (!WHOLE_NUMBER.test(text)) {
    issues.push({ where, message: `expected a whole number of filler exchanges, got "${text}" at ${level}` });
    return undefined;
  }
  return Number(text);
}

/** Why a case at `level` would be too large, or undefined. */
function caseSizeIssue(template: Template, level: Difficulty, units: number): string | undefined {
  if (units > TEMPLATE_LIMITS.caseUnits) {
    return `at ${level} the distractor_blocks hold ${formatNumber(units)} filler exchanges in all, over the limit of ${formatNumber(TEMPLATE_LIMITS.caseUnits)}; lower the counts`;
  }
  let buried = 0;
  for (const turn of template.transcript.turns) {
    for (const call of turn.toolCalls) buried += call.buryTokens[level] ?? 0;
  }
  const target = template.difficultyPolicy.targetTokens[level] ?? DEFAULT_TARGET_TOKENS[level];
  const estimate = Math.max(target, buried + units * MIN_FILLER_UNIT_TOKENS);
  if (estimate <= TEMPLATE_LIMITS.caseTokens) return undefined;
  return `at ${level} a case would be about ${formatNumber(estimate)} tokens (target_tokens ${formatNumber(target)}, bury_tokens ${formatNumber(buried)} in all, ${formatNumber(units)} filler exchanges), over the limit of ${formatNumber(TEMPLATE_LIMITS.caseTokens)}; lower them`;
}

function dedupe(issues: readonly ValidationIssue[]): ValidationIssue[] {
  const seen = new Set<string>();
  return issues.filter((issue) => {
    const key = `${issue.where}\0${issue.message}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}
