// "Ignore what I said earlier about the PDF": a retraction scoped to one subject names what it takes back.
const SCOPED_RETRACTION =
  /\b(?:ignore|disregard|forget|scratch) (?:what|everything|anything|all) (?:i|we|i'?ve|we'?ve) (?:said|wrote|written|asked|mentioned|told you|planned|suggested|discussed|agreed|decided)(?: [a-z]+)? (?:about|on|regarding|re|for) (?:the |that |my |our )?([^,.;:!?()]+)/gi;

/**
 * Whether a sentence takes back what was said on one subject it names ("disregard what we agreed on the
 * mirror"): the newest statement naming that subject is the one meant, whatever else it is about.
 */
export function retractsSubject(sentence: string): boolean {
  return RETRACTS_SUBJECT.test(sentence);
}
// Not global: a global pattern's test() moves the lastIndex that matchAll() starts from.
const RETRACTS_SUBJECT = new RegExp(SCOPED_RETRACTION.source, 'i');

// Each pattern captures what an override sentence turns away from ("... instead of <X>").
const REJECTED_PATTERNS: readonly RegExp[] = [
  /\binstead of ([^,.;:!?()]+)/gi,
  /\brather than ([^,.;:!?()]+)/gi,
  /,\s*not ([^,.;:!?()]+)/gi,
  /\bswitch(?:ed|ing)? (?:over )?from ([^,.;:!?()]+?) to\b/gi,
  /\breplac(?:e|ed|ing) ([^,.;:!?()]+?) with\b/gi,
  /\b(?:my|the|our|that) ([^,.;:!?()]+?) (?:is|are|was|were) (?:no longer|not) (?:valid|used|needed|correct|right|current|true|an option)\b/gi,
  SCOPED_RETRACTION,
  /\bforget (?:about )?([^,.;:!?()]+)/gi,
  /\bno more ([^,.;:!?()]+)/gi,
];

// A phrase made only of words that point back ("what I said before", "the earlier instruction").
const POINTS_BACK =
  /^(?:(?:the|my|our|that|this|your|what|i|we|had|have|'ve|said|asked|planned|suggested|wrote|before|earlier|previous|prior|old|original|first|former|initial|last|above|other|instructions?|plans?|ideas?|requests?|suggestions?|approach|directions?|messages?|one|version|ask|options?)(?:\s+|$))+$/i;

/** Whether a phrase only points back at an earlier plan without naming it ("what I said before"). */
export function pointsBackOnly(phrase: string): boolean {
  return POINTS_BACK.test(phrase);
}

/**
 * What an override sentence rejects, as written: "go with B instead of A" gives ["A"]; "port 8081, not 8080"
 * gives ["8080"]. Very short captures are dropped, since they would match unrelated statements.
 */
export function supersededPhrases(sentence: string): string[] {
  const found: string[] = [];
  for (const pattern of REJECTED_PATTERNS) {
    for (const match of sentence.matchAll(pattern)) {
      const phrase = (match[1] ?? '')
        .trim()
        .replace(/\s+(?:anymore|any more|anywhere|either|too|now|then)$/i, '');
      // "Forget what I said before" points back without naming the plan: the override finds it by subject.
      if (pointsBackOnly(phrase)) continue;
      if (phrase.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && !found.includes(phrase)) found.push(phrase);
    }
  }
  return found;
}
