import { ValidationError, type ValidationIssue } from '../../errors.js';
import { seedFromText } from './seed-from-text.js';

/** What identifies one generated case. Together they fix every random choice made for it. */
export interface CaseSeedInput {
  /** Suite key, e.g. `elite`. Must not contain `@`, `/` or `:`. */
  readonly suite: string;
  /** Suite version, e.g. `1` or `2025-06`. Must not contain `@`, `/` or `:`. */
  readonly suiteVersion: string | number;
  /** Template key, e.g. `buried_constraint_03`. Must not contain `@`, `/` or `:`. */
  readonly template: string;
  /** Template version. Must not contain `@`, `/` or `:`. */
  readonly templateVersion: string | number;
  /** Seed group, e.g. `default` or `42`: a whole new set of cases per group. Must not contain `:`. */
  readonly seedGroup: string | number;
  /** Which case of the group: 0, 1, 2, ... */
  readonly slot: number;
}

/** 2^64: seeds are unsigned 64-bit integers. */
const SEED_LIMIT = 1n << 64n;

// A lone UTF-16 surrogate is encoded as U+FFFD, so two different strings would hash alike.
const LONE_SURROGATE = /\p{Surrogate}/u;

/**
 * The seed of one benchmark case, as the spec defines it: the first 8 bytes (big-endian) of
 * SHA-256 of the UTF-8 string `"{suite}@{suiteVersion}/{template}@{templateVersion}:{seedGroup}:{slot}"`.
 * Numbers are written in decimal. Names and versions may not contain the separators, so two different
 * inputs never produce the same string. Throws a ValidationError naming every bad field.
 *
 * @example
 * // Recompute by hand: printf '%s' 'elite@1/buried_constraint@2:default:0' | sha256sum  (first 16 hex digits)
 * caseSeed({ suite: 'elite', suiteVersion: 1, template: 'buried_constraint', templateVersion: 2, seedGroup: 'default', slot: 0 });
 */
export function caseSeed(input: CaseSeedInput): bigint {
  return seedFromText(caseSeedText(input));
}

/** The exact string `caseSeed` hashes, after validating every field. */
export function caseSeedText(input: CaseSeedInput): string {
  const issues: ValidationIssue[] = [];
  const suite = checkPart(issues, 'suite', input.suite, false, '@/:');
  const suiteVersion = checkPart(issues, 'suiteVersion', input.suiteVersion, true, '@/:');
  const template = checkPart(issues, 'template', input.template, false, '@/:');
  const templateVersion = checkPart(issues, 'templateVersion', input.templateVersion, true, '@/:');
  // Only the slot follows the seed group, and it is all digits; `:` is still barred so the string splits cleanly.
  const seedGroup = checkPart(issues, 'seedGroup', input.seedGroup, true, ':');
  if (!isWholeNumber(input.slot)) {
    issues.push({
      where: 'slot',
      message: `must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${describe(input.slot)}`,
    });
  }
  if (issues.length > 0) throw new ValidationError(issues);
  return `${suite}@${suiteVersion}/${template}@${templateVersion}:${seedGroup}:${input.slot}`;
}

/**
 * The seed of one variable of a case, as the spec defines it: the first 8 bytes (big-endian) of
 * SHA-256 of `"{caseSeed}:{name}"`, with the case seed written in decimal. Each variable gets its own
 * stream, so adding a variable to a template does not change the values of the others.
 *
 * @example
 * createPrng(variableSeed(caseSeed(input), 'port')).int(1024, 65535);
 */
export function variableSeed(caseSeedValue: bigint, name: string): bigint {
  const issues: ValidationIssue[] = [];
  if (typeof caseSeedValue !== 'bigint' || caseSeedValue < 0n || caseSeedValue >= SEED_LIMIT) {
    issues.push({
      where: 'caseSeed',
      message: `must be a bigint from 0 to 2^64 - 1 (the result of caseSeed), got ${describe(caseSeedValue)}`,
    });
  }
  // The case seed is all digits, so any name, colons included, keeps the string unambiguous.
  checkPart(issues, 'name', name, false, '');
  if (issues.length > 0) throw new ValidationError(issues);
  return seedFromText(`${caseSeedValue}:${name}`);
}

/** Validates one field and returns it as the text that goes into the hashed string. */
function checkPart(
  issues: ValidationIssue[],
  field: string,
  value: unknown,
  numberAllowed: boolean,
  separators: string,
): string {
  if (numberAllowed && typeof value === 'number') {
    if (isWholeNumber(value)) return String(value);
    issues.push({
      where: field,
      message: `a number here must be a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got ${value}; or pass a string`,
    });
    return '';
  }
  if (typeof value !== 'string') {
    const expected = numberAllowed ? 'a non-empty string or a whole number' : 'a non-empty string';
    issues.push({ where: field, message: `must be ${expected}, got ${describe(value)}` });
    return '';
  }
  if (value.length === 0) {
    issues.push({ where: field, message: 'must not be empty' });
  }
  const found = [...separators].filter((separator) => value.includes(separator));
  if (found.length > 0) {
    const listed = found.map((separator) => `"${separator}"`).join(' and ');
    const message = `${describe(value)} contains ${listed}, which separate${found.length > 1 ? '' : 's'} the fields of the seed string; remove ${found.length > 1 ? 'them' : 'it'}`;
    issues.push({ where: field, message });
  }
  if (LONE_SURROGATE.test(value)) {
    issues.push({ where: field, message: 'contains a lone UTF-16 surrogate, which has no UTF-8 form' });
  }
  return value;
}

function isWholeNumber(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= 0;
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'bigint') return `${value}n`;
  return String(value);
}
