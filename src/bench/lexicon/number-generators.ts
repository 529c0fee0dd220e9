import type { Prng } from '../random/prng.js';
import { drawDifferent, hasNoLeadingZero, nearByDigits } from './near-value.js';
import type { VariableGenerator } from './variable-generator.js';

/** A generator whose look-alike changes one digit (or swaps two) as long as the result stays valid. */
function digitGenerator(
  name: string,
  draw: (prng: Prng) => string,
  isValid: (candidate: string) => boolean,
): VariableGenerator {
  const generator: VariableGenerator = {
    name,
    draw,
    near: (value, prng) => nearByDigits(value, prng, isValid) ?? drawDifferent(value, prng, draw),
  };
  return generator;
}

/** Ports 1024..65535, most of them in the 3000-9999 range services like to listen on. */
export const portGenerator = digitGenerator(
  'port',
  (prng) => {
    const range = prng.weighted([
      [[3000, 9999], 6],
      [[10000, 65535], 3],
      [[1024, 2999], 1],
    ] as const);
    return String(prng.int(range[0], range[1]));
  },
  (candidate) => {
    const port = Number(candidate);
    return /^\d+$/.test(candidate) && hasNoLeadingZero(candidate) && port >= 1024 && port <= 65535;
  },
);

/** Semantic versions like `2.14.3`, majors mostly small. */
export const versionGenerator = digitGenerator(
  'version',
  (prng) => {
    const major = prng.weighted([
      [0, 1],
      [1, 3],
      [2, 3],
      [3, 2],
      [4, 1],
      [prng.int(5, 12), 1],
    ] as const);
    return `${major}.${prng.int(0, 30)}.${prng.int(0, 20)}`;
  },
  (candidate) => /^\d+\.\d+\.\d+$/.test(candidate) && candidate.split('.').every(hasNoLeadingZero),
);

/** Groups thousands with commas: 4250 → `4,250`. */
function groupThousands(whole: number): string {
  return String(whole).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

const AMOUNT_PATTERN = /^(\$|£|CHF )?(\d{1,3}(?:,\d{3})*)(\.\d{2})?( EUR| USD| GBP)?$/;

/** Money in several currencies and spellings: `$4,250`, `1,875.50 EUR`, `£320`, `CHF 12,400`. */
export const amountGenerator = digitGenerator(
  'amount',
  (prng) => {
    const magnitude = prng.weighted([
      [[40, 999], 2],
      [[1000, 19999], 5],
      [[20000, 250000], 2],
    ] as const);
    const step = prng.pick([1, 5, 10, 25, 50]);
    const whole = Math.max(step, Math.round(prng.int(magnitude[0], magnitude[1]) / step) * step);
    const grouped = groupThousands(whole);
    const cents = `.${String(prng.pick([0, 50, 25, 75, prng.int(1, 99)])).padStart(2, '0')}`;
    switch (prng.int(0, 4)) {
      case 0:
        return `$${grouped}`;
      case 1:
        return `${grouped}${cents} EUR`;
      case 2:
        return `£${grouped}`;
      case 3:
        return `CHF ${grouped}`;
      default:
        return `$${grouped}${cents}`;
    }
  },
  (candidate) => {
    const match = AMOUNT_PATTERN.exec(candidate);
    return match !== null && (match[2] ?? '').charAt(0) !== '0';
  },
);

/** Percentages like `12.5%` or `0.8%`, between 0.1% and 99.9%. */
export const percentageGenerator = digitGenerator(
  'percentage',
  // Always with a tenth: a bare `35%` normalises to `35`, which turns up in any text with numbers. At least
  // 10: `0.3%` normalises to `0 3`, which every new-file diff hunk (`@@ -0,3 +1,4 @@`) contains.
  (prng) => `${prng.int(10, 99)}.${prng.int(1, 9)}%`,
  (candidate) => {
    const match = /^(\d+)\.\d%$/.exec(candidate);
    return (
      match !== null &&
      hasNoLeadingZero(match[1] ?? '') &&
      Number(match[1]) >= 10 &&
      Number.parseFloat(candidate) <= 100
    );
  },
);

const DURATION_UNITS = [
  { unit: 'second', values: [10, 15, 20, 30, 45, 90] },
  { unit: 'minute', values: [2, 5, 10, 15, 20, 25, 30, 40, 45, 90] },
  { unit: 'hour', values: [1, 2, 3, 4, 6, 8, 12, 36, 48] },
  { unit: 'day', values: [1, 2, 3, 5, 7, 10, 14] },
  { unit: 'week', values: [2, 3, 4, 6, 8] },
] as const;

function formatDuration(value: number, unit: string): string {
  return `${value} ${unit}${value === 1 ? '' : 's'}`;
}

/** `45 minutes`, `3 hours`, `1 day`; its look-alike keeps the unit and changes the number. */
export const durationGenerator: VariableGenerator = {
  name: 'duration',
  draw: (prng) => {
    const { unit, values } = prng.pick(DURATION_UNITS);
    return formatDuration(prng.pick(values), unit);
  },
  near: (value, prng) => {
    const match = /^(\d+) ([a-z]+?)s?$/.exec(value);
    const entry = DURATION_UNITS.find(({ unit }) => unit === match?.[2]);
    if (match === null || entry === undefined) return drawDifferent(value, prng, durationGenerator.draw);
    const number = Number(match[1]);
    const others = entry.values.filter((candidate) => candidate !== number);
    return formatDuration(prng.pick(others), entry.unit);
  },
};
