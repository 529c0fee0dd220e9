// Anything that is not a letter, a digit or a combining mark separates words, as in the scorer's normalizeText.
const NON_WORD = /[^\p{L}\p{N}\p{M}]+/gu;
// The same for ASCII-only text, several times faster; filler normalises a lot of it.
const ASCII_NON_WORD = /[^a-z0-9]+/g;
const NON_ASCII = /[^\x00-\x7f]/;
const SPACE = 0x20;

/**
 * The form the benchmark matches text in: NFKC, lower case, every run of punctuation, markdown and whitespace
 * turned into one space, no space at either end. Agrees with the scorer's `normalizeText` on everything
 * generation produces; it skips the scorer's markdown-link and code-fence handling, which filler never needs.
 *
 * @example normalizeMatchText("Don't **drop** ledger_entries!") // 'don t drop ledger entries'
 */
export function normalizeMatchText(text: string): string {
  if (!NON_ASCII.test(text)) return text.toLowerCase().replace(ASCII_NON_WORD, ' ').trim();
  return text.normalize('NFKC').toLowerCase().replace(NON_WORD, ' ').trim();
}

/**
 * True when `phrase` occurs in `text` as a whole-word sequence once both are normalised; an empty phrase
 * (no letters or digits) is contained in nothing.
 *
 * @example containsWholeWords('Run the invoice-export job', 'invoice export') // true
 */
export function containsWholeWords(text: string, phrase: string): boolean {
  return containsNormalized(normalizeMatchText(text), normalizeMatchText(phrase));
}

/** `containsWholeWords` for text and phrase that are already normalised. */
export function containsNormalized(normalizedText: string, normalizedPhrase: string): boolean {
  if (normalizedPhrase === '') return false;
  // Normalised words are separated by exactly one space, so a match is whole when spaces or ends bound it.
  let index = normalizedText.indexOf(normalizedPhrase);
  while (index !== -1) {
    const end = index + normalizedPhrase.length;
    const startsWord = index === 0 || normalizedText.charCodeAt(index - 1) === SPACE;
    const endsWord = end === normalizedText.length || normalizedText.charCodeAt(end) === SPACE;
    if (startsWord && endsWord) return true;
    index = normalizedText.indexOf(normalizedPhrase, index + 1);
  }
  return false;
}
