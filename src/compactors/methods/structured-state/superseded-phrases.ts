// Each pattern captures what an override sentence turns away from ("... instead of <X>").
const REJECTED_PATTERNS: readonly RegExp[] = [
  /\binstead of ([^,.;:!?()]+)/gi,
  /\brather than ([^,.;:!?()]+)/gi,
  /,\s*not ([^,.;:!?()]+)/gi,
  /\bswitch(?:ed|ing)? (?:over )?from ([^,.;:!?()]+?) to\b/gi,
  /\breplac(?:e|ed|ing) ([^,.;:!?()]+?) with\b/gi,
  /\b(?:my|the|our|that) ([^,.;:!?()]+?) (?:is|are|was|were) (?:no longer|not) (?:valid|used|needed|correct|right|current|true|an option)\b/gi,
  /\bforget (?:about )?([^,.;:!?()]+)/gi,
  /\bno more ([^,.;:!?()]+)/gi,
];

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
      if (phrase.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && !found.includes(phrase)) found.push(phrase);
    }
  }
  return found;
}
