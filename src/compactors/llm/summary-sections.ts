import { z } from 'zod';
import type { CompactionArtifact, StructuredState } from '../../artifact/compaction-artifact.js';
import { oneLine, STATE_LIST_HEADINGS, type StateListKey } from './render-artifact-text.js';

/**
 * The sections a sectioned summary asks the model for (regenerated-summary and anchored-iterative share them).
 * The model fills each as a list of short items; see `SECTION_GUIDE` in prompts for what goes where.
 */
export const SECTION_FIELDS = [
  'intent',
  'keyConcepts',
  'filesAndCode',
  'errorsAndFixes',
  'userInstructions',
  'prohibitions',
  'decisions',
  'superseded',
  'pendingTasks',
  'deferredTasks',
  'currentWork',
  'nextStep',
] as const;

/** One section the model fills. */
export type SectionField = (typeof SECTION_FIELDS)[number];

/** The model's sectioned summary: a list of items per section. */
export type SectionFields = Record<SectionField, string[]>;

const items = () => z.array(z.string());

/**
 * The JSON a sectioned summary is asked for. Every field is required and has no length limits, because
 * OpenAI's strict schema mode rejects optional fields and string bounds; lengths are checked after parsing.
 */
export const sectionFieldsSchema = z.object({
  intent: items(),
  keyConcepts: items(),
  filesAndCode: items(),
  errorsAndFixes: items(),
  userInstructions: items(),
  prohibitions: items(),
  decisions: items(),
  superseded: items(),
  pendingTasks: items(),
  deferredTasks: items(),
  currentWork: items(),
  nextStep: items(),
}) satisfies z.ZodType<SectionFields>;

/** Where a section is kept in the artifact: a heading of `summaryText`, or a list of `structuredState`. */
export type KeptKey =
  | 'intent'
  | 'userInstructions'
  | 'errorsAndFixes'
  | 'currentWork'
  | 'nextStep'
  | StateListKey;

/** A sectioned summary as the artifact keeps it: a list of items per place. */
export type KeptSections = Record<KeptKey, string[]>;

/**
 * The sections that have no list in `structuredState`, with their headings in `summaryText`, in the order
 * written. Each item appears once in the rendered artifact: the sections that map to a state list live only
 * there, since the benchmark renders both parts and a copy in each would double the artifact's size.
 */
export const SUMMARY_HEADINGS: readonly { key: KeptKey; heading: string }[] = [
  { key: 'intent', heading: 'Intent' },
  { key: 'userInstructions', heading: 'User instructions' },
  { key: 'errorsAndFixes', heading: 'Errors and fixes' },
  { key: 'currentWork', heading: 'Current work' },
  { key: 'nextStep', heading: 'Next step' },
];

/** Every place, summary headings first, then the state lists in rendering order. */
export const KEPT_KEYS: readonly KeptKey[] = [
  ...SUMMARY_HEADINGS.map((section) => section.key),
  ...STATE_LIST_HEADINGS.map((section) => section.key),
];

/**
 * Where each section is kept: rules that forbid go to `forbiddenBehaviors` (with plans that were replaced, so
 * they do not come back), settled decisions to `lockedDecisions`, open tasks to `unresolvedItems`, postponed
 * work to `deferredItems`, and lasting facts, concepts and files to `immutableFacts`.
 */
export const SECTION_HOMES: Readonly<Record<SectionField, KeptKey>> = {
  intent: 'intent',
  keyConcepts: 'immutableFacts',
  filesAndCode: 'immutableFacts',
  errorsAndFixes: 'errorsAndFixes',
  userInstructions: 'userInstructions',
  prohibitions: 'forbiddenBehaviors',
  decisions: 'lockedDecisions',
  superseded: 'forbiddenBehaviors',
  pendingTasks: 'unresolvedItems',
  deferredTasks: 'deferredItems',
  currentWork: 'currentWork',
  nextStep: 'nextStep',
};

