import type { ArtifactSectionName } from '../../artifact/artifact-sections.js';
import type { ItemType } from '../case/types.js';
import type { CueHits, CueKind } from './cue-matcher.js';

/** How one item type is scored. */
export interface TypeProfile {
  sections: readonly ArtifactSectionName[];
  cue: CueKind;
  /** Decisions: the newest one wins, so later passages and overrides weigh more. */
  newestWins: boolean;
}

/** How each item type is scored: the sections and cue words it looks for, and whether the newest decision wins. */
export const PROFILES: Record<ItemType, TypeProfile> = {
  locked_decision_retention: { sections: ['Locked decisions'], cue: 'decision', newestWins: true },
  planning_soundness: { sections: ['Locked decisions'], cue: 'decision', newestWins: true },
  forbidden_behavior_retention: { sections: ['Forbidden behaviors'], cue: 'rule', newestWins: false },
  immutable_fact_recall: { sections: ['Immutable facts'], cue: 'fact', newestWins: false },
  unresolved_task_continuity: {
    sections: ['Unresolved items', 'Deferred items'],
    cue: 'task',
    newestWins: false,
  },
  entity_integrity: { sections: ['Entities'], cue: 'entity', newestWins: false },
};

/** One reader per kind: `cues[kind]` with a different kind per item is a slow property look-up. */
export const CUES_OF_KIND: Record<CueKind, (cues: CueHits) => readonly number[]> = {
  rule: (cues) => cues.rule,
  decision: (cues) => cues.decision,
  override: (cues) => cues.override,
  task: (cues) => cues.task,
  entity: (cues) => cues.entity,
  fact: (cues) => cues.fact,
};
