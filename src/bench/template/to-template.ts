import type { Template, TemplateToolCall, TemplateTurn } from './template.js';
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
      targetTokens: { ...policy.target_tokens },
    },
    variables: (source.variables ?? []).map(({ name, generator, like, choices }) => ({
      name,
      ...(generator === undefined ? {} : { generator }),
      ...(like === undefined ? {} : { like }),
      ...(choices === undefined ? {} : { choices: [...choices] }),
    })),
    transcript: {
      turns: source.transcript.turns.map(
        (turn): TemplateTurn => ({
          role: turn.role,
          ...(turn.template === undefined ? {} : { template: turn.template }),
          tags: turn.tags ?? [],
          ...(turn.count === undefined ? {} : { count: turn.count }),
          ...(turn.shape === undefined ? {} : { shape: turn.shape }),
          ...(turn.language === undefined ? {} : { language: turn.language }),
          toolCalls: (turn.tool_calls ?? []).map(
            (call): TemplateToolCall => ({
              name: call.name,
              arguments: { ...call.arguments },
              output: call.output,
              isError: call.is_error ?? false,
              buryTokens: { ...call.bury_tokens },
            }),
          ),
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
    evaluationItems: source.evaluation_items.map((item) => ({
      key: item.key,
      type: item.type,
      prompt: item.prompt,
      expected: item.expected,
      ...(item.answer_format === undefined ? {} : { answerFormat: item.answer_format }),
      ...(item.tempting_default === undefined ? {} : { temptingDefault: item.tempting_default }),
      cues: item.cues ?? [],
    })),
    ...(source.description === undefined ? {} : { description: source.description }),
    continuation: source.continuation ?? [],
  };
}
