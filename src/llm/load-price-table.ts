import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { issuesFromZod } from '../validation/zod-issues.js';
import { DEFAULT_PRICES, type PriceTable } from './price-table.js';

/** The environment variable that names a JSON file of prices, `{"<model id>": {"inputPerMillion": …, "outputPerMillion": …}}`. */
export const PRICES_ENVIRONMENT_VARIABLE = 'COMPACTKIT_PRICES';

const priceTableSchema = z.record(
  z.string().min(1),
  z.strictObject({ inputPerMillion: z.number().nonnegative(), outputPerMillion: z.number().nonnegative() }),
);

/** Options of `loadPriceTable`. */
export interface PriceTableOptions {
  /** Prices that beat both the file and the defaults. */
  prices?: PriceTable;
  /** Path of a JSON price file; `COMPACTKIT_PRICES` when absent. */
  pricesFile?: string;
}

/**
 * The price table in effect: built-in defaults, overridden by the JSON file (`pricesFile` or `COMPACTKIT_PRICES`,
 * read now), overridden by `prices`.
 * @throws ValidationError naming the file and every bad entry.
 */
export function loadPriceTable(options: PriceTableOptions = {}): PriceTable {
  const path = options.pricesFile ?? (process.env[PRICES_ENVIRONMENT_VARIABLE]?.trim() || undefined);
  return { ...DEFAULT_PRICES, ...(path === undefined ? {} : readPriceFile(path)), ...options.prices };
}

function readPriceFile(path: string): PriceTable {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    const code = (error as { code?: string }).code ?? 'unreadable';
    throw new ValidationError([
      { where: path, message: `cannot read the price file (${code}); check ${PRICES_ENVIRONMENT_VARIABLE}` },
    ]);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    throw new ValidationError([{ where: path, message: `not JSON: ${(error as Error).message}` }]);
  }
  const parsed = priceTableSchema.safeParse(value);
  if (!parsed.success) throw new ValidationError(issuesFromZod(parsed.error.issues, [], path));
  return parsed.data;
}
