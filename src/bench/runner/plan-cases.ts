import { type CaseRequest, caseKey } from '../generate/generate-case.js';
import type { Suite } from '../suites/suite.js';
import type { Difficulty, Template } from '../template/template.js';
import { templateDifficulties } from '../template/template-difficulties.js';

/** One case a run must produce. */
export interface PlannedCase {
  template: Template;
  request: CaseRequest;
  /** Same as the generated case's key. */
  key: string;
}

/**
 * Every case of a run, in a fixed order: template (file order), then difficulty, then slot. The order only
 * decides scheduling; each case's content depends on its own identity alone. A level a template does not
 * declare is skipped for it (`suiteDifficultyWarnings` names what is skipped).
 */
export function planCases(options: {
  suite: Suite;
  templates?: readonly string[];
  families?: readonly string[];
  difficulties: readonly Difficulty[];
  cases: number;
  seedGroup: string;
}): PlannedCase[] {
  const { suite } = options;
  const chosen = suite.templates
    .map(({ template }) => template)
    .filter((template) => options.templates === undefined || options.templates.includes(template.key))
    .filter((template) => options.families === undefined || options.families.includes(template.family));
  const planned: PlannedCase[] = [];
  for (const template of chosen) {
    const declared = templateDifficulties(template);
    for (const difficulty of options.difficulties.filter((level) => declared.includes(level))) {
      for (let slot = 0; slot < options.cases; slot++) {
        const request: CaseRequest = {
          suite: suite.key,
          suiteVersion: suite.version,
          difficulty,
          seedGroup: options.seedGroup,
          slot,
        };
        planned.push({ template, request, key: caseKey(template, request) });
      }
    }
  }
  return planned;
}
