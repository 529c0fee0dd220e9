// The word lists classifyMention reads. Entries are written as people write them ("don't"); they are
// normalised the same way as responses ("don t") when the tables are built, so one list serves both.

/** Words that reject what follows them up to the end of the clause: "we must never X", "stop X". */
// biome-ignore format: a word table reads best filled, not one entry per line
export const CLAUSE_NEGATIONS: readonly string[] = [
  'never', 'not', 'nor', 'neither', 'nobody', 'no longer', 'not anymore', 'no way', 'no chance',
  "don't", 'do not', "doesn't", 'does not', "didn't", 'did not',
  "won't", 'will not', "wouldn't", 'would not', "mustn't", 'must not', "shouldn't", 'should not',
  'cannot', "can't", 'can not', 'may not', 'shall not', "shan't",
  "isn't", "aren't", "wasn't", "weren't",
  'not allowed to', 'not permitted to', 'forbidden to', 'prohibited from', 'banned from',
  'forbid', 'forbids', 'forbidden', 'prohibit', 'prohibits', 'prohibited', 'ban', 'bans', 'banned',
  'disallow', 'disallowed',
  'avoid', 'avoids', 'avoided', 'avoiding', 'refrain from',
  'stop', 'stops', 'stopped', 'stopping', 'refuse', 'refuses', 'refused', 'refusing',
  'drop', 'drops', 'dropped', 'dropping', 'scrap', 'scraps', 'scrapped', 'scrapping',
  'reject', 'rejects', 'rejected', 'rejecting', 'cancel', 'cancels', 'cancelled', 'canceled', 'cancelling',
  'abandon', 'abandons', 'abandoned', 'abandoning', 'veto', 'vetoed', 'rule out', 'ruled out',
  'retire', 'retired', 'deprecate', 'deprecated', 'discontinue', 'discontinued',
  'used to', 'previously', 'formerly', 'originally',
  // Holding back, in plain speech: "steer clear of X", "hold off on X", "I'd rather not X".
  'steer clear of', 'stay clear of', 'stay away from', 'keep away from', 'hold off on', 'hold off',
  'hands off', 'keep out', 'leave out', 'rather not', 'no need to', 'not going to', 'skip', 'skips',
  // Taking something back: "ignore what I said about the CSV", "forget the cache idea".
  'ignore', 'ignore what i said about', 'disregard', 'forget', 'forget about',
  // Putting something off for now: "park the Kafka idea", "we shelved the rewrite".
  'park', 'parks', 'parked', 'shelve', 'shelves', 'shelved', 'put aside', 'set aside',
];

/**
 * Words that reject what follows until a word that introduces the replacement: "replace X with Y",
 * "switched from X to Y", "revert to X" (the closer comes first, so X is not rejected).
 */
// biome-ignore format: a word table reads best filled, not one entry per line
export const REPLACEMENT_CUES: readonly string[] = [
  'replace', 'replaces', 'replaced', 'replacing', 'swap', 'swapped', 'swap out', 'swapped out',
  'switch from', 'switched from', 'switching from', 'switch away from', 'switched away from',
  'move from', 'moved from', 'move away from', 'moved away from', 'moved off', 'migrate from',
  'migrated from', 'migrated off', 'change from', 'changed from', 'went from', 'go from',
  'revert', 'reverts', 'reverted', 'reverting', 'roll back', 'rolled back', 'undo', 'undid',
];

/** The words that end a REPLACEMENT_CUES rejection: what comes after them is the new choice. */
export const REPLACEMENT_CLOSERS: readonly string[] = ['with', 'by', 'to', 'for', 'into'];

/**
 * Words that reject only the phrase they open, up to the next comma, bracket or dash, or a new subject
 * ("instead of X, we'll Y" and "instead of X we'll Y" both affirm Y).
 */
// biome-ignore format: a word table reads best filled, not one entry per line
export const PHRASE_NEGATIONS: readonly string[] = [
  'instead of', 'rather than', 'in place of', 'as opposed to', 'other than', 'except', 'excluding',
  'without', 'against', 'no', 'no more', 'none of',
  'old', 'previous', 'former', 'outdated', 'obsolete', 'superseded', 'stale',
  'off the table', 'off limits', 'out of scope', 'out of the question', "don'ts", 'donts',
];

