/** What a kept statement is, which decides its section and how readily it is dropped to fit a budget. */
export type EntryKind = 'rule' | 'rejected' | 'decision' | 'task' | 'deferred' | 'fact' | 'file' | 'error';

/** One statement the extractor keeps. */
export interface LedgerEntry {
  kind: EntryKind;
  /** The statement as it will be written (one line). */
  text: string;
  /** Higher survives a tight budget longer. */
  priority: number;
  /** Position in the session: later statements sort after earlier ones and win among decisions. */
  order: number;
  /**
   * For a fact that copies a rule, decision or task holding a value: that entry. The copy is written under the
   * facts while its original stands, and goes when the original is superseded.
   */
  copyOf?: LedgerEntry;
  /** For a fact or error read off a tool's output (not said by anyone): written apart, as what was seen. */
  observed?: true;
}

/** How readily each kind is kept when the budget is tight: rules and decisions last, file reads first. */
export const KIND_PRIORITY: Readonly<Record<EntryKind, number>> = {
  rule: 100,
  rejected: 95,
  decision: 90,
  task: 85,
  deferred: 75,
  error: 65,
  file: 60,
  fact: 55,
};

/**
 * The text compared when deduplicating: lower case, punctuation and list markers gone, spaces collapsed.
 * Two statements are the same when one's comparison text contains the other's.
 */
export function comparisonText(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Whether `text` only says a kept statement again behind a lead-in ("To recap: X", "Picking this up from the
 * notes: X"): everything after its first colon is, in comparison, the kept statement or a part of it.
 */
export function restatesBehindLeadIn(text: string, keptCompared: string): boolean {
  const colon = text.indexOf(': ');
  if (colon < 0) return false;
  const after = comparisonText(text.slice(colon + 2));
  return after !== '' && keptCompared.includes(after);
}
