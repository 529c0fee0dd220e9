/** An option named by how it compares on a measure its text states: "the cheaper one", "the faster one". */
export interface Extreme {
  measure: 'money' | 'duration';
  lowest: boolean;
}

// Comparatives and superlatives of price and speed, and which end of the measure they point at.
const COMPARATIVES: readonly [RegExp, Extreme][] = [
  [
    /\b(?:cheaper|cheapest|less expensive|least expensive|lower[- ]cost|cheap)\b/i,
    { measure: 'money', lowest: true },
  ],
  [
    /\b(?:pricier|priciest|more expensive|most expensive|costlier|costliest)\b/i,
    { measure: 'money', lowest: false },
  ],
  [/\b(?:faster|fastest|quicker|quickest)\b/i, { measure: 'duration', lowest: true }],
  [/\b(?:slower|slowest)\b/i, { measure: 'duration', lowest: false }],
];

/** The measure a phrase compares options on, if it holds a comparative of price or speed. */
export function comparativeIn(phrase: string): Extreme | undefined {
  return COMPARATIVES.find(([pattern]) => pattern.test(phrase))?.[1];
}

// "$0.31", "€12", "40 dollars", "12 EUR".
const MONEY =
  /[$€£]\s?(\d[\d,]*(?:\.\d+)?)|\b(\d[\d,]*(?:\.\d+)?)\s?(?:dollars|euros|pounds|usd|eur|gbp)\b/gi;

// "9 minutes", "350 ms", "2.5 hours", "17m".
const DURATION =
  /\b(\d+(?:\.\d+)?)\s?(ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|days?)\b/gi;

const SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600, d: 86400 };

function unitSeconds(unit: string): number {
  const lower = unit.toLowerCase();
  if (lower.startsWith('ms') || lower.startsWith('milli')) return SECONDS.ms as number;
  return SECONDS[lower.charAt(0) === 'd' ? 'd' : lower.charAt(0)] ?? 1;
}

/** The first amount of the measure a text states, in dollars-or-the-like or in seconds. */
function firstAmount(text: string, measure: Extreme['measure']): number | undefined {
  const pattern = measure === 'money' ? MONEY : DURATION;
  for (const match of text.matchAll(pattern)) {
    const digits = (match[1] ?? match[2] ?? '').replaceAll(',', '');
    const value = Number(digits);
    if (!Number.isFinite(value) || digits === '') continue;
    return measure === 'money' ? value : value * unitSeconds(match[2] as string);
  }
  return undefined;
}

/**
 * The option at the end of the measure the comparative points at ("the cheaper one": the lowest price), when
 * every option states an amount of it and no two share the extreme; else undefined.
 */
export function pickExtreme(extreme: Extreme, texts: readonly string[]): number | undefined {
  const amounts = texts.map((text) => firstAmount(text, extreme.measure));
  if (amounts.length < 2 || amounts.some((amount) => amount === undefined)) return undefined;
  const values = amounts as number[];
  const target = extreme.lowest ? Math.min(...values) : Math.max(...values);
  const at = values.indexOf(target);
  return values.indexOf(target, at + 1) >= 0 ? undefined : at;
}
