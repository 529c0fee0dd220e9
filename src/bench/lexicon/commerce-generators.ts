import type { Prng } from '../random/prng.js';
import { drawDifferent, hasNoLeadingZero, nearByDigits } from './near-value.js';
import type { VariableGenerator } from './variable-generator.js';

/*
 * The three value generators CompactBench's template-v1 registers besides its four lexicons (its
 * `dsl/generators.py`): `date_iso`, `amount_usd` and `product_sku`, drawing values of the same format and range
 * so a CompactBench template reads the way its authors wrote it. The sampling is compactkit's own (sfc32 via
 * `Prng`), so the values differ from CompactBench's for the same case, as every other generator's do.
 */

const ISO_FIRST_YEAR = 2024;
const ISO_LAST_YEAR = 2026;
// Every month has a 28th: no month-length arithmetic, and a shifted date stays a real date.
const ISO_LAST_DAY = 28;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function formatIsoDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

function isIsoDate(text: string): boolean {
  const match = ISO_DATE.exec(text);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  return (
    year >= ISO_FIRST_YEAR &&
    year <= ISO_LAST_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= ISO_LAST_DAY
  );
}

function drawIsoDate(prng: Prng): string {
  return formatIsoDate(prng.int(ISO_FIRST_YEAR, ISO_LAST_YEAR), prng.int(1, 12), prng.int(1, ISO_LAST_DAY));
}

/** `2025-07-14`: ISO-8601 dates from 2024 to 2026, day 1-28; a look-alike has one digit changed or two swapped. */
export const dateIsoGenerator: VariableGenerator = {
  name: 'date_iso',
  draw: drawIsoDate,
  near: (value, prng) => nearByDigits(value, prng, isIsoDate) ?? drawDifferent(value, prng, drawIsoDate),
};

const USD_AMOUNT = /^\$[1-9]\d{0,2}(,\d{3})*$/;

function drawUsdAmount(prng: Prng): string {
  // A number of digits first (2 to 5, each as likely), then a whole number of that many digits: `$47` is as
  // common as `$47,250`.
  const digits = prng.int(2, 5);
  const amount = prng.int(10 ** (digits - 1), 10 ** digits - 1);
  return `$${String(amount).replace(/\B(?=(\d{3})+(?!\d))/g, ',')}`;
}

/** `$47,250`: whole US dollars of 2 to 5 digits, thousands grouped; a look-alike changes or swaps digits. */
export const amountUsdGenerator: VariableGenerator = {
  name: 'amount_usd',
  draw: drawUsdAmount,
  near: (value, prng) =>
    nearByDigits(value, prng, (candidate) => USD_AMOUNT.test(candidate)) ??
    drawDifferent(value, prng, drawUsdAmount),
};

const SKU_PREFIXES = ['SKU', 'PRD', 'ITEM', 'ART'];
// No I, O or S: on a label they pass for 1, 0 and 5.
const SKU_LETTERS = 'ABCDEFGHJKLMNPQRTUVWXYZ';
const SKU = /^(SKU|PRD|ITEM|ART)-[A-HJ-NP-RT-Z]{2}(\d{3,4})$/;

function drawSku(prng: Prng): string {
  const letters = `${SKU_LETTERS[prng.int(0, SKU_LETTERS.length - 1)]}${SKU_LETTERS[prng.int(0, SKU_LETTERS.length - 1)]}`;
  return `${prng.pick(SKU_PREFIXES)}-${letters}${prng.int(100, 9999)}`;
}

function isSku(text: string): boolean {
  const digits = SKU.exec(text)?.[2];
  return digits !== undefined && hasNoLeadingZero(digits);
}

/** `PRD-KX4821`: a prefix, two letters and 100-9999; a look-alike keeps prefix and letters and changes a digit. */
export const productSkuGenerator: VariableGenerator = {
  name: 'product_sku',
  draw: drawSku,
  near: (value, prng) => nearByDigits(value, prng, isSku) ?? drawDifferent(value, prng, drawSku),
};
