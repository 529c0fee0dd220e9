import { stemWord } from './content-words.js';

/**
 * Amounts and the thresholds rules put on them, read as people write them: "anything over 750 EUR needs a second
 * approver", "batches of at least 10,000 rows go through the queue", "pre-approved up to $5k". A rule about a
 * threshold speaks to an action only through arithmetic: "a 1,250 EUR refund" is over 750 EUR, "a 300 EUR one"
 * is not. Amounts compare only in the same unit (a currency, or the word after the number, stemmed so that
 * "rows" and "row" meet); no conversion is attempted.
 */

/** A number with its unit: the currency ("eur", "usd") or the stem of the word after it ("row", "minut"). */
export interface Amount {
  readonly value: number;
  readonly unit: string;
}

/** A cheap first test: whether a text (and its normalised form) may hold an amount in `unit`. */
export function mayHoldUnit(text: string, normalized: string, unit: string): boolean {
  if (normalized.includes(unit)) return true;
  const symbol = Object.keys(SYMBOLS).find((key) => SYMBOLS[key] === unit);
  return symbol !== undefined && text.includes(symbol);
}

/** How a threshold compares: the amounts it covers are above, at or above, below, at or below its value. */
export type Comparison = '>' | '>=' | '<' | '<=';

/** A threshold a text states, with where its words start and end in the lower-cased text. */
export interface Threshold {
  readonly amount: Amount;
  readonly comparison: Comparison;
  readonly start: number;
  readonly end: number;
}

const SYMBOLS: Readonly<Record<string, string>> = { $: 'usd', '€': 'eur', '£': 'gbp', '¥': 'jpy' };
const MULTIPLIERS: Readonly<Record<string, number>> = { k: 1e3, m: 1e6, bn: 1e9 };

// A number ("1,250", "1250", "12.5", "5k"), maybe after a currency symbol or code, maybe before a unit word.
// Matched on lower-cased text.
const AMOUNT =
  /(?<![\w.,])(?:([$€£¥])\s?|\b([a-z]{3}) )?(\d{1,3}(?:,\d{3})+|\d+)(?:\.(\d+))?(k|m|bn)?\b(?:(\s?)(%|[a-z][a-z-]{0,14}))?/g;
// A currency code said before the number ("EUR 750"), as against a word that happens to precede one.
const CURRENCY_CODES = new Set(['eur', 'usd', 'gbp', 'chf', 'jpy', 'cad', 'aud', 'sek', 'nok', 'dkk', 'pln']);
// Words after a number that are not its unit ("750 and", "3 of").
const NOT_UNITS = new Set(
  'a an the and or but if of to in on at for with by from as is are was were be it its this that per than then so'.split(
    ' ',
  ),
);

/** The amounts in a text that carry a unit, each with where it starts and ends in the lower-cased text. */
export function amountsIn(text: string): { amount: Amount; start: number; end: number }[] {
  const lower = text.toLowerCase();
  const found: { amount: Amount; start: number; end: number }[] = [];
  for (const match of lower.matchAll(AMOUNT)) {
    const [whole, symbol, code, digits, fraction, multiplier, space = '', word] = match;
    const before =
      symbol !== undefined
        ? SYMBOLS[symbol]
        : code !== undefined && CURRENCY_CODES.has(code)
          ? code
          : undefined;
    // A currency said before the number is its unit; the word after it is then the sentence's ("$5k need").
    const isUnit = word !== undefined && !NOT_UNITS.has(word) && before === undefined;
    const after = !isUnit ? undefined : word === '%' ? '%' : stemWord(word);
    const unit = before ?? after;
    if (unit === undefined) continue;
    const base = Number(
      `${(digits as string).replaceAll(',', '')}${fraction === undefined ? '' : `.${fraction}`}`,
    );
    const value = base * (multiplier === undefined ? 1 : (MULTIPLIERS[multiplier] as number));
    // A code before the number that is not a currency is not part of the amount.
    const start = code !== undefined && before === undefined ? match.index + code.length + 1 : match.index;
    const end = match.index + whole.length - (isUnit || word === undefined ? 0 : space.length + word.length);
    found.push({ amount: { value, unit }, start, end });
  }
  return found;
}

// The comparison said before an amount ("over 750 EUR", "no more than 3 retries") or after it ("10 GB or more").
const BEFORE: readonly [RegExp, Comparison][] = [
  [/\b(?:no more than|not more than|up to|at most|at the most|maximum of|max|capped at|within)\s+$/, '<='],
  [/\b(?:at least|no less than|not less than|no fewer than|minimum of|min)\s+$/, '>='],
  [
    /\b(?:over|above|more than|greater than|larger than|bigger than|higher than|exceeding|exceeds|exceed|in excess of|beyond|past)\s+$/,
    '>',
  ],
  [/\b(?:under|below|less than|fewer than|lower than|smaller than)\s+$/, '<'],
];
const AFTER: readonly [RegExp, Comparison][] = [
  [/^\s+(?:or more|or above|or higher|and up|and above|and over)\b/, '>='],
  [/^\s+(?:or less|or fewer|or below|or under|and under|and below)\b/, '<='],
];

/** The thresholds a text states: an amount with a comparison said before or after it. */
export function thresholdsIn(text: string): Threshold[] {
  const lower = text.toLowerCase();
  const thresholds: Threshold[] = [];
  for (const { amount, start, end } of amountsIn(text)) {
    const head = lower.slice(Math.max(0, start - 24), start);
    const tail = lower.slice(end, end + 16);
    const before = BEFORE.find(([pattern]) => pattern.test(head));
    const after = AFTER.find(([pattern]) => pattern.test(tail));
    const comparison = before?.[1] ?? after?.[1];
    if (comparison === undefined) continue;
    const said = before?.[0].exec(head);
    const from = said === undefined || said === null ? start : start - head.length + said.index;
    thresholds.push({ amount, comparison, start: from, end });
  }
  return thresholds;
}

/** Whether `amount` falls inside `threshold`: same unit, and the comparison holds. */
export function withinThreshold(amount: Amount, threshold: Threshold): boolean {
  if (amount.unit !== threshold.amount.unit) return false;
  const limit = threshold.amount.value;
  switch (threshold.comparison) {
    case '>':
      return amount.value > limit;
    case '>=':
      return amount.value >= limit;
    case '<':
      return amount.value < limit;
    case '<=':
      return amount.value <= limit;
  }
}
