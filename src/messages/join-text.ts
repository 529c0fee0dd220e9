/**
 * Joins the text parts of one source message into compactkit's single `content` string. A newline keeps
 * separately written parts apart for a reader without inventing markup.
 */
export function joinText(texts: readonly string[]): string {
  return texts.join('\n');
}
