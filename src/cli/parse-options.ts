import { InvalidArgumentError } from 'commander';
import { SESSION_FORMATS, type SessionFormat } from '../sessions/index.js';
import type { TokenEncoding } from '../tokens/index.js';

/** Parses a whole number >= 0 for a commander option, with a one-line error otherwise. */
export function parseWholeNumber(value: string): number {
  const parsed = Number(value.replaceAll('_', ''));
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new InvalidArgumentError(`expected a whole number >= 0, got "${value}"`);
  return parsed;
}

/** Parses a tokenizer name. */
export function parseEncoding(value: string): TokenEncoding {
  if (value === 'cl100k_base' || value === 'o200k_base') return value;
  throw new InvalidArgumentError(`expected cl100k_base or o200k_base, got "${value}"`);
}

const FORMATS = ['auto', 'compactkit', 'openai', 'anthropic', 'ai-sdk'] as const;

/** Parses a transcript format name. */
export function parseFormat(value: string): (typeof FORMATS)[number] {
  const found = FORMATS.find((format) => format === value);
  if (!found) throw new InvalidArgumentError(`expected one of ${FORMATS.join('|')}, got "${value}"`);
  return found;
}

const INPUT_FORMATS = ['auto', ...SESSION_FORMATS] as const;

/** Parses `--input-format`: `auto`, an agent log format (claude-code, codex) or a message format. */
export function parseInputFormat(value: string): 'auto' | SessionFormat {
  const found = INPUT_FORMATS.find((format) => format === value);
  if (!found) throw new InvalidArgumentError(`expected one of ${INPUT_FORMATS.join('|')}, got "${value}"`);
  return found;
}

/** A commander parser that accepts one of `choices`. */
export function parseChoice<T extends string>(choices: readonly T[]): (value: string) => T {
  return (value: string): T => {
    const found = choices.find((choice) => choice === value);
    if (!found) throw new InvalidArgumentError(`expected one of ${choices.join('|')}, got "${value}"`);
    return found;
  };
}

/** Parses a comma-separated list, trimming entries and refusing empty ones. */
export function parseList(value: string): string[] {
  const entries = value.split(',').map((entry) => entry.trim());
  if (entries.some((entry) => entry === ''))
    throw new InvalidArgumentError(`expected a comma-separated list, got "${value}"`);
  return entries;
}

const DURATION_UNITS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, min: 60_000, h: 3_600_000 };

/** Parses a duration (`90s`, `10m`, `1.5h`, `500ms`; a bare number is seconds) into milliseconds >= 1. */
export function parseDuration(value: string): number {
  const match = /^(\d+(?:\.\d+)?)\s*(ms|s|m|min|h)?$/.exec(value.trim());
  const unit = DURATION_UNITS[match?.[2] ?? 's'];
  const ms = match && unit !== undefined ? Math.round(Number(match[1]) * unit) : Number.NaN;
  if (!Number.isFinite(ms) || ms < 1)
    throw new InvalidArgumentError(`expected a duration such as 90s, 10m or 500ms, got "${value}"`);
  return ms;
}
