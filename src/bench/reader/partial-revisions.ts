import type { ValueToken } from './value-forms.js';

/**
 * A message that says which parts of an earlier request stay as they were ("same region", "the port stays",
 * "everything else as is") revises the rest of it: the values it gives replace the earlier ones of their form,
 * though it says no "actually" or "make that". Read on a person's words only (see `findSupersessions`).
 */
const KEEPS_THE_REST =
  /(?<![\p{L}\p{N}])(?:same (?!as\b|thing\b|time\b|way\b|here\b|again\b)\p{L}[\p{L}-]*|(?:the )?\p{L}[\p{L}-]* (?:stays?|remains?) (?:the same|as (?:is|it was|before)|unchanged)|\p{L}[\p{L}-]* stays?(?= *(?:[.,;!]|$))|(?:everything|all) else (?:stays|is|as|unchanged)|otherwise (?:the same|unchanged|as before))/iu;

/** Whether `body` keeps part of an earlier request as it was (see `KEEPS_THE_REST`). */
export function keepsTheRest(body: string): boolean {
  return KEEPS_THE_REST.test(body);
}

/**
 * The forms a revision can set: a share, a quantity, an amount, a time, a day, a date or a version. A bare
 * number is a count or part of a name as often as a setting, and a ticket is no setting.
 */
const SETTING_FORM = /^(?:percent|qty:|money:|time$|weekday$|date$|version$)/;

/** The values of a revising message that replace earlier ones: the first of each form a setting can have. */
export function revisedValues(values: readonly ValueToken[]): ValueToken[] {
  const forms = new Set<string>();
  const revised: ValueToken[] = [];
  for (const value of values) {
    if (!SETTING_FORM.test(value.form) || forms.has(value.form)) continue;
    forms.add(value.form);
    revised.push(value);
  }
  return revised;
}

// The part a revising message keeps, named: "same port" and "the replicas stay" keep the port and the replicas.
const KEPT_PART =
  /(?<![\p{L}\p{N}])(?:same (?!as\b|thing\b|way\b|here\b|again\b)(?<after>\p{L}[\p{L}-]*)|(?<before>\p{L}[\p{L}-]*) (?:stays?|remains?)(?![\p{L}\p{N}]))/giu;

/** The words naming what a message keeps as it was ("same port", "replicas stay"), lower-cased. */
export function keptParts(body: string): string[] {
  return [...body.matchAll(KEPT_PART)].map((match) =>
    (match.groups?.after ?? match.groups?.before ?? '').toLowerCase(),
  );
}
