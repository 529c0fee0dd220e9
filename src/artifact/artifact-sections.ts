import type { StructuredState } from './compaction-artifact.js';
import { ENTITY_HEADING, STATE_LIST_HEADINGS } from './render-artifact.js';

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
}[] = STATE_LIST_HEADINGS.map(({ key, heading }) => ({ key, name: heading }));

/** The section name of the entity map. */
export const ENTITY_SECTION: ArtifactSectionName = ENTITY_HEADING;

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
