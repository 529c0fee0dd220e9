import type { LedgerEntry } from './ledger-entry.js';
import { comparisonText } from './ledger-entry.js';
import { BRIEF_CORRECTION_WORDS, CORRECTABLE, RECENT_STATED } from './ledger-kinds.js';
import { sharedCount, topicWords } from './topic-words.js';
import { correctedText, correctsValue, valueShapes, valuesRestated } from './value-correction.js';

/** What the ledger knows of the facts people stated, for finding the one a correction replaces. */
export interface StatedFacts {
  /** The facts and tasks people stated, oldest first. */
  stated: readonly LedgerEntry[];
  /** Entries that are themselves corrections: never the statement another correction replaces. */
  corrections: ReadonlySet<LedgerEntry>;
  /** The subject words of an entry. */
  topicsOf(entry: LedgerEntry): ReadonlySet<string>;
}

/**
 * The newest fact the user stated, among the last few, that a correction replaces: one holding a value of the
 * kind the correction gives (a number, a weekday), on its subject unless the correction is brief. Only one
 * newer than `than`.
 */
export function newestStated(
  facts: StatedFacts,
  override: LedgerEntry,
  topics: ReadonlySet<string>,
  than: LedgerEntry | undefined,
): LedgerEntry | undefined {
  const shapes = valueShapes(override.text);
  const brief = override.text.split(/\s+/).length <= BRIEF_CORRECTION_WORDS;
  const oldest = Math.max(0, facts.stated.length - RECENT_STATED);
  // The one sharing the most subject words with the correction, the newest among equals: "sorry, typo: the
  // docs build listens on 4010" corrects "the docs build listens on 4100", not a newer line that says "typo".
  let best: LedgerEntry | undefined;
  let bestShared = 0;
  let fallback: LedgerEntry | undefined;
  const valueCorrection = correctsValue(override.text);
  for (let at = facts.stated.length - 1; at >= oldest; at--) {
    const entry = facts.stated[at] as LedgerEntry;
    if (entry === override || !CORRECTABLE.has(entry.kind) || facts.corrections.has(entry)) continue;
    if (than !== undefined && entry.order < than.order) break;
    // A task is corrected only in place, when the correction's value pairs with one of its own.
    if (entry.kind !== 'fact' && !(valueCorrection && correctedText(entry.text, override.text) !== undefined))
      continue;
    // A value corrected by a value of its kind, on the same subject (or right after, in a few words).
    if (![...valueShapes(entry.text)].some((shape) => shapes.has(shape))) continue;
    // "…2024-01-17 still stands for that": a statement whose values a change of plan names again is not replaced
    // (a correction names the old value only to take it back).
    if (!valueCorrection && valuesRestated(entry.text, override.text)) continue;
    if (brief && best === undefined) best = entry;
    let shared = 0;
    for (const word of facts.topicsOf(entry)) if (topics.has(word)) shared++;
    if (shared > bestShared) [best, bestShared] = [entry, shared];
    // "Dana says 04:05 UTC works better": no subject word, but a value of the kind to correct in place.
    if (valueCorrection)
      fallback ??= correctedText(entry.text, override.text) === undefined ? undefined : entry;
  }
  return best ?? fallback;
}

/**
 * "The port is 8081, not 8080": the newest fact the user stated, among the last few, that names a rejected
 * phrase as whole words and shares a subject word with the correction (or, `pointed`, whatever its subject).
 * Only one newer than `than`.
 */
export function newestStatedNaming(
  facts: StatedFacts,
  phrases: readonly string[],
  topics: ReadonlySet<string>,
  than: LedgerEntry | undefined,
  pointed: boolean,
): LedgerEntry | undefined {
  const needles = phrases
    .map((phrase) => ` ${comparisonText(phrase)} `)
    .filter((needle) => needle.length > 4);
  const oldest = Math.max(0, facts.stated.length - RECENT_STATED);
  for (let at = facts.stated.length - 1; at >= oldest; at--) {
    const entry = facts.stated[at] as LedgerEntry;
    if (entry.kind !== 'fact') continue;
    if (than !== undefined && entry.order < than.order) return undefined;
    const text = ` ${comparisonText(entry.text)} `;
    const named = needles.find((needle) => text.includes(needle));
    if (named === undefined) continue;
    // A subject word besides the phrase itself: "page B instead of Freya Bakker" is not about Bakker's role.
    // "Ignore what I said about the PDF" points at the statement by the phrase alone.
    if (pointed || sharedCount(facts.topicsOf(entry), topics, topicWords(named)) > 0) return entry;
  }
  return undefined;
}
