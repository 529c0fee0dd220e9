import { contentStems } from './content-words.js';
import { comparativeIn, type Extreme, pickExtreme } from './option-comparatives.js';

/** How a sentence names one of several options without repeating it. */
export type OptionReference =
  /** By place: "the second option", "the latter", "option 2". */
  | { kind: 'place'; index: number; fromEnd: boolean }
  /** By label: "option B", "B it is". */
  | { kind: 'label'; label: string }
  /** By what it holds: "the one with the queue", "the secret store route", "go with Memcached". */
  | { kind: 'content'; stems: string[]; extreme?: Extreme; part?: boolean }
  /** The option its author recommended: "what you suggested", "your proposal". */
  | { kind: 'recommended' };

const ORDINALS: Record<string, { index: number; fromEnd: boolean }> = {
  first: { index: 0, fromEnd: false },
  former: { index: 0, fromEnd: false },
  second: { index: 1, fromEnd: false },
  third: { index: 2, fromEnd: false },
  fourth: { index: 3, fromEnd: false },
  fifth: { index: 4, fromEnd: false },
  last: { index: 0, fromEnd: true },
  latter: { index: 0, fromEnd: true },
};

const NUMBERS: Record<string, number> = { one: 0, two: 1, three: 2, four: 3, five: 4 };

// The nouns people put after a pointer to an option: "the second one", "your first approach".
const OPTION_NOUN =
  'one|option|approach|way|choice|route|plan|idea|proposal|suggestion|version|variant|alternative|path|fix|design';

// "the second option", "your first one", "the latter", "the last one": a place, then an option noun or the end
// of the clause ("the latter, since…", "the first then"); "the first thing" names no option.
const BY_PLACE = new RegExp(
  `\\b(?:the|your|that)\\s+(first|second|third|fourth|fifth|last|former|latter)\\b(?:\\s+(?:${OPTION_NOUN})\\b|(?=\\s*(?:[,.;:!?)—–-]|$|then\\b|it is\\b|is (?:fine|good|better|best)\\b|please\\b|works\\b|sounds\\b|for\\b)))`,
  'gi',
);

// A reply that opens with the place: "Second one.", "first option please", "Latter." ("First, can you…" is a
// way to begin, not a pick).
const BY_PLACE_OPENING = new RegExp(
  `^(first|second|third|fourth|fifth|last|former|latter)\\b(?:\\s+(?:${OPTION_NOUN})\\b|(?=\\s*(?:[.!]|$|then\\b|it is\\b|please\\b)))`,
  'gi',
);

// "option B", "option 2", "option two", "plan B", "#2", "no. 2".
const BY_OPTION_LABEL =
  /(?:\b(?:option|plan|approach|variant|choice|proposal)\s+|#|\bno\.\s*)([a-e]|[1-9]|one|two|three|four|five)\b/gi;

// "B it is", "2 then", "go with B", "let's do 2", "B, please", and a label that opens the reply ("B.", "A sounds
// good"): a bare label in a choosing phrase. Case matters: "a" and "I" are words.
const BY_BARE_LABEL =
  /(?:^|[\s,.:—–-])([A-E]|[1-9])(?:\s+it is\b|\s+then\b|\s+please\b|,?\s+definitely\b)|\b(?:[Gg]o with|[Gg]oing with|[Gg]o for|[Ll]et'?s do|[Ll]et'?s go with|[Pp]ick|[Pp]icking|[Cc]hoose|[Tt]ake|[Pp]refer|[Vv]ote for)\s+([A-E]|[1-9])(?=\s*(?:[,.;!?)]|$|then\b|please\b))|^([A-E]|[1-9])(?=\s*(?:[.!,;]|$|sounds\b|works\b|is (?:fine|good|better|best)\b|please\b|for me\b))/g;

// "what you suggested", "your proposal", "as you said", "the suggested approach".
const BY_RECOMMENDATION = new RegExp(
  `\\b(?:(?:what|as|like|the way) you (?:suggested|proposed|recommended|said|described|outlined|laid out|sketched)|your (?:suggestion|recommendation|proposal|plan|approach|way|idea|version|fix|design|call)\\b|the (?:suggested|proposed|recommended) (?:${OPTION_NOUN}))`,
  'gi',
);

// "the one with the queue", "the option that keeps the redirect", "the approach using Redis".
const BY_CONTENT_CLAUSE = new RegExp(
  `\\bthe (?:${OPTION_NOUN}) (?:with|that|where|using|which|based on|via|through|for)\\s+([^.,;!?]{1,80})`,
  'gi',
);

// "the secret store route", "the cheaper one", "the Redis option": a few words, then an option noun.
const BY_CONTENT_NOUN = new RegExp(
  `\\b(?:the|your|that)\\s+((?:[\\w./-]+\\s+){0,3}[\\w./-]+)\\s+(?:${OPTION_NOUN})\\b`,
  'gi',
);

