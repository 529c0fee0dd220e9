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

// "The notes have nothing on this yet", "I've got nothing about that": a report that nothing is known.
const KNOWS_NOTHING =
  /\b(?:have|has|had|got|'ve|know|knows)\s+(?:got\s+)?nothing\s+(?:on|about|for)\s+(?:this|that|it|them)\b/i;
const SPEAKER = /^\[turn \d+\] \w+:\s*/;
// A report of knowing nothing and little else: a longer passage may go on to say something ("…, but we
// decided …").
const MAX_REPORT_WORDS = 12;

/**
 * Whether a passage only reports that nothing is known about the subject ("Picking this up; I have nothing on
 * this yet."): it states no task, decision or fact, whatever cue words it holds ("picking", "yet").
 */
export function reportsNothingKnown(text: string): boolean {
  const body = text.replace(SPEAKER, '');
  return KNOWS_NOTHING.test(body) && body.split(/\s+/).length <= MAX_REPORT_WORDS;
}
