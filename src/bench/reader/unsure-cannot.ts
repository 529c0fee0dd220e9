// "I can't tell which one finance expects", "we couldn't reproduce it": saying what one does not know or could
// not do states no rule, though "can't" often does ("you can't deploy on Fridays").
const UNSURE =
  /\b(?:I|we)\s+(?:really\s+|honestly\s+|still\s+)?(?:can[’']?t|cannot|can not|couldn[’']?t|could not)\s+(?:tell|say|see|figure out|work out|find|remember|recall|reproduce|decide|confirm|verify|be sure)\b/gi;
const CANNOT = /\bcan(?:[’']?t|not|\s+not)\b/gi;

/**
 * Whether every "can't" or "cannot" of a text says what the speaker does not know or could not do ("I can't
 * tell which one…"), so it marks no rule. False when the text holds none.
 */
export function cannotIsOnlyUnsure(text: string): boolean {
  const unsure = Array.from(text.matchAll(UNSURE), (match) => match.index);
  if (unsure.length === 0) return false;
  for (const match of text.matchAll(CANNOT)) {
    // The "can't" sits inside an "I can't tell" span: it starts within a few words of the span's start.
    if (!unsure.some((start) => match.index >= start && match.index - start <= 20)) return false;
  }
  return true;
}
