import { ValidationError, type ValidationIssue } from '../../errors.js';
import type { Difficulty } from '../template/template.js';
import { templateDifficulties } from '../template/template-difficulties.js';
import type { Suite } from './suite.js';

/** Something a run should tell its user that does not stop it: where, and what. */
export type SuiteWarning = ValidationIssue;

/** Which cases a run asks of a suite, as `planCases` reads it. */
export interface SuiteSelection {
  difficulties: readonly Difficulty[];
  /** Only these template keys or families; all when absent. */
  templates?: readonly string[];
  families?: readonly string[];
  /** Refuse instead of warn. */
  strict?: boolean;
}

/**
 * One warning per chosen template that lacks a requested difficulty level, naming the template, the file and
 * the levels it declares (`templateDifficulties`). A run skips those cases (CompactBench's starter templates
 * have no `elite` level), so the warnings say which cases a run will not have.
 * @throws ValidationError listing them all when `strict` is set.
 * @example
 * suiteDifficultyWarnings(suite, { difficulties: ['hard', 'elite'] });
 * // [{ where: '…/buried_constraint_starter_v1.yaml: template.difficulty_policy.distractor_turns',
 * //    message: 'template buried_constraint_starter_v1 has no elite level (it declares easy, medium, hard); its elite cases are skipped' }]
 */
export function suiteDifficultyWarnings(suite: Suite, selection: SuiteSelection): SuiteWarning[] {
  const warnings: SuiteWarning[] = [];
  for (const { path, template } of suite.templates) {
    if (selection.templates !== undefined && !selection.templates.includes(template.key)) continue;
    if (selection.families !== undefined && !selection.families.includes(template.family)) continue;
    const declared = templateDifficulties(template);
    const missing = selection.difficulties.filter((level) => !declared.includes(level));
    if (missing.length === 0) continue;
    const levels = `${missing.join(' and ')} level${missing.length > 1 ? 's' : ''}`;
    const outcome = selection.strict
      ? 'ask only for the levels it declares'
      : `its ${missing.join(' and ')} cases are skipped`;
    warnings.push({
      where: `${path}: template.difficulty_policy.distractor_turns`,
      message: `template ${template.key} has no ${levels} (it declares ${declared.join(', ')}); ${outcome}`,
    });
  }
  if (selection.strict && warnings.length > 0) throw new ValidationError(warnings);
  return warnings;
}
