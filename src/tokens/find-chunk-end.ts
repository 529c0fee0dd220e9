/** Longest run of non-whitespace (or of whitespace) that is handed to byte-pair encoding in one piece. */
export const MAX_UNBROKEN_RUN = 256;

// Exact cuts are looked for in the second half of a chunk only, so no chunk is shorter than this.
const MIN_CHUNK_LENGTH = 128;
const APOSTROPHE = 0x27;

const LETTER = /\p{L}/u;
const NUMBER = /\p{N}/u;
const MARK = /\p{M}/u;

type CharacterClass = 'letter' | 'number' | 'mark' | 'surrogate' | 'other';

function classify(code: number): CharacterClass {
  if (code < 0x80) {
    if ((code >= 0x61 && code <= 0x7a) || (code >= 0x41 && code <= 0x5a)) return 'letter';
    if (code >= 0x30 && code <= 0x39) return 'number';
    return 'other';
  }
  // Half of an astral character says nothing about its class; such positions are never cut exactly.
  if (code >= 0xd800 && code <= 0xdfff) return 'surrogate';
  const character = String.fromCharCode(code);
  if (LETTER.test(character)) return 'letter';
  if (NUMBER.test(character)) return 'number';
  if (MARK.test(character)) return 'mark';
  return 'other';
}

/**
 * True when no pre-tokenizer piece of cl100k_base or o200k_base can contain both characters, so counting the
 * text on either side separately gives exactly the count of the whole.
 *
 * Both encodings put numbers only in pieces of numbers (`\p{N}{1,3}`), so every number/non-number edge is a piece
 * edge. A letter piece ends at the first character that is not a letter, except that o200k_base continues it
 * with combining marks and an apostrophe contraction (`'s`, `'ll` ...).
 */
function isExactCut(before: number, after: number): boolean {
  const beforeClass = classify(before);
  const afterClass = classify(after);
  if (beforeClass === 'surrogate' || afterClass === 'surrogate') return false;
  if ((beforeClass === 'number') !== (afterClass === 'number')) return true;
  return beforeClass === 'letter' && afterClass === 'other' && after !== APOSTROPHE;
}

/**
 * End of the chunk that starts at `chunkStart` inside a run longer than `MAX_UNBROKEN_RUN`.
 *
 * Prefers the last exact cut in the chunk's second half (base64, URLs, minified code and numbers nearly always
 * have one); otherwise cuts at `MAX_UNBROKEN_RUN` characters, which may shift a token or two at the cut.
 */
export function findChunkEnd(text: string, chunkStart: number, runIsWhitespace: boolean): number {
  const hardEnd = chunkStart + MAX_UNBROKEN_RUN;
  if (!runIsWhitespace) {
    for (let cut = hardEnd; cut >= chunkStart + MIN_CHUNK_LENGTH; cut--) {
      if (isExactCut(text.charCodeAt(cut - 1), text.charCodeAt(cut))) return cut;
    }
    if (
      classify(text.charCodeAt(hardEnd - 1)) === 'number' &&
      classify(text.charCodeAt(hardEnd)) === 'number'
    ) {
      return alignedNumberCut(text, chunkStart, hardEnd);
    }
  }
  // Splitting a surrogate pair would turn both halves into U+FFFD (3 bytes each) and inflate the count.
  const after = text.charCodeAt(hardEnd);
  const before = text.charCodeAt(hardEnd - 1);
  const splitsPair = after >= 0xdc00 && after <= 0xdfff && before >= 0xd800 && before <= 0xdbff;
  return splitsPair ? hardEnd - 1 : hardEnd;
}

// Numbers are split into pieces of three digits counted from the first digit, so a cut a multiple of three
// digits after it is exact. Earlier cuts in the same number were aligned the same way, so counting from
// `chunkStart` when the number began before it keeps the alignment.
function alignedNumberCut(text: string, chunkStart: number, hardEnd: number): number {
  let numberStart = hardEnd - 1;
  while (numberStart > chunkStart && classify(text.charCodeAt(numberStart - 1)) === 'number') numberStart--;
  return hardEnd - ((hardEnd - numberStart) % 3);
}
