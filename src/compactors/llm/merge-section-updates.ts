import { z } from 'zod';
import { STATE_LIST_HEADINGS } from './render-artifact-text.js';
import {
  addItems,
  KEPT_KEYS,
  type KeptKey,
  type KeptSections,
  keptItem,
  SECTION_FIELDS,
  SECTION_HOMES,
  type SectionField,
  SUMMARY_HEADINGS,
  SUPERSEDED_PREFIX,
  sectionFieldsSchema,
} from './summary-sections.js';

/** What the model says the newest span changes in a persistent sectioned summary. */
export const sectionUpdatesSchema = z.object({
  add: sectionFieldsSchema,
  resolvedIds: z.array(z.string()),
  supersededIds: z.array(z.object({ id: z.string(), replacement: z.string() })),
});

/** The model's updates, as validated by `sectionUpdatesSchema`. */
export type SectionUpdates = z.infer<typeof sectionUpdatesSchema>;

/** The id letter of each place; `[D2]` is the second locked decision. */
const ID_PREFIXES: Readonly<Record<KeptKey, string>> = {
  intent: 'I',
  userInstructions: 'U',
  errorsAndFixes: 'E',
  currentWork: 'C',
  nextStep: 'N',
  immutableFacts: 'F',
  lockedDecisions: 'D',
  forbiddenBehaviors: 'X',
  deferredItems: 'L',
  unresolvedItems: 'T',
};

/** Sections that describe the present moment: new content replaces the old instead of adding to it. */
const SNAPSHOT_FIELDS: readonly SectionField[] = ['currentWork', 'nextStep'];

/** Places whose replaced items are kept as a note not to return to them: settled choices and rules. */
const REMEMBERED_WHEN_SUPERSEDED: ReadonlySet<KeptKey> = new Set(['lockedDecisions', 'userInstructions']);

const HEADINGS = new Map<KeptKey, string>(
  [...SUMMARY_HEADINGS, ...STATE_LIST_HEADINGS].map((section) => [section.key, section.heading]),
);

/** The summary so far with an id before each item (`[D2] …`), as the model is shown it; '' when empty. */
export function numberSections(kept: KeptSections): string {
  const lines: string[] = [];
  for (const key of KEPT_KEYS) {
    if (kept[key].length === 0) continue;
    lines.push(`${HEADINGS.get(key)}:`);
    kept[key].forEach((item, index) => {
      lines.push(`[${ID_PREFIXES[key]}${index + 1}] ${item}`);
    });
  }
  return lines.join('\n');
}

/** Counts of what a merge changed, for `methodMetadata`. */
export interface MergeStats {
  added: number;
  resolved: number;
  superseded: number;
  /** Snapshot items (current work, next step) replaced by the span's new ones. */
  replaced: number;
}

/**
 * Applies the model's updates to the summary, deterministically. An existing item goes only when the model
 * names its id as resolved or superseded; a superseded decision or instruction becomes a forbidden-behavior
 * note (`Superseded, do not return to: …`) and its replacement takes its place. New current work or next step
 * replaces the old, as those sections describe the present. Additions are appended, skipping any item already
 * there by normalized text. Ids that name no item are ignored with a warning.
 */
export function mergeSectionUpdates(
  kept: KeptSections,
  updates: SectionUpdates,
  method: string,
): { kept: KeptSections; stats: MergeStats; warnings: string[] } {
  const byId = new Map<string, { key: KeptKey; index: number }>();
  for (const key of KEPT_KEYS) {
    kept[key].forEach((_item, index) => {
      byId.set(`${ID_PREFIXES[key]}${index + 1}`, { key, index });
    });
  }
  const unknown: string[] = [];
  const find = (id: string) => {
    const found = byId.get(id.replace(/[[\]\s]/g, '').toUpperCase());
    if (found === undefined) unknown.push(id);
    return found;
  };
  const removed = new Set<string>();
  const stats: MergeStats = { added: 0, resolved: 0, superseded: 0, replaced: 0 };
  const notes: string[] = [];
  const replacements: { key: KeptKey; text: string }[] = [];
  for (const { id, replacement } of updates.supersededIds) {
    const found = find(id);
    if (found === undefined || removed.has(`${found.key}:${found.index}`)) continue;
    removed.add(`${found.key}:${found.index}`);
    stats.superseded++;
    if (REMEMBERED_WHEN_SUPERSEDED.has(found.key))
      notes.push(SUPERSEDED_PREFIX + kept[found.key][found.index]);
    if (replacement.trim() !== '') replacements.push({ key: found.key, text: replacement });
  }
  for (const id of updates.resolvedIds) {
    const found = find(id);
    if (found === undefined || removed.has(`${found.key}:${found.index}`)) continue;
    removed.add(`${found.key}:${found.index}`);
    stats.resolved++;
  }

  const merged = {} as KeptSections;
  for (const key of KEPT_KEYS) {
    merged[key] = kept[key].filter((_item, index) => !removed.has(`${key}:${index}`));
  }
  for (const field of SNAPSHOT_FIELDS) {
    const home = SECTION_HOMES[field];
    if (updates.add[field].some((item) => item.trim() !== '') && merged[home].length > 0) {
      stats.replaced += merged[home].length;
      merged[home] = [];
    }
  }
  addItems(merged.forbiddenBehaviors, notes);
  const before = KEPT_KEYS.reduce((sum, key) => sum + merged[key].length, 0);
  for (const { key, text } of replacements) addItems(merged[key], [text]);
  for (const field of SECTION_FIELDS) {
    addItems(
      merged[SECTION_HOMES[field]],
      updates.add[field].map((item) => keptItem(field, item)),
    );
  }
  stats.added = KEPT_KEYS.reduce((sum, key) => sum + merged[key].length, 0) - before;
  const warnings =
    unknown.length === 0
      ? []
      : [`method ${method}: the model named unknown item id(s) ${unknown.join(', ')}; ignored`];
  return { kept: merged, stats, warnings };
}
