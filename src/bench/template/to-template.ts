import type { Template, TemplateTurn } from './template.js';
import type { TemplateDocument } from './template-document-schema.js';

/** Renames a validated template-v1 document to compactkit's `Template`, filling left-out lists and maps. */
export function toTemplate(document: TemplateDocument): Template {
  const source = document.template;
  const policy = source.difficulty_policy;
  const truth = source.ground_truth;
  return {
    key: source.key,
    family: source.family,
    version: source.version,
    difficultyPolicy: {
      distractorTurns: { ...policy.distractor_turns },
      paraphraseDepth: { ...policy.paraphrase_depth },
      overrideTiming: { ...policy.override_timing },
    },
    variables: (source.variables ?? []).map(({ name, generator }) => ({ name, generator })),
    transcript: {
      turns: source.transcript.turns.map(
        (turn): TemplateTurn => ({
          role: turn.role,
          ...(turn.template === undefined ? {} : { template: turn.template }),
          tags: turn.tags ?? [],
          ...(turn.count === undefined ? {} : { count: turn.count }),
        }),
      ),
    },
    groundTruth: {
      immutableFacts: truth.immutable_facts ?? [],
      lockedDecisions: truth.locked_decisions ?? [],
      forbiddenBehaviors: truth.forbidden_behaviors ?? [],
      unresolvedItems: truth.unresolved_items ?? [],
      deferredItems: truth.deferred_items ?? [],
      entityMap: truth.entity_map ?? {},
    },
    evaluationItems: source.evaluation_items.map(({ key, type, prompt, expected }) => ({
      key,
      type,
      prompt,
      expected,
    })),
  };
}
