import { normalizeText } from '../scoring/normalize.js';

/** A value written in a text (a number, version, date, time, amount or weekday) and the form it has. */
export interface ValueToken {
  text: string;
  normalized: string;
  /**
   * What other values it can stand in for: "version", "date", "time", "percent", "money:$", "money:EUR",
   * "qty:duration", "weekday", "ticket:WEB" (a ticket of project WEB), "num:4" (a number with four digits
   * before any decimal point), …
   */
  form: string;
  start: number;
  end: number;
}

const DURATION_UNITS =
  /^(?:ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|months?|years?)$/i;
const SIZE_UNITS = /^(?:[kmgtp]i?b|[kmgtp]i|bytes?)$/i;

// Not inside a word, path, identifier or larger number: "k8s", "INV-6609", "v2/api", "1.2.3.4" are no values.
const OPEN = String.raw`(?<![\p{L}\p{N}_.\-/:#@])`;
const CLOSE = String.raw`(?![\p{L}\p{N}_\-/]|[.:,]\p{N})`;

const VALUE = new RegExp(
  [
    String.raw`(?<date>${OPEN}\d{4}-\d{2}-\d{2}${CLOSE})`,
    String.raw`(?<ticket>${OPEN}(?<project>[A-Z][A-Z0-9]{1,9})-\d+${CLOSE})`,
    String.raw`(?<version>${OPEN}v?\d+(?:\.\d+){2,}${CLOSE})`,
    String.raw`(?<time>${OPEN}\d{1,2}:\d{2}(?:\s?[ap]\.?m\.?(?![\p{L}]))?${CLOSE})`,
    String.raw`(?<money>[$€£¥]\s?\d[\d,]*(?:\.\d+)?(?:\s?(?:k|m|bn)(?![\p{L}]))?${CLOSE})`,
    String.raw`(?<coded>${OPEN}\d[\d,]*(?:\.\d+)?\s?(?<code>EUR|USD|GBP|JPY|CHF|CAD|AUD|NZD|INR|SEK|NOK|DKK|PLN|CZK|BRL|MXN|SGD|HKD|CNY|ZAR)(?![\p{L}]))`,
    String.raw`(?<percent>${OPEN}\d+(?:\.\d+)?\s?%)`,
    String.raw`(?<quantity>${OPEN}\d[\d,]*(?:\.\d+)?\s?(?<unit>ms|milliseconds?|s|secs?|seconds?|m|mins?|minutes?|h|hrs?|hours?|d|days?|w|weeks?|months?|years?|[kmgtp]i?b|[kmgtp]i|bytes?|k|x|rps|qps|rpm|replicas?|nodes?|workers?|retries|attempts?|shards?|partitions?|connections?)${CLOSE})`,
    `(?<weekday>${OPEN}(?:mon|tues|wednes|thurs|fri|satur|sun)days?${CLOSE})`,
    String.raw`(?<number>${OPEN}(?:\d{1,3}(?:,\d{3})+|\d+)(?:\.\d+)?${CLOSE})`,
  ].join('|'),
  'giu',
);

function formOf(groups: Record<string, string | undefined>, text: string): string {
  if (groups.date !== undefined) return 'date';
  if (groups.ticket !== undefined) return `ticket:${groups.project}`;
  if (groups.version !== undefined) return 'version';
  if (groups.time !== undefined) return 'time';
  if (groups.money !== undefined) return `money:${text.charAt(0)}`;
  if (groups.coded !== undefined) return `money:${groups.code?.toUpperCase()}`;
  if (groups.percent !== undefined) return 'percent';
  if (groups.weekday !== undefined) return 'weekday';
  const unit = groups.unit;
  if (unit !== undefined) {
    if (DURATION_UNITS.test(unit)) return 'qty:duration';
    if (SIZE_UNITS.test(unit)) return 'qty:size';
    return `qty:${unit.toLowerCase().replace(/s$/, '')}`;
  }
  const whole = text.split('.')[0]?.replace(/,/g, '') ?? '';
  return `num:${whole.length}${text.includes('.') ? '.' : ''}`;
}

/**
 * The values a text holds, in order, each with its form: two values of one form can replace each other ("port
 * 6457" and "it's 6437", "3.9.71" and "3.9.11", "9,600" and "9,800"), values of different forms cannot.
 */
export function valueTokens(text: string): ValueToken[] {
  const tokens: ValueToken[] = [];
  for (const match of text.matchAll(VALUE)) {
    const raw = match[0];
    // The pattern ignores case; a ticket's project is written in capitals ("WEB-5688", not "retry-2").
    const project = match.groups?.project;
    if (project !== undefined && project !== project.toUpperCase()) continue;
    tokens.push({
      text: raw,
      normalized: normalizeText(raw),
      form: formOf(match.groups ?? {}, raw),
      start: match.index,
      end: match.index + raw.length,
    });
  }
  return tokens;
}
