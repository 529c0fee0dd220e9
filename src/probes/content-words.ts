const STOP = new Set(
  'a an the and or of to in on at for with from by is are was were be been it this that these those we you i our your as not no do did does what which who why how where when then than so if into about after before up out over all any each'.split(
    ' ',
  ),
);

/** Lower-cased words and code tokens of a text, stop words removed: what overlap is measured on. */
export function contentWords(text: string): string[] {
  return (
    text.toLowerCase().match(/[\p{L}\p{N}_$][\p{L}\p{N}_$.\-/]*[\p{L}\p{N}_$]|[\p{L}\p{N}]/gu) ?? []
  ).filter((word) => !STOP.has(word));
}

/** The share of `fact`'s content words found in `words` (1 for a fact with none). */
export function coverage(fact: string, words: ReadonlySet<string>): number {
  const needed = [...new Set(contentWords(fact))];
  if (needed.length === 0) return 1;
  return needed.filter((word) => words.has(word)).length / needed.length;
}
