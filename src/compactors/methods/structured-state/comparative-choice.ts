/**
 * A choice made by comparison: "the cheaper one", "go with the faster option", "the smallest will do". The reply
 * names no option; it names a measure, and the options the assistant put forward each carry a value of that
 * measure (a price, a duration, a size). The option with the lowest (or highest) value is the one chosen.
 */

/** What a comparative asks for: which measure, and whether its lowest or highest value wins. */
export interface Comparison {
  measure: 'money' | 'time' | 'size';
  lowest: boolean;
}

// Each comparative, by the measure it compares and the end of it that wins.
const COMPARATIVES: readonly [RegExp, Comparison][] = [
  [
    /\b(?:cheaper|cheapest|less expensive|least expensive|lower[- ]cost)\b/,
    { measure: 'money', lowest: true },
  ],
  [/\b(?:pricier|priciest|more expensive|most expensive|costlier)\b/, { measure: 'money', lowest: false }],
  [/\b(?:faster|fastest|quicker|quickest|shorter|shortest)\b/, { measure: 'time', lowest: true }],
  [/\b(?:slower|slowest|longer|longest)\b/, { measure: 'time', lowest: false }],
  [/\b(?:smaller|smallest|lighter|lightest|leaner)\b/, { measure: 'size', lowest: true }],
  [/\b(?:bigger|biggest|larger|largest|heavier)\b/, { measure: 'size', lowest: false }],
];

// "The cheaper one", "the faster option", "whichever is cheaper", "the quickest": a choice by a measure, not
// a comparison made in passing ("a cheaper build would be nice").
const CHOOSES_BY =
  /\b(?:the|whichever(?: is| one is)?|go(?:ing)? with the|take the|pick the) (?:[a-z]+ )?(?:[a-z]+er|[a-z]+est|less expensive|least expensive|more expensive|most expensive)(?: one| option| of the two| choice| route| setup| config(?:uration)?)?\b/;

const UNIT_SECONDS: Readonly<Record<string, number>> = {
  ms: 0.001,
  s: 1,
  m: 60,
  h: 3600,
  d: 86400,
};
const SIZE_BYTES: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, g: 1e9, t: 1e12 };

const MONEY = /[$€£]\s?(\d+(?:[.,]\d+)?)|\b(\d+(?:[.,]\d+)?)\s?(?:usd|eur|gbp|dollars|euros|pounds)\b/gi;
const TIME =
  /\b(\d+(?:\.\d+)?)\s?(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?)(?![\w-])/gi;
const SIZE = /\b(\d+(?:\.\d+)?)\s?([kmgt])i?b?(?![\w-])/gi;

/** The values of a measure a text states, each as one number (seconds, bytes, units of money). */
function valuesOf(text: string, measure: Comparison['measure']): number[] {
  const values: number[] = [];
  if (measure === 'money') {
    for (const match of text.matchAll(MONEY))
      values.push(Number((match[1] ?? match[2] ?? '').replace(',', '.')));
  } else if (measure === 'time') {
    for (const match of text.matchAll(TIME)) {
      const unit = (match[2] ?? 's').toLowerCase();
      const key = unit === 'ms' || unit.startsWith('milli') ? 'ms' : (unit[0] ?? 's');
      values.push(Number(match[1]) * (UNIT_SECONDS[key] ?? 1));
    }
  } else {
    for (const match of text.matchAll(SIZE)) {
      values.push(Number(match[1]) * (SIZE_BYTES[(match[2] ?? 'k').toLowerCase()] ?? 1));
    }
  }
  return values.filter((value) => Number.isFinite(value));
}

/** The comparison a reply's first sentence chooses by, or undefined when it chooses by none. */
export function comparisonIn(reply: string): Comparison | undefined {
  const lower = reply.toLowerCase();
  if (!CHOOSES_BY.test(lower)) return undefined;
  for (const [pattern, comparison] of COMPARATIVES) if (pattern.test(lower)) return comparison;
  return undefined;
}

/**
 * The option a comparison picks: each option must state exactly one value of the measure, and one value must be
 * lowest (or highest) alone. Undefined otherwise.
 */
export function pickByComparison(options: readonly string[], comparison: Comparison): number | undefined {
  if (options.length < 2) return undefined;
  const values: number[] = [];
  for (const option of options) {
    const found = valuesOf(option, comparison.measure);
    if (found.length !== 1) return undefined;
    values.push(found[0] as number);
  }
  const best = comparison.lowest ? Math.min(...values) : Math.max(...values);
  const at = values.indexOf(best);
  return values.lastIndexOf(best) === at ? at : undefined;
}

/**
 * Options read off an assistant message that compares things rather than proposing them ("X at $0.68 an hour
 * finishes in 9 minutes. Y at $0.31 an hour finishes in 17."): its sentences that each state one value of the
 * measure. Undefined unless there are at least two.
 */
export function comparedSentences(text: string, comparison: Comparison): string[] | undefined {
  // Any sentence end, whatever follows: a compared thing's name may open in lower case ("c6a.large costs …").
  const sentences = text.split(/(?<=[.!?])\s+|\r?\n/).map((sentence) => sentence.trim());
  const found = sentences.filter(
    (sentence) => !/[?:]\s*$/.test(sentence) && valuesOf(sentence, comparison.measure).length === 1,
  );
  return found.length >= 2 ? found : undefined;
}
