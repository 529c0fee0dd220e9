import type { Prng } from '../random/prng.js';
import { drawDifferent, nearByDigits } from './near-value.js';
import { WEEKDAYS } from './place-words.js';
import type { VariableGenerator } from './variable-generator.js';

const FIRST_YEAR = 2024;
const LAST_YEAR = 2027;

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function formatDate(year: number, month: number, day: number): string {
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** The parts of an ISO date inside the generator's years, or undefined. */
function parseDate(text: string): { year: number; month: number; day: number } | undefined {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (match === null) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < FIRST_YEAR || year > LAST_YEAR || month < 1 || month > 12) return undefined;
  if (day < 1 || day > daysInMonth(year, month)) return undefined;
  return { year, month, day };
}

/** The date `offset` days away (a few days at most), staying inside the generator's years. */
function shiftDate(text: string, offset: number): string | undefined {
  const date = parseDate(text);
  if (date === undefined) return undefined;
  let { year, month, day } = date;
  day += offset;
  while (day < 1) {
    month -= 1;
    if (month < 1) [year, month] = [year - 1, 12];
    day += daysInMonth(year, month);
  }
  while (day > daysInMonth(year, month)) {
    day -= daysInMonth(year, month);
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
  const shifted = formatDate(year, month, day);
  return parseDate(shifted) === undefined ? undefined : shifted;
}

function drawDate(prng: Prng): string {
  const year = prng.int(FIRST_YEAR, LAST_YEAR);
  const month = prng.int(1, 12);
  return formatDate(year, month, prng.int(1, daysInMonth(year, month)));
}

/** ISO dates from 2024 to 2027; a look-alike is a few days off or has one digit changed. */
export const dateGenerator: VariableGenerator = {
  name: 'date',
  draw: drawDate,
  near: (value, prng) => {
    if (prng.chance(0.4)) {
      const shifted = shiftDate(value, prng.pick([-3, -2, -1, 1, 2, 3]));
      if (shifted !== undefined) return shifted;
    }
    return (
      nearByDigits(value, prng, (candidate) => parseDate(candidate) !== undefined) ??
      drawDifferent(value, prng, drawDate)
    );
  },
};

function drawTime(prng: Prng): string {
  const minute = prng.chance(0.7) ? prng.int(0, 11) * 5 : prng.int(0, 59);
  return `${String(prng.int(0, 23)).padStart(2, '0')}:${String(minute).padStart(2, '0')}`;
}

/** 24-hour times `HH:MM`; a look-alike has one digit changed or two swapped (`14:30` → `14:03`). */
export const timeGenerator: VariableGenerator = {
  name: 'time',
  draw: drawTime,
  near: (value, prng) =>
    nearByDigits(value, prng, (candidate) => {
      const match = /^(\d{2}):(\d{2})$/.exec(candidate);
      return match !== null && Number(match[1]) < 24 && Number(match[2]) < 60;
    }) ?? drawDifferent(value, prng, drawTime),
};

/** `Tuesday`; a look-alike is another day. */
export const weekdayGenerator: VariableGenerator = {
  name: 'weekday',
  draw: (prng) => prng.pick(WEEKDAYS),
  near: (value, prng) => drawDifferent(value, prng, (stream) => stream.pick(WEEKDAYS)),
};
