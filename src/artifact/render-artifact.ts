import type { CompactionArtifact, StructuredState } from './compaction-artifact.js';

/** A list of `structuredState` (all but the entity map). */
export type StateListKey = Exclude<keyof StructuredState, 'entityMap'>;

/** The structured-state lists in the order `renderArtifact` writes them, each with its heading. */
export const STATE_LIST_HEADINGS = [
  { key: 'immutableFacts', heading: 'Immutable facts' },
  { key: 'lockedDecisions', heading: 'Locked decisions' },
  { key: 'forbiddenBehaviors', heading: 'Forbidden behaviors' },
  { key: 'deferredItems', heading: 'Deferred items' },
  { key: 'unresolvedItems', heading: 'Unresolved items' },
] as const satisfies readonly { key: StateListKey; heading: string }[];

/** The heading of the entity map. */
export const ENTITY_HEADING = 'Entities';

/** Text on one line with single spaces: a line break inside an item would let it pose as a heading or a second item. */
export function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The text a reader sees of an artifact, and what the benchmark counts tokens of: the trimmed summary, then one
 * `Heading:` line and `- item` lines per non-empty section. Same artifact, same bytes; an empty artifact is "".
 * Compactors measure their budgets on it, so they measure what the benchmark does.
 * @example
 * renderArtifact({ ...emptyArtifact(), summaryText: 'Ship v2.', structuredState: { ...state, forbiddenBehaviors: ['ship on Fridays'] } });
 * // 'Ship v2.\nForbidden behaviors:\n- ship on Fridays'
 */
export function renderArtifact(artifact: CompactionArtifact): string {
  const lines: string[] = [];
  const summary = artifact.summaryText.trim();
  if (summary !== '') lines.push(summary);
  const state = artifact.structuredState;
  for (const { key, heading } of STATE_LIST_HEADINGS) {
    const items = state[key].map(oneLine).filter((item) => item !== '');
    if (items.length > 0) lines.push(`${heading}:`, ...items.map((item) => `- ${item}`));
  }
  const entities = Object.entries(state.entityMap)
    .map(([name, role]) => [oneLine(name), oneLine(role)] as const)
    .filter(([name]) => name !== '')
    .map(([name, role]) => (role === '' ? `- ${name}` : `- ${name}: ${role}`));
  if (entities.length > 0) lines.push(`${ENTITY_HEADING}:`, ...entities);
  return lines.join('\n');
}
