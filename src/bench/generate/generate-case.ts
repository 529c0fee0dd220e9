import { ValidationError } from '../../errors.js';
import { assignTurns } from '../../messages/assign-turns.js';
import type { BenchCase, CaseGroundTruth } from '../case/types.js';
import { DEFAULT_CONTINUATIONS } from '../filler/index.js';
import { drawVariables } from '../lexicon/index.js';
import { caseSeed } from '../random/case-seed.js';
import { createPrng } from '../random/prng.js';
import type { Difficulty, Template } from '../template/template.js';
import { templateDifficulties } from '../template/template-difficulties.js';
import { buildTranscript } from './build-transcript.js';
import { checkTemplateBounds } from './check-template-bounds.js';
import { difficultyValues } from './difficulty-values.js';
import { fillPlaceholders } from './fill-placeholders.js';
import { DEFAULT_TARGET_TOKENS } from './generation-defaults.js';
import { toCaseItems } from './to-case-items.js';

/** Which case of a template to generate. */
export interface CaseRequest {
  suite: string;
  suiteVersion: string;
  difficulty: Difficulty;
  seedGroup: string;
  slot: number;
}

/**
 * Generates one case, deterministically: the seed is caseSeed(suite, template, seedGroup, slot) and every
 * random choice comes from PRNGs forked from it, so the same inputs give byte-identical cases on any machine.
 * @throws ValidationError naming the template and path of a bad placeholder, item type, check or variable, a
 * difficulty the template does not declare, or a size over `TEMPLATE_LIMITS` (loading a template checks all of
 * these first, with the file's name; this is for templates built in code).
 * @example
 * const benchCase = generateCase(template, { suite: 'elite', suiteVersion: '1.0.0', difficulty: 'hard', seedGroup: '0', slot: 0 });
 */
export function generateCase(template: Template, request: CaseRequest): BenchCase {
  const where = `template ${template.key}`;
  checkCaseRequest(template, request.difficulty, where);
  const seed = caseSeed({
    suite: request.suite,
    suiteVersion: request.suiteVersion,
    template: template.key,
    templateVersion: template.version,
    seedGroup: request.seedGroup,
    slot: request.slot,
  });
  const variables = drawVariables(template.variables, seed, where);
  const values = placeholderValues(template, request.difficulty, variables);
  const fill = (text: string, at: string) => fillPlaceholders(text, values, `${where}: ${at}`);
  const prng = createPrng(seed);
  const built = buildTranscript({
    turns: template.transcript.turns,
    difficulty: request.difficulty,
    targetTokens:
      template.difficultyPolicy.targetTokens[request.difficulty] ?? DEFAULT_TARGET_TOKENS[request.difficulty],
    paraphraseDepth: template.difficultyPolicy.paraphraseDepth[request.difficulty] ?? 0,
    avoid: Object.values(variables),
    fill,
    values,
    prng,
    where,
  });
  const transcript = assignTurns(built.messages.map((message, index) => ({ id: `m${index}`, ...message })));
  const tags: Record<string, string[]> = {};
  for (const [index, turnTags] of built.tags) tags[`m${index}`] = turnTags;
  const pool = template.continuation.length > 0 ? template.continuation : DEFAULT_CONTINUATIONS;
  return {
    key: caseKey(template, request),
    origin: {
      suite: request.suite,
      suiteVersion: request.suiteVersion,
      templateKey: template.key,
      templateVersion: template.version,
      family: template.family,
      difficulty: request.difficulty,
      seedGroup: request.seedGroup,
      slot: request.slot,
    },
    seed: seed.toString(10),
    variables,
    transcript,
    tags,
    groundTruth: fillGroundTruth(template, fill),
    items: toCaseItems(template.evaluationItems, fill, where),
    continuation: prng
      .fork('continuation')
      .shuffle(pool.map((text, index) => fill(text, `continuation[${index}]`))),
  };
}

/** The key of a case: `{templateKey}@{templateVersion}:{difficulty}:{seedGroup}:{slot}`. */
export function caseKey(template: Pick<Template, 'key' | 'version'>, request: CaseRequest): string {
  return `${template.key}@${template.version}:${request.difficulty}:${request.seedGroup}:${request.slot}`;
}

function placeholderValues(
  template: Template,
  difficulty: Difficulty,
  variables: Record<string, string>,
): Map<string, string> {
  return new Map([...Object.entries(variables), ...difficultyValues(template, difficulty)]);
}

function fillGroundTruth(template: Template, fill: (text: string, at: string) => string): CaseGroundTruth {
  const truth = template.groundTruth;
  const list = (name: string, entries: readonly string[]) =>
    entries.map((entry, index) => fill(entry, `ground_truth.${name}[${index}]`));
  const entityMap: Record<string, string> = {};
  for (const [name, role] of Object.entries(truth.entityMap)) {
    const filledName = fill(name, `ground_truth.entity_map`);
    if (Object.hasOwn(entityMap, filledName)) {
      throw new ValidationError([
        {
          where: `template ${template.key}: ground_truth.entity_map`,
          message: `two entries fill to "${filledName}"`,
        },
      ]);
    }
    entityMap[filledName] = fill(role, `ground_truth.entity_map.${name}`);
  }
  return {
    immutableFacts: list('immutable_facts', truth.immutableFacts),
    lockedDecisions: list('locked_decisions', truth.lockedDecisions),
    forbiddenBehaviors: list('forbidden_behaviors', truth.forbiddenBehaviors),
    unresolvedItems: list('unresolved_items', truth.unresolvedItems),
    deferredItems: list('deferred_items', truth.deferredItems),
    entityMap,
  };
}

/** Refuses a level the template lacks and a template over the size limits, before anything is generated. */
function checkCaseRequest(template: Template, difficulty: Difficulty, where: string): void {
  const levels = templateDifficulties(template);
  if (!levels.includes(difficulty)) {
    throw new ValidationError([
      {
        where: `${where}: difficulty_policy.distractor_turns`,
        message: `the template has no "${difficulty}" level; it declares ${levels.join(', ')}`,
      },
    ]);
  }
  const issues = checkTemplateBounds(template, { where, path: '' });
  if (issues.length > 0) throw new ValidationError(issues);
}
