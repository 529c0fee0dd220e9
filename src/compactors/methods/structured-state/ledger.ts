import { comparisonText, type EntryKind, KIND_PRIORITY, type LedgerEntry } from './ledger-entry.js';
import { sharedTopicWords } from './topic-words.js';

/** The prefix of an entry that a later statement superseded; it then sits with the prohibitions. */
export const SUPERSEDED_PREFIX = 'Superseded, do not use: ';

/**
 * Everything the structured-state method keeps, in session order: statements by kind, entities with their
 * roles, the files read and the session's goal. Adding deduplicates; an override moves what it replaces to
 * the rejected statements instead of leaving two current answers.
 */
export class Ledger {
  readonly entries: LedgerEntry[] = [];
  readonly entities = new Map<string, string>();
  readonly filesRead: string[] = [];
  goal = '';
  latest = '';
  private nextOrder = 0;

  /** Adds a statement unless one already kept says the same (either text contains the other); true if added. */
  add(kind: EntryKind, text: string, priority = KIND_PRIORITY[kind]): LedgerEntry | undefined {
    const compared = comparisonText(text);
    if (compared === '') return undefined;
    for (const entry of this.entries) {
      const existing = comparisonText(entry.text);
      if (existing.includes(compared)) return undefined;
      if (compared.includes(existing) && kind === entry.kind) {
        // The new statement says the same and more: keep it in place of the old one.
        entry.text = text;
        entry.priority = Math.max(entry.priority, priority);
        return entry;
      }
      if (compared.includes(existing) && entry.kind === 'rejected') return undefined;
    }
    const entry: LedgerEntry = { kind, text, priority, order: this.nextOrder++ };
    this.entries.push(entry);
    return entry;
  }

  /**
   * Applies an override: each current decision that names a rejected phrase, and each fact or task that names
   * it and shares the override's subject, becomes a rejected entry. With no phrase ("scratch that"), the
   * newest earlier decision on the same subject (else the newest decision) is the one replaced.
   */
  supersede(override: LedgerEntry, phrases: readonly string[]): void {
    const candidates = this.entries.filter(
      (entry) => entry !== override && ['decision', 'fact', 'task'].includes(entry.kind),
    );
    let replaced = 0;
    for (const phrase of phrases) {
      // "rather than Postgres for the queue" names Postgres: the phrase is cut from its end until it matches.
      const words = comparisonText(phrase).split(' ');
      for (let length = words.length; length > 0 && replaced === 0; length--) {
        const needle = words.slice(0, length).join(' ');
        if (needle.length < 3) break;
        for (const entry of candidates) {
          if (entry.kind === 'rejected' || !` ${comparisonText(entry.text)} `.includes(` ${needle} `))
            continue;
          const sameSubject = sharedTopicWords(entry.text, override.text, needle) >= 2;
          if (entry.kind === 'decision' || sameSubject) {
            this.reject(entry);
            replaced++;
          }
        }
      }
    }
    if (replaced > 0) return;
    const decisions = candidates.filter((entry) => entry.kind === 'decision');
    const onSubject = decisions.filter((entry) => sharedTopicWords(entry.text, override.text) >= 1);
    const previous = (onSubject.length > 0 ? onSubject : decisions).at(-1);
    if (previous !== undefined) this.reject(previous);
  }

  /** Puts back an entry read from an earlier artifact, as it was, after the ones restored before it. */
  restore(kind: EntryKind, text: string): void {
    this.entries.push({ kind, text, priority: KIND_PRIORITY[kind], order: this.nextOrder++ });
  }

  /** Records a role for a name; an existing role is kept unless the new statement is an override. */
  setEntity(name: string, role: string, overrides: boolean): void {
    if (!this.entities.has(name) || overrides) this.entities.set(name, role);
  }

  /** Notes a file that was read; one list for all of them, newest last. */
  noteRead(path: string): void {
    const index = this.filesRead.indexOf(path);
    if (index >= 0) this.filesRead.splice(index, 1);
    this.filesRead.push(path);
  }

  private reject(entry: LedgerEntry): void {
    entry.kind = 'rejected';
    entry.priority = KIND_PRIORITY.rejected;
    if (!entry.text.startsWith(SUPERSEDED_PREFIX)) entry.text = `${SUPERSEDED_PREFIX}${entry.text}`;
  }
}
