import { stringify } from 'yaml';

/** A template-v1 document as plain data, typed loosely enough that tests can break any field of it. */
export interface LooseTemplateDocument {
  template: {
    key: string;
    family: string;
    version: string;
    difficulty_policy: {
      distractor_turns: Record<string, number>;
      paraphrase_depth: Record<string, number>;
      override_timing: Record<string, string>;
    };
    variables: { name: string; generator: string }[];
    transcript: { turns: { role: string; template?: string; tags?: string[]; count?: string | number }[] };
    ground_truth: {
      immutable_facts: string[];
      locked_decisions: string[];
      forbidden_behaviors: string[];
      unresolved_items: string[];
      deferred_items: string[];
      entity_map: Record<string, string>;
    };
    evaluation_items: { key: string; type: string; prompt: string; expected: Record<string, unknown> }[];
  };
}

/**
 * A hand-written template that uses every field template-v1 allows, optional ones included, so a test can
 * remove or break any one of them.
 */
export function fullTemplateDocument(): LooseTemplateDocument {
  return {
    template: {
      key: 'handoff-check_v1',
      family: 'handoff_check',
      version: '2.1.0',
      difficulty_policy: {
        distractor_turns: { easy: 1, medium: 2, hard: 3, elite: 4 },
        paraphrase_depth: { easy: 0, medium: 0, hard: 1, elite: 2 },
        override_timing: { easy: 'early', medium: 'middle', hard: 'late', elite: 'last' },
      },
      variables: [
        { name: 'owner', generator: 'person_name' },
        { name: 'service', generator: 'project_noun' },
      ],
      transcript: {
        turns: [
          { role: 'system', template: 'You help {{owner}}.' },
          {
            role: 'user',
            template: '{{owner}} owns {{service}}; never page them at night.',
            tags: ['critical_constraint'],
          },
          { role: 'assistant', template: 'Understood.', tags: [] },
          { role: 'distractor_block', count: '{{difficulty.distractor_turns}}' },
          { role: 'distractor_block', count: 2 },
        ],
      },
      ground_truth: {
        immutable_facts: ['owner: {{owner}}'],
        locked_decisions: ['escalate by email'],
        forbidden_behaviors: ['page {{owner}} at night'],
        unresolved_items: ['who covers weekends?'],
        deferred_items: ['rotate the on-call'],
        entity_map: { '{{owner}}': 'owner', '{{service}}': 'service' },
      },
      evaluation_items: [
        {
          key: 'recall_owner',
          type: 'entity_integrity',
          prompt: 'Who owns {{service}}?',
          expected: { check: 'contains_normalized', value: '{{owner}}' },
        },
        {
          key: 'respect_rule',
          type: 'planning_soundness',
          prompt: 'Plan the incident response.',
          expected: { check: 'forbidden_absent', value: 'page {{owner}} at night' },
        },
      ],
    },
  };
}

/** The document as YAML text. */
export function toYaml(document: unknown): string {
  return stringify(document);
}
