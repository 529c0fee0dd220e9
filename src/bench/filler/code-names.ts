import { CODE_QUALIFIERS, CODE_VERBS, DOMAIN_NOUNS, FIELD_NAMES } from '../lexicon/code-words.js';
import { capitalize, pluralize, snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';

/*
 * Identifier makers for generated code and logs. Every name is composed from the lexicon's pools, so the same
 * function rarely shows up twice in a filler block.
 */

// Nouns that are keywords in some language cannot stand alone as variable names.
const KEYWORDS = new Set(['import', 'export', 'default', 'package', 'return', 'delete']);
const VARIABLE_NOUNS = DOMAIN_NOUNS.filter((noun) => !KEYWORDS.has(noun));

// Pool words are single lower-case words (fields are camelCase), so names are composed directly: filler writes
// thousands of identifiers per block and general case conversion would dominate its run time.
const SNAKE_FIELDS: ReadonlyMap<string, string> = new Map(
  FIELD_NAMES.map((field) => [field, snakeCase(field)]),
);

/** `invoiceLines`, `payout`: a local variable (camel) or `invoice_lines` (snake). */
export function variableName(prng: Prng, style: 'camel' | 'snake' = 'camel'): string {
  if (!prng.chance(0.5)) return prng.pick(VARIABLE_NOUNS);
  const [noun, qualifier] = [prng.pick(DOMAIN_NOUNS), prng.pick(CODE_QUALIFIERS)];
  return style === 'snake' ? `${noun}_${qualifier}` : noun + capitalize(qualifier);
}

/** `reconcileLedgerBatch` (camel) or `reconcile_ledger_batch` (snake). */
export function functionName(prng: Prng, style: 'camel' | 'snake' | 'pascal' = 'camel'): string {
  const verb = prng.pick(CODE_VERBS);
  const noun = prng.pick(DOMAIN_NOUNS);
  const qualifier = prng.chance(0.55) ? prng.pick(CODE_QUALIFIERS) : '';
  if (style === 'snake') return qualifier === '' ? `${verb}_${noun}` : `${verb}_${noun}_${qualifier}`;
  const rest = capitalize(noun) + capitalize(qualifier);
  return style === 'pascal' ? capitalize(verb) + rest : verb + rest;
}

/** `InvoiceSummary`, `PayoutBatch`. */
export function typeName(prng: Prng): string {
  return capitalize(prng.pick(DOMAIN_NOUNS)) + capitalize(prng.pick(CODE_QUALIFIERS));
}

/** `tenantId` or `tenant_id`. */
export function fieldName(prng: Prng, style: 'camel' | 'snake' = 'camel'): string {
  const field = prng.pick(FIELD_NAMES);
  return style === 'snake' ? (SNAKE_FIELDS.get(field) as string) : field;
}

/** `ledger_entries`, `invoices`. */
export function tableName(prng: Prng): string {
  return prng.chance(0.5)
    ? pluralize(prng.pick(DOMAIN_NOUNS))
    : `${prng.pick(DOMAIN_NOUNS)}_${prng.pick(CODE_QUALIFIERS)}`;
}

/** A plural noun for collections: `invoices`, `entries`. */
export function pluralNoun(prng: Prng): string {
  return pluralize(prng.pick(DOMAIN_NOUNS));
}

const LOG_EVENTS = [
  '{noun} batch loaded',
  'retrying {noun} request',
  '{noun} sync finished',
  'skipping empty {noun}',
  'cache miss for {noun}',
  '{noun} export written',
  '{noun} webhook delivered',
  'recomputed {noun} totals',
  '{noun} lock acquired',
  '{noun} lock released',
  'loaded {noun} config',
  '{noun} queue drained',
  'fetched {noun} page',
  '{noun} snapshot stored',
  'published {noun} event',
  'received {noun} callback',
  '{noun} checksum mismatch',
  'slow {noun} query',
  'rate limited by {noun} upstream',
  '{noun} worker started',
  '{noun} worker stopped',
  'marked {noun} as settled',
  'reindexed {noun} documents',
];

/** A short log message: `payout batch loaded`. */
export function logEvent(prng: Prng): string {
  return prng.pick(LOG_EVENTS).replace('{noun}', prng.pick(DOMAIN_NOUNS));
}

/** Lower-case hex of `length` digits, for commit hashes, request ids and digests. */
export function hex(prng: Prng, length: number): string {
  let text = '';
  while (text.length < length) text += prng.nextUint32().toString(16).padStart(8, '0');
  return text.slice(0, length);
}

/** A string literal's content for generated code: a log message, a status, a key. */
export function shortLiteral(prng: Prng): string {
  switch (prng.int(0, 3)) {
    case 0:
      return logEvent(prng);
    case 1:
      return prng.pick([
        'draft',
        'posted',
        'settled',
        'failed',
        'queued',
        'paid',
        'void',
        'active',
        'archived',
      ]);
    case 2:
      return `${prng.pick(DOMAIN_NOUNS)}:${prng.pick(CODE_QUALIFIERS)}`;
    default:
      return pluralNoun(prng);
  }
}
