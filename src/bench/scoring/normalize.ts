// Markdown links and images keep their visible text only: `[the plan](https://x)` reads as "the plan".
// The text part cannot hold brackets and the URL part cannot hold parentheses or spaces, so every `[` starts
// at most one scan to the next bracket and the whole replace stays linear.
const MARKDOWN_LINK = /!?\[([^[\]\n]*)\]\([^()\s]*\)/g;

// A code-fence line (```ts, ~~~) with its one-word info string: the language name is not content.
// The three character classes are disjoint, so matching a line never backtracks more than its length.
const CODE_FENCE_LINE = /^[ \t]*(?:`{3,}|~{3,})[ \t]*[\w.+#-]*[ \t]*$/gm;

// Everything that is not a letter, a digit or a combining mark (Devanagari vowel signs, for instance) is a
// separator. Markdown emphasis (**, __, *, _), backticks, `#`, `>` and list bullets are all punctuation or
// symbols, so this one class strips them along with every other sign.
const NON_WORD_RUN = /[^\p{L}\p{N}\p{M}]+/gu;

// Most text is ASCII (code, logs, English), which NFKC leaves as it is and whose letters and digits are
// [a-z0-9] once lower-cased: the same result as the Unicode path, several times faster on long artifacts.
const NON_ASCII = /[^\x00-\x7f]/;
const NON_WORD_RUN_ASCII = /[^a-z0-9]+/g;

// Scripts written without spaces between words: any position between two of their characters may be a
// word boundary, or a check could never find a Chinese or Thai value inside a sentence.
const UNSEGMENTED_CHARACTER =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Thai}\p{Script=Lao}\p{Script=Khmer}\p{Script=Myanmar}]/u;

/**
 * Normalises text for matching: NFKC, lowercase, markdown stripped (code-fence markers, emphasis, backticks,
 * headings, quotes, list bullets; `[text](url)` becomes `text`), every punctuation or symbol character turned
 * into a space (letters and digits of any script stay), whitespace collapsed and trimmed. Ordered-list
 * numbers ("1.") are kept as words: they cannot be told apart from a number that is content ("version 2.").
 *
 * @example
 * normalizeText('**The Plan:** use `port 8443`!'); // 'the plan use port 8443'
 */
export function normalizeText(text: string): string {
  if (!NON_ASCII.test(text)) {
    return text
      .toLowerCase()
      .replace(CODE_FENCE_LINE, ' ')
      .replace(MARKDOWN_LINK, '$1')
      .replace(NON_WORD_RUN_ASCII, ' ')
      .trim();
  }
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(CODE_FENCE_LINE, ' ')
    .replace(MARKDOWN_LINK, '$1')
    .replace(NON_WORD_RUN, ' ')
    .trim();
}

/** Replaces markdown links and images by their visible text, as normalizeText does. */
export function stripMarkdownLinks(text: string): string {
  return text.replace(MARKDOWN_LINK, '$1');
}

/**
 * Whether `needle` occurs in `haystack` as whole words once both are normalised ("The Plan" is in
 * "**the plan**"; "8080" is not in "18080"). A needle that normalises to nothing never matches.
 */
export function containsNormalized(haystack: string, needle: string): boolean {
  return findWholeWords(normalizeText(haystack), normalizeText(needle), 1).length > 0;
}

/**
 * Start offsets, in `normalizeText(haystack)`, of every whole-word match of the normalised `needle`, in order
 * (overlapping matches included). Empty when the needle normalises to nothing.
 */
export function findNormalized(haystack: string, needle: string): number[] {
  return findWholeWords(normalizeText(haystack), normalizeText(needle));
}

/**
 * `findNormalized` for text that is already normalised: start offsets of whole-word matches of `needle` in
 * `haystack`, at most `limit` of them. Lets a caller normalise a long response once and search it often.
 */
export function findWholeWords(haystack: string, needle: string, limit = Number.POSITIVE_INFINITY): number[] {
  const offsets: number[] = [];
  // An empty needle would match everywhere; context-bench scores an empty gold answer 1.0 that way.
  if (needle.length === 0) return offsets;
  let from = 0;
  while (offsets.length < limit) {
    const start = haystack.indexOf(needle, from);
    if (start < 0) break;
    if (isWordBoundary(haystack, start) && isWordBoundary(haystack, start + needle.length)) {
      offsets.push(start);
    }
    from = start + 1;
  }
  return offsets;
}

/** Whether a match may start or end at `index` of normalised text without cutting a word in two. */
function isWordBoundary(text: string, index: number): boolean {
  if (index <= 0 || index >= text.length) return true;
  const before = codePointBefore(text, index);
  const after = String.fromCodePoint(text.codePointAt(index) ?? 32);
  if (before === ' ' || after === ' ') return true;
  return UNSEGMENTED_CHARACTER.test(before) || UNSEGMENTED_CHARACTER.test(after);
}

/** The whole character ending just before `index`, surrogate pairs kept together. */
function codePointBefore(text: string, index: number): string {
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.slice(index - 2, index);
  }
  return text.charAt(index - 1);
}