// "go with Memcached", "let's use consola", "Memcached it is": the option named by its own words.
const BY_CONTENT_VERB =
  /\b(?:go(?:ing)? with|let'?s (?:do|use|go with|try|take)|pick|choose|prefer|vote for)\s+(?:the\s+)?([^.,;!?]{1,60})|(?:^|[,.:—–-]\s*)([\w./-]+(?:\s+[\w./-]+){0,2})\s+it is\b/gi;

// A yes to one part of what was proposed: "pagination yes", "yes to the index", "the index, yes".
const BY_PART =
  /(?:^|[,.:—–-]\s*)([\w./-]+(?:\s+[\w./-]+){0,2}),?\s+yes\b|\byes (?:to|on|for)\s+(?:the\s+)?([^.,;!?]{1,40})/gi;

// Words that point at an option without saying which: "the other one", "that one", "the same approach".
const POINTERS = new Set([
  'other',
  'same',
  'that',
  'this',
  'which',
  'each',
  'either',
  'neither',
  'new',
  'old',
]);

// Before a reference, a negation turns it into the option not taken: "not the first one", "rather than B".
const NEGATED_BEFORE =
  /\b(?:not|n'?t|no|neither|nor|instead of|rather than|over|against|except|without)\s+(?:\w+\s+)?$/i;

/**
 * The content stems by which options are matched, the degree of an adjective left out on both sides: "the
 * cheapest one" and "the cheaper one" both match an option that says "cheap" ("cheaper" already stems so).
 */
export function optionStems(text: string): string[] {
  return contentStems(text).map(withoutSuperlative);
}

function withoutSuperlative(stem: string): string {
  if (stem.length < 6 || !stem.endsWith('est')) return stem;
  const base = stem.slice(0, -3);
  // "biggest" meets "bigger" (stemmed "big"): a doubled final consonant goes too.
  return base.at(-1) === base.at(-2) ? base.slice(0, -1) : base;
}

/** The reference to an option a sentence makes, the first one not negated; undefined when it makes none. */
export function readOptionReference(text: string): OptionReference | undefined {
  const found: { at: number; reference: OptionReference }[] = [];
  const add = (pattern: RegExp, reference: (match: RegExpExecArray) => OptionReference | undefined) => {
    for (const match of text.matchAll(pattern)) {
      // "not the first one, the second": the negated one is the option not taken; a later one may be.
      if (NEGATED_BEFORE.test(text.slice(0, match.index))) continue;
      const read = reference(match);
      if (read !== undefined) {
        found.push({ at: match.index, reference: read });
        return;
      }
    }
  };
  add(BY_PLACE, (match) => ({
    kind: 'place',
    ...(ORDINALS[(match[1] as string).toLowerCase()] ?? { index: 0, fromEnd: false }),
  }));
  add(BY_PLACE_OPENING, (match) => ({
    kind: 'place',
    ...(ORDINALS[(match[1] as string).toLowerCase()] ?? { index: 0, fromEnd: false }),
  }));
  add(BY_OPTION_LABEL, (match) => labelReference(match[1] as string));
  add(BY_BARE_LABEL, (match) => labelReference((match[1] ?? match[2] ?? match[3]) as string));
  add(BY_RECOMMENDATION, () => ({ kind: 'recommended' }));
  if (found.length === 0) {
    add(BY_CONTENT_CLAUSE, (match) => contentReference(match[1] as string));
    add(BY_CONTENT_NOUN, (match) => contentReference(match[1] as string));
    add(BY_CONTENT_VERB, (match) => contentReference((match[1] ?? match[2]) as string));
    add(BY_PART, (match) => partReference((match[1] ?? match[2]) as string));
  }
  found.sort((a, b) => a.at - b.at);
  return found[0]?.reference;
}

function labelReference(label: string): OptionReference {
  const lower = label.toLowerCase();
  if (lower in NUMBERS) return { kind: 'place', index: NUMBERS[lower] as number, fromEnd: false };
  if (/^[1-9]$/.test(lower)) return { kind: 'place', index: Number(lower) - 1, fromEnd: false };
  return { kind: 'label', label: lower };
}

function partReference(phrase: string): OptionReference | undefined {
  const reference = contentReference(phrase);
  return reference?.kind === 'content' ? { ...reference, part: true } : undefined;
}

function contentReference(phrase: string): OptionReference | undefined {
  const words = phrase.toLowerCase().split(/\s+/);
  if (words.some((word) => POINTERS.has(word) || word in ORDINALS)) return undefined;
  const stems = optionStems(phrase).filter((stem) => !OPTION_NOUN.split('|').includes(stem));
  if (stems.length === 0) return undefined;
  const extreme = comparativeIn(phrase);
  return extreme === undefined ? { kind: 'content', stems } : { kind: 'content', stems, extreme };
}

/**
 * The option a reference picks among `options` (each given by its label, if any, and its content stems), or
 * undefined when it picks none or several. A content reference picks the option holding the most of its
 * words, and only when no other holds as many; failing that, a comparative ("the cheaper one") picks the
 * option at that end of the amounts the options state.
 */
export function resolveOptionReference(
  reference: OptionReference,
  options: readonly { label: string | undefined; stems: ReadonlySet<string>; text?: string }[],
  recommended: number | undefined,
): number | undefined {
  switch (reference.kind) {
    case 'recommended':
      return recommended;
    case 'place': {
      const index = reference.fromEnd ? options.length - 1 - reference.index : reference.index;
      return index >= 0 && index < options.length ? index : undefined;
    }
    case 'label': {
      const labelled = options.findIndex((option) => option.label === reference.label);
      if (labelled >= 0) return labelled;
      // "option B" among options that carry no letter: the second.
      const index = reference.label.charCodeAt(0) - 97;
      return options.every((option) => option.label === undefined) && index < options.length
        ? index
        : undefined;
    }
    case 'content': {
      let best: number | undefined;
      let bestCount = 0;
      let tied = false;
      options.forEach((option, index) => {
        const count = reference.stems.filter((stem) => option.stems.has(stem)).length;
        if (count > bestCount) {
          best = index;
          bestCount = count;
          tied = false;
        } else if (count === bestCount && count > 0) tied = true;
      });
      if (!tied && best !== undefined) return best;
      // "the cheaper one" when no option says "cheap": the one whose stated price is lowest.
      return reference.extreme === undefined
        ? undefined
        : pickExtreme(
            reference.extreme,
            options.map((option) => option.text ?? ''),
          );
    }
  }
}
