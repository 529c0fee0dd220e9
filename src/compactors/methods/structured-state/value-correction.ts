/**
 * A corrected value written in place: "the budget is 32,480 EUR" corrected by "I mistyped it, the budget is
 * 14,970 EUR" becomes "the budget is 14,970 EUR (not 32,480 EUR)". The statement keeps everything else it said
 * (the alert threshold, who is emailed), which rejecting it whole would lose, and the old value stays only as
 * what it is not.
 */

import { CORRECTS_VALUE } from './revision-patterns.js';

// A value token: a run holding a digit ("32,480", "87.5%", "2024-11-12", "04:50", "512Mi", "v1.4.2").
const VALUE_TOKEN = /(?:\p{L}+-)?[\p{L}$€£#@]*\d(?:[\p{L}\p{N}%$€£:./_-]|,(?=\d))*/gu;
// A word after a value that belongs to it ("21 days", "90 minutes", "04:50 UTC").
const UNIT = /^\s+([\p{L}%]+)/u;

interface Found {
  value: string;
  at: number;
}

// A day of the week: a value as much as a date is ("make it Friday").
const WEEKDAY = /\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/gi;

function valuesIn(text: string): Found[] {
  const found: Found[] = [];
  for (const match of text.matchAll(VALUE_TOKEN)) {
    const value = match[0].replace(/[.:_-]+$/, '');
    found.push({ value, at: match.index });
  }
  for (const match of text.matchAll(WEEKDAY)) found.push({ value: match[0], at: match.index });
  return found;
}

/** Whether a value is a day of the week, which pairs only with another. */
function isWeekday(value: string): boolean {
  return /^(?:mon|tues|wednes|thurs|fri|satur|sun)day$/i.test(value);
}

/** A value's form with its digits collapsed: "32,480" and "14,970" share one, "87.5%" and "5%" another. */
function form(value: string): string {
  return value.replace(/\d+(?:[.,]\d+)*/g, '0');
}

/** The form with any letters as one mark: "512Mi" and "1Gi" are both a number with a unit. */
function kind(value: string): string {
  return form(value).replace(/\p{L}+/gu, 'a');
}

/** The form without letters: what two values must share to be of one kind at all. */
function looseForm(value: string): string {
  return isWeekday(value) ? 'weekday' : form(value).replace(/\p{L}+/gu, '');
}

// Words that give a value its new setting: "bump that to 1Gi", "the budget is 14,970", "make it 3".
const ASSIGNS = /\b(?:to|is|are|it'?s|be|now|make (?:that|it))\s+$/i;

// A value said on its own, as a sentence of its own: "ugh, Tuesday.", "no — 40." gives it as the new setting.
const ALONE_BEFORE = /(?:^|[.!?:;]\s+)(?:(?:ugh|hm+|oh|ah|no|nope|wait|sorry|actually|argh)[,.!—–\s]+)*$/i;
const ALONE_AFTER = /^(?:[.!](?:\s|$)|$)/;

/** Whether a correction gives a value as the new setting: by "to", "is", "make it", or on its own. */
function assigned(correction: string, value: Found): boolean {
  const before = correction.slice(0, value.at);
  if (ASSIGNS.test(before)) return true;
  return ALONE_BEFORE.test(before) && ALONE_AFTER.test(correction.slice(value.at + value.value.length));
}

/** Whether a correction names a value against another: "99.9%, not 99.8%", "port 8081 rather than 8080". */
function replacesNamed(correction: string, value: Found, old: string): boolean {
  const after = correction.slice(value.at + value.value.length).toLowerCase();
  return (
    after.startsWith(`, not ${old.toLowerCase()}`) ||
    after.startsWith(` not ${old.toLowerCase()}`) ||
    after.startsWith(` rather than ${old.toLowerCase()}`) ||
    after.startsWith(` instead of ${old.toLowerCase()}`)
  );
}

function unitAfter(text: string, found: Found): string | undefined {
  return text
    .slice(found.at + found.value.length)
    .match(UNIT)?.[1]
    ?.toLowerCase();
}

/**
 * The statement with its value replaced by the one the correction gives, the old one after it as "(not …)";
 * undefined unless one pairing of an old value of the statement with a new value of the correction is clearly
 * best: the same unit after both, the new value given by "to" or "is", the same form.
 */
export function correctedText(statement: string, correction: string): string | undefined {
  // "every Friday (not Thursday)": a value already ruled out is no value the statement holds.
  const oldValues = valuesIn(statement).filter((old) => !/\(not\s+$/.test(statement.slice(0, old.at)));
  // "90 days, not 30 days": a value the correction rules out is the old one, not a new one.
  const newValues = valuesIn(correction).filter(
    (value) => !/\b(?:not|rather than|instead of)\s+$/i.test(correction.slice(0, value.at)),
  );
  const same = (a: Found, b: Found) => a.value.toLowerCase() === b.value.toLowerCase();
  const fresh = newValues.filter((value) => !oldValues.some((old) => same(old, value)));
  // A value the correction repeats stays, unless a new value of its kind is given in its place: "make it Friday,
  // people ignore it on Thursday" names Thursday only as the reason.
  const olds = oldValues.filter(
    (old) =>
      !newValues.some((value) => same(old, value)) ||
      fresh.some((value) => looseForm(value.value) === looseForm(old.value) && assigned(correction, value)),
  );
  let best: { old: Found; value: Found; score: number } | undefined;
  let tied = false;
  for (const old of olds) {
    for (const value of fresh) {
      if (looseForm(old.value) !== looseForm(value.value)) continue;
      const unit = unitAfter(statement, old);
      let score = 0;
      if (unit !== undefined && unit === unitAfter(correction, value)) score += 4;
      if (assigned(correction, value)) score += 2;
      // "99.9%, not 99.8%": the value named against the old one replaces it.
      if (replacesNamed(correction, value, old.value)) score += 8;
      if (kind(old.value) === kind(value.value)) score += 1;
      if (form(old.value) === form(value.value)) score += 1;
      if (best === undefined || score > best.score) [best, tied] = [{ old, value, score }, false];
      else if (score === best.score) tied = true;
    }
  }
  if (best === undefined || tied) return undefined;
  const { old, value } = best;
  let oldText = old.value;
  let newText = value.value;
  let end = old.at + old.value.length;
  // "21 days" corrected by "400 days of backups": the unit goes with both.
  const unit = statement.slice(end).match(UNIT)?.[1];
  if (unit !== undefined && unit.toLowerCase() === unitAfter(correction, value)) {
    oldText = `${oldText} ${unit}`;
    newText = `${newText} ${unit}`;
    end = statement.indexOf(unit, end) + unit.length;
  }
  // "every Friday (not Thursday)" corrected again: every value ruled out stays ruled out, in one note.
  const earlier = statement.slice(end).match(/^ \(not ([^()]+)\)/);
  if (earlier !== null) {
    return `${statement.slice(0, old.at)}${newText} (not ${oldText}, not ${earlier[1]})${statement.slice(end + earlier[0].length)}`;
  }
  return `${statement.slice(0, old.at)}${newText} (not ${oldText})${statement.slice(end)}`;
}

/** The kinds of values a text holds: numbers, weekdays. */
export function valueShapes(text: string): Set<string> {
  const shapes = new Set<string>();
  if (/\d/.test(text)) shapes.add('number');
  if (/\b(?:mon|tues|wednes|thurs|fri|satur|sun)day\b/i.test(text)) shapes.add('day');
  return shapes;
}

/** Whether a text corrects a value ({@link CORRECTS_VALUE}), read in lower case with plain apostrophes. */
export function correctsValue(text: string): boolean {
  return CORRECTS_VALUE.test(text.toLowerCase().replace(/[’‘ʼ]/g, "'"));
}

/** Whether two texts each hold a value of one form ("port 8080" and "port 9229"): settings a correction tells apart. */
export function shareValueForm(a: string, b: string): boolean {
  const forms = new Set(valuesIn(a).map((found) => looseForm(found.value)));
  return valuesIn(b).some((found) => forms.has(looseForm(found.value)));
}

/** Whether every value a statement holds is named again in `later` ("2024-01-17 still stands"): it is confirmed. */
export function valuesRestated(statement: string, later: string): boolean {
  const values = valuesIn(statement);
  const again = new Set(valuesIn(later).map((found) => found.value.toLowerCase()));
  return values.length > 0 && values.every((found) => again.has(found.value.toLowerCase()));
}

/** Whether a text names two different values of one form ("5.29.16 …; 5.89.16 is not an option"). */
export function namesTwoOfAForm(text: string): boolean {
  const seen = new Map<string, string>();
  for (const found of valuesIn(text)) {
    const shape = looseForm(found.value);
    const value = found.value.toLowerCase();
    const other = seen.get(shape);
    if (other !== undefined && other !== value) return true;
    seen.set(shape, value);
  }
  return false;
}
