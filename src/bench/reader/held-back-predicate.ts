import { findWholeWords } from '../scoring/normalize.js';

// "customer names stay out of the logs", "the billing schema is off-limits", "the v1 API stays read-only",
// "vendor/ isn't ours to change":
// a rule that names the thing first and holds it back with the predicate after it. The scorer reads such a
// thing as affirmed (no negation comes before it), so the reader recognises the predicate itself. Matched on
// normalised text (punctuation is a space, so "read-only" is "read only").
const HELD_BACK_AFTER =
  /^ (?:(?:must|should|will|has to|have to|needs to|need to|is to|are to|shall) )?(?:stays?|remains?|be|is|are) (?:out of|hands off|off limits|untouched|read only|frozen|a non starter|a nonstarter|a no go|not allowed|forbidden|banned|prohibited)\b|^ (?:is|are)(?: not|n t) ours to (?:change|touch|edit|modify|patch)\b/;

/** Whether `normalized` (normalised text) holds `phrase` followed straight away by a predicate that holds it back. */
export function heldBackAfter(normalized: string, phrase: string): boolean {
  for (const offset of findWholeWords(normalized, phrase)) {
    if (HELD_BACK_AFTER.test(normalized.slice(offset + phrase.length))) return true;
  }
  return false;
}
