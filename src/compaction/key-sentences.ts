/**
 * Sentences that carry a rule, a constraint or a decision. These are what an agent must not forget after
 * compaction, so digests keep them word for word.
 */
const KEY_SENTENCE = new RegExp(
  [
    String.raw`\b(never|always|must|mustn't|shall|shan't|cannot|can't|won't|don't|do not|does not|doesn't|not allowed|only)\b`,
    String.raw`\b(forbidden|prohibited|under no circumstances|off the table|off-limits|avoid|make sure|ensure|required?|mandatory)\b`,
    String.raw`\b(decided|decision|we'll go with|go with|instead|switch(ed)? to|scratch that|let's use|stick with|from now on|no longer|rather than|keep using|stop using)\b`,
    String.raw`\b(deadline|by (monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|eod|end of day))\b`,
    String.raw`\b(remember|important|note that|careful|fyi|for context|for the record|heads[- ]up|keep in mind)\b`,
  ].join('|'),
  'i',
);

/**
 * Sentences that state a fact an agent will need again: times, versions, quantities with units, amounts,
 * ports, long numbers and URLs. A bare small number ("module 4") is not a fact.
 */
const FACT_SENTENCE = new RegExp(
  [
    String.raw`\b\d{1,2}:\d{2}\b`,
    String.raw`\bv?\d+\.\d+(\.\d+)*\b`,
    String.raw`\b\d+(\.\d+)?\s?(ms|sec|seconds?|minutes?|mins?|hours?|days?|weeks?|%|percent|kb|mb|gb|tb|rows|requests|rps|qps|utc|am|pm|million|billion)\b`,
    String.raw`[$€£]\s?\d`,
    String.raw`\bport\s+\d+`,
    String.raw`\b\d{4,}\b`,
    String.raw`\b[a-z][a-z0-9+.-]*:\/\/\S+`,
  ].join('|'),
  'i',
);

/** Splits text into sentences, keeping code-ish lines and list items as their own units. */
export function splitSentences(text: string): string[] {
  const units: string[] = [];
  for (const line of text.split(/\n+/)) {
    const trimmed = line.trim();
    if (trimmed === '') continue;
    // A sentence ends at . ! ? followed by space and an uppercase letter, digit or quote; paths like a.ts stay whole.
    for (const part of trimmed.split(/(?<=[.!?])\s+(?=[A-Z0-9"'([`])/)) {
      if (part.trim() !== '') units.push(part.trim());
    }
  }
  return units;
}

/** True when a sentence states a rule, constraint, decision or a fact with a number, version or URL. */
export function isKeySentence(sentence: string): boolean {
  return KEY_SENTENCE.test(sentence) || FACT_SENTENCE.test(sentence);
}

/**
 * Reduces a long message to its first sentence (what was asked) plus every rule, constraint, decision and
 * fact sentence, verbatim and in order.
 */
export function digestKeySentences(text: string): string {
  const sentences = splitSentences(text);
  const kept = sentences.filter((sentence, index) => index === 0 || isKeySentence(sentence));
  const dropped = sentences.length - kept.length;
  return dropped > 0
    ? `${kept.join(' ')} [${dropped} other sentence${dropped === 1 ? '' : 's'} omitted]`
    : kept.join(' ');
}
