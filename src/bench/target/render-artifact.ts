import type { CompactionArtifact } from '../artifact/compaction-artifact.js';
import { ENTITY_SECTION, LIST_SECTIONS } from './artifact-sections.js';

/** One item on one line: inner line breaks would let item text pose as a heading or a second item. */
function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/**
 * The text a target sees of an artifact, and what the benchmark counts tokens of: the trimmed summary, then one
 * `Heading:` line and `- item` lines per non-empty section. Same artifact, same bytes; an empty artifact is "".
 * @example
 * renderArtifact({ ...emptyArtifact(), summaryText: 'Ship v2.', structuredState: { ...state, forbiddenBehaviors: ['ship on Fridays'] } });
 * // 'Ship v2.\nForbidden behaviors:\n- ship on Fridays'
 */
export function renderArtifact(artifact: CompactionArtifact): string {
  const lines: string[] = [];
  const summary = artifact.summaryText.trim();
  if (summary !== '') lines.push(summary);
  const state = artifact.structuredState;
  for (const section of LIST_SECTIONS) {
    const items = state[section.key].map(oneLine).filter((item) => item !== '');
    if (items.length === 0) continue;
    lines.push(`${section.name}:`, ...items.map((item) => `- ${item}`));
  }
  const entities = Object.entries(state.entityMap)
    .map(([name, role]) => [oneLine(name), oneLine(role)] as const)
    .filter(([name]) => name !== '')
    .map(([name, role]) => (role === '' ? `- ${name}` : `- ${name}: ${role}`));
  if (entities.length > 0) lines.push(`${ENTITY_SECTION}:`, ...entities);
  return lines.join('\n');
}