/** Opens a replaced decision or plan kept among the forbidden behaviors. */
export const SUPERSEDED_PREFIX = 'Superseded, do not return to: ';

/** No items anywhere. */
export function emptyKept(): KeptSections {
  return Object.fromEntries(KEPT_KEYS.map((key) => [key, []])) as unknown as KeptSections;
}

/** Text compared for duplicates: case, spacing, quotes and end punctuation do not make an item new. */
export function normalizeItem(text: string): string {
  return oneLine(text)
    .normalize('NFKC')
    .toLowerCase()
    .replace(/^[-*•"'`\s]+|["'`.;:,!\s]+$/g, '');
}

/** Appends the items not already in the list (by normalized text), each on one line. */
export function addItems(list: string[], additions: readonly string[]): void {
  const seen = new Set(list.map(normalizeItem));
  for (const addition of additions) {
    const item = oneLine(addition);
    const normalized = normalizeItem(item);
    if (normalized === '' || seen.has(normalized)) continue;
    seen.add(normalized);
    list.push(item);
  }
}

/** The item as kept in its place: a replaced plan gets the prefix that says not to revive it. */
export function keptItem(field: SectionField, item: string): string {
  if (field !== 'superseded' || oneLine(item).startsWith(SUPERSEDED_PREFIX)) return item;
  return SUPERSEDED_PREFIX + oneLine(item);
}

/** The model's sections sorted into their places, deduplicated. */
export function keptFromFields(fields: SectionFields): KeptSections {
  const kept = emptyKept();
  for (const field of SECTION_FIELDS) {
    addItems(
      kept[SECTION_HOMES[field]],
      fields[field].map((item) => keptItem(field, item)),
    );
  }
  return kept;
}

/** The summary text and state lists of an artifact holding these sections. */
export function keptToArtifact(
  kept: KeptSections,
  entityMap: Record<string, string> = {},
): Pick<CompactionArtifact, 'summaryText' | 'structuredState'> {
  const lines: string[] = [];
  for (const { key, heading } of SUMMARY_HEADINGS) {
    if (kept[key].length > 0) lines.push(`${heading}:`, ...kept[key].map((item) => `- ${oneLine(item)}`));
  }
  const structuredState: StructuredState = {
    immutableFacts: [...kept.immutableFacts],
    lockedDecisions: [...kept.lockedDecisions],
    deferredItems: [...kept.deferredItems],
    forbiddenBehaviors: [...kept.forbiddenBehaviors],
    unresolvedItems: [...kept.unresolvedItems],
    entityMap: { ...entityMap },
  };
  return { summaryText: lines.join('\n'), structuredState };
}

/**
 * The sections kept in an artifact that `keptToArtifact` wrote: summary headings are read back from
 * `summaryText`, lists from `structuredState`. Summary lines under no known heading (an artifact from
 * elsewhere) are kept under Intent with a warning rather than lost.
 */
export function keptFromArtifact(artifact: CompactionArtifact): { kept: KeptSections; warnings: string[] } {
  const kept = emptyKept();
  const headings = new Map(SUMMARY_HEADINGS.map((section) => [`${section.heading}:`, section.key]));
  const stray: string[] = [];
  let current: KeptKey | undefined;
  for (const line of artifact.summaryText.split('\n')) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    const heading = headings.get(trimmed);
    if (heading !== undefined) {
      current = heading;
      continue;
    }
    const item = trimmed.startsWith('- ') ? trimmed.slice(2) : trimmed;
    if (current === undefined) stray.push(item);
    else addItems(kept[current], [item]);
  }
  addItems(kept.intent, stray);
  for (const { key } of STATE_LIST_HEADINGS) addItems(kept[key], artifact.structuredState[key]);
  const warnings =
    stray.length === 0
      ? []
      : [`${stray.length} line(s) of the previous summary were under no known heading; kept under Intent`];
  return { kept, warnings };
}
