/** The line that opens the notes block in a model prompt. */
export const NOTES_OPEN = '<<<NOTES';

/** The line that closes the notes block; untrusted text can never contain it (see `fenceNotes`). */
export const NOTES_CLOSE = 'NOTES>>>';

/**
 * Wraps untrusted text between `NOTES_OPEN` and `NOTES_CLOSE` lines. Every run of three or more `<` or `>` in
 * the text is spaced out (`> > >`), so the text can neither close the block early nor open a fake one.
 */
export function fenceNotes(text: string): string {
  const neutral = text.replace(/<{3,}|>{3,}/g, (run) => run.split('').join(' '));
  return `${NOTES_OPEN}\n${neutral}\n${NOTES_CLOSE}`;
}
