import type { StructuredState } from '../artifact/compaction-artifact.js';

/** The name of a part of a rendered artifact: the summary or one structured-state section. */
export type ArtifactSectionName =
  | 'Summary'
  | 'Immutable facts'
  | 'Locked decisions'
  | 'Forbidden behaviors'
  | 'Deferred items'
  | 'Unresolved items'
  | 'Entities';

/** The structured-state lists in the order `renderArtifact` writes them, each with its section name. */
export const LIST_SECTIONS: readonly {
  name: ArtifactSectionName;
  key: Exclude<keyof StructuredState, 'entityMap'>;
}[] = [
  { name: 'Immutable facts', key: 'immutableFacts' },
  { name: 'Locked decisions', key: 'lockedDecisions' },
  { name: 'Forbidden behaviors', key: 'forbiddenBehaviors' },
  { name: 'Deferred items', key: 'deferredItems' },
  { name: 'Unresolved items', key: 'unresolvedItems' },
];

/** The section name of the entity map. */
export const ENTITY_SECTION: ArtifactSectionName = 'Entities';

const HEADINGS = new Map<string, ArtifactSectionName>(
  [...LIST_SECTIONS.map((section) => section.name), ENTITY_SECTION].map((name) => [name.toLowerCase(), name]),
);

/**
 * The section a line opens, if it is a heading: `Locked decisions:` as rendered, and also the markdown forms
 * (`## Locked decisions`, `**Locked decisions:**`) a prose summary may use for the same sections.
 */
export function sectionOfHeading(line: string): ArtifactSectionName | undefined {
  // Cheap guards first: most lines are long, or lack the colon or markdown marker every heading form has.
  if (line.length > 40) return undefined;
  if (!line.endsWith(':') && !line.startsWith('#') && !line.endsWith('*')) return undefined;
  const bare = line
    .trim()
    .replace(/^#{1,6}\s*/, '')
    .replace(/^\*\*|\*\*$/g, '')
    .replace(/:?\**:?$/, '')
    .trim()
    .toLowerCase();
  return HEADINGS.get(bare);
}