/**
 * Words that end a PHRASE_NEGATIONS rejection: subjects that start a new statement, and the "by" that names
 * the replacement ("the old port, superseded by 8434").
 */
export const PHRASE_CLOSERS: readonly string[] = ['we', 'i', 'you', 'they', 'let', 'lets', 'by'];

// A negation before one of these turns into an instruction to do the thing: "don't forget to X" affirms X.
// biome-ignore format: a word table reads best filled, not one entry per line
const NEGATORS_THAT_FLIP = [
  "don't", 'do not', 'never', 'not', "won't", 'will not', 'must not', "mustn't", 'should not',
  "shouldn't", "can't", 'cannot', "didn't", 'did not',
];
// biome-ignore format: a word table reads best filled, not one entry per line
const FLIPPING_VERBS = [
  'forget', 'forget to', 'fail to', 'hesitate to', 'skip', 'miss', 'neglect', 'omit', 'overlook', 'stop',
];

/**
 * Phrases that contain a negation word but do not reject what follows: "don't forget to X", "not only X",
 * "X without fail". They are read as one unit, so their "not" never counts.
 */
// biome-ignore format: a word table reads best filled, not one entry per line
export const NEUTRAL_PHRASES: readonly string[] = [
  ...NEGATORS_THAT_FLIP.flatMap((negator) => FLIPPING_VERBS.map((verb) => `${negator} ${verb}`)),
  'not only', 'not just', 'not merely', 'no matter', 'no doubt', 'no exceptions', 'no exception',
  'without fail', 'without exception', 'whether or not', 'not negotiable', 'non-negotiable',
  "can't wait", 'cannot wait', 'no questions asked', 'without delay',
];

/**
 * Phrases that end every rejection that came before them in the clause, wherever they appear: "we dropped X
 * in favor of Y", "don't X and then Y".
 */
// biome-ignore format: a word table reads best filled, not one entry per line
export const SCOPE_BREAKERS: readonly string[] = [
  'in favor of', 'in favour of', 'and then', 'and now', 'and instead', 'so now', 'and we', 'and i',
  'and you', 'and they', "and let's", 'and let', 'so we', 'then we', 'now we',
];

/** Words that end every rejection when they open a phrase after a comma: "not X, so Y"; "not X, it's Y". */
// biome-ignore format: a word table reads best filled, not one entry per line
export const PHRASE_START_BREAKERS: readonly string[] = [
  'so', 'then', 'now', 'yet', 'while', 'whereas', 'although', 'though', 'because', 'since', 'instead',
  'rather', 'otherwise', 'meanwhile', "it's", 'it is',
];

/** Words that may stand between a HOLDING_VERBS verb and the value: "leave the retry config alone". */
export const HOLDING_DETERMINERS: readonly string[] = [
  'the',
  'this',
  'that',
  'these',
  'those',
  'our',
  'my',
  'your',
  'their',
  'its',
];

/** Verbs that, with the value right after them, hold it back when one of HOLDING_ENDS follows it. */
export const HOLDING_VERBS: readonly string[] = ['keep', 'leave', 'let'];

/**
 * "keep X out", "leave X alone": what makes a HOLDING_VERBS phrase a rejection. Not "be": "let the cache be
 * warm" asks for the cache.
 */
export const HOLDING_ENDS: readonly string[] = ['out', 'alone', 'untouched'];

/** Words that open a new clause on their own, as the end of a sentence does. */
export const CLAUSE_SPLITTING_WORDS: readonly string[] = ['but', 'however'];

/** Markers that reject the value when they come straight after it: "8443 (old)", "X — superseded by Y". */
// biome-ignore format: a word table reads best filled, not one entry per line
export const TRAILING_MARKERS: readonly string[] = [
  'superseded', 'rejected', 'old', 'outdated', 'obsolete', 'deprecated', 'dropped', 'scrapped',
  'cancelled', 'canceled', 'abandoned', 'retired', 'replaced', 'overridden', 'overruled', 'reverted',
  'forbidden', 'banned', 'prohibited', 'stale', 'vetoed', 'void', 'invalid', 'removed', 'withdrawn',
  'off the table', 'off limits', 'not allowed', 'never', 'no longer', 'not anymore',
];

