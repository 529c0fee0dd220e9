/**
 * SQuAD answer normalisation: lower case, punctuation removed, the articles a/an/the removed, whitespace
 * collapsed. The official script's rules, written here so every QA score uses the same ones.
 */
export function normalizeAnswer(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\p{P}\p{S}]/gu, ' ')
    .replace(/\b(a|an|the)\b/g, ' ')
    .split(/\s+/)
    .filter((word) => word !== '')
    .join(' ');
}

/** The normalised words of a text. */
export function answerTokens(text: string): string[] {
  const normalized = normalizeAnswer(text);
  return normalized === '' ? [] : normalized.split(' ');
}

/** The gold answers of an example as a list, without blank ones (which cannot be scored). */
export function goldAnswers(answer: unknown): string[] {
  const list = Array.isArray(answer) ? answer : answer === undefined || answer === null ? [] : [answer];
  return list
    .filter((value): value is string | number => typeof value === 'string' || typeof value === 'number')
    .map(String)
    .filter((value) => value.trim() !== '');
}
