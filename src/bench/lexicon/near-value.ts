import type { Prng } from '../random/prng.js';

// Enough tries to find a valid neighbour of any realistic value; validity rejects only a few candidates.
const NEAR_ATTEMPTS = 200;

/**
 * A look-alike of `value` with one digit changed, or two neighbouring digits swapped, that `isValid` accepts;
 * undefined when `value` has no digits or no such neighbour turns up.
 */
export function nearByDigits(
  value: string,
  prng: Prng,
  isValid: (candidate: string) => boolean,
): string | undefined {
  const positions: number[] = [];
  for (let index = 0; index < value.length; index++) {
    if (isDigit(value, index)) positions.push(index);
  }
  if (positions.length === 0) return undefined;
  const swaps = positions.filter((index) => isDigit(value, index + 1) && value[index] !== value[index + 1]);
  for (let attempt = 0; attempt < NEAR_ATTEMPTS; attempt++) {
    const candidate =
      swaps.length > 0 && prng.chance(0.35)
        ? swapAt(value, prng.pick(swaps))
        : replaceDigit(value, prng.pick(positions), prng);
    if (candidate !== value && isValid(candidate)) return candidate;
  }
  return undefined;
}

/** A fresh draw that differs from `value`; gives up with a suffixed value rather than loop for ever. */
export function drawDifferent(value: string, prng: Prng, draw: (prng: Prng) => string): string {
  for (let attempt = 0; attempt < NEAR_ATTEMPTS; attempt++) {
    const candidate = draw(prng);
    if (candidate !== value) return candidate;
  }
  // Only a generator with a single possible value gets here; a marker keeps the result different.
  return `${value} 2`;
}

/** True when the number text has no superfluous leading zero (`0` and `0.5` are fine, `07` is not). */
export function hasNoLeadingZero(digits: string): boolean {
  return !/^0\d/.test(digits);
}

function isDigit(text: string, index: number): boolean {
  const code = text.charCodeAt(index);
  return code >= 48 && code <= 57;
}

function swapAt(text: string, index: number): string {
  return text.slice(0, index) + text[index + 1] + text[index] + text.slice(index + 2);
}

function replaceDigit(text: string, index: number, prng: Prng): string {
  const old = text.charCodeAt(index) - 48;
  // Adding 1..9 modulo 10 always gives a different digit, each equally likely.
  const digit = (old + prng.int(1, 9)) % 10;
  return text.slice(0, index) + String(digit) + text.slice(index + 1);
}