/**
 * Trailing negations that, opening a phrase with more words after them, contrast the value with something
 * else instead of rejecting it: "ship to Berlin, never to Paris" (but "deploy on Fridays — never." rejects).
 */
export const CONTRASTING_NEGATIONS: readonly string[] = ['never', 'no longer', 'not anymore'];

// Verbs that link a value to what is said about it; the state after one of them decides the value's fate.
// biome-ignore format: a word table reads best filled, not one entry per line
const LINKING_VERBS = [
  'is', 'are', 'was', 'were', 'be', 'been', 'being', 'is now', 'are now', 'was now', 'has been',
  'have been', 'had been', 'has now been', 'will be', 'would be', 'should be', 'must be', 'is to be',
  'got', 'gets', 'get', 'became', 'becomes', 'remains', 'stays', 'is being', 'was being',
];

/** States that reject the value when a linking verb ties them to it: "X is off the table", "X was dropped". */
// biome-ignore format: a word table reads best filled, not one entry per line
export const REJECTED_STATES: readonly string[] = [
  'forbidden', 'prohibited', 'banned', 'off the table', 'off limits', 'not allowed', 'not permitted',
  'disallowed', 'no longer', 'not', 'never', 'rejected', 'dropped', 'scrapped', 'cancelled', 'canceled',
  'superseded', 'replaced', 'abandoned', 'out', 'ruled out', 'deprecated', 'obsolete', 'outdated', 'stale',
  'overridden', 'overruled', 'reverted', 'vetoed', 'retired', 'avoided', 'removed', 'withdrawn', 'wrong',
  'incorrect', 'invalid', 'risky', 'dangerous', 'unsafe', 'a bad idea', 'a no-go', 'a hard no', 'a no',
  'a non-starter', 'not happening', 'not an option', 'hands off', 'frozen', 'on hold',
  'out of bounds', 'not on the table', 'not ours to change', 'not our call', 'not ours', 'shelved', 'parked',
  'out of the question', 'not ok', 'not okay',
];

/** States that contain a negation word but affirm the value: "X is not negotiable". */
// biome-ignore format: a word table reads best filled, not one entry per line
export const AFFIRMED_STATES: readonly string[] = [
  'not negotiable', 'non-negotiable', 'not optional', 'not up for debate', 'not up for discussion',
  'not in question', 'not going away', 'not changing', 'not only', 'not just', 'never optional', 'a no-brainer',
];

/** Predicates that reject the value without a linking verb: "X won't happen", "X caused the outage". */
// biome-ignore format: a word table reads best filled, not one entry per line
export const REJECTING_PREDICATES: readonly string[] = [
  ...LINKING_VERBS.flatMap((verb) => REJECTED_STATES.map((state) => `${verb} ${state}`)),
  "isn't", "aren't", "wasn't", "weren't", "won't", 'will not', "can't", 'cannot', 'can not', "mustn't",
  'must not', "shouldn't", 'should not', 'may not', 'must never', 'should never', 'will never', 'never',
  'no longer', 'not anymore', 'caused', 'causes', 'breaks', 'broke', 'led to', 'leads to', 'would break',
  'will break',
];

/** Predicates that end the search for a rejection with the value affirmed. */
export const AFFIRMING_PREDICATES: readonly string[] = LINKING_VERBS.flatMap((verb) =>
  AFFIRMED_STATES.map((state) => `${verb} ${state}`),
);

/**
 * Words that end the search for a rejecting predicate after the value: a linking or modal verb that no
 * rejecting predicate starts with says something else about the value ("X is fine, Y is out"), and a
 * subordinating word starts a statement about something else ("X when the release is out").
 */
// biome-ignore format: a word table reads best filled, not one entry per line
export const PREDICATE_STOP_WORDS: readonly string[] = [
  'is', 'are', 'was', 'were', 'be', 'been', 'has', 'have', 'had', 'will', 'would', 'should', 'must', 'can',
  'could', 'may', 'might', 'shall', 'remains', 'stays', 'becomes', 'became', 'gets', 'got',
  'when', 'if', 'unless', 'until', 'after', 'before', 'because', 'since', 'while', 'whereas', 'once', 'so',
  'then',
];

/** How many words after a value a rejecting predicate may start and still be read as being about it. */
export const PREDICATE_WINDOW_WORDS = 24;
