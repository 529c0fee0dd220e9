import { describe, expect, it } from 'vitest';
import { FILLER_BANNED_WORDS } from '../../../src/bench/filler/index.js';
import { ACTION_FRAMES } from '../../../src/bench/lexicon/action-words.js';
import {
  containsWholeWords,
  GENERATOR_NAMES,
  GENERATORS,
  type GeneratorName,
} from '../../../src/bench/lexicon/index.js';
import { CITIES, COUNTRIES, WEEKDAYS } from '../../../src/bench/lexicon/place-words.js';
import { createPrng } from '../../../src/bench/random/index.js';

/** What every value of each generator looks like. */
const SHAPES: Record<GeneratorName, (value: string) => boolean> = {
  person_name: (value) => /^[A-Z][a-z]+ [A-Z][A-Za-z]+$/.test(value),
  project_noun: (value) => /^[A-Za-z][A-Za-z ]+$/.test(value) && value.split(' ').length >= 3,
  action_phrase: (value) => /^[a-z][a-z-]*( [a-z]+)? [\w .-]+$/.test(value) && !value.endsWith('.'),
  org_name: (value) => /^[A-Z][a-z]+( [A-Z][a-z]+)* [A-Z][a-z]+( Union)?$/.test(value),
  // CompactBench's formats: `2025-07-14` (2024-2026, day 1-28), `$47,250` (2-5 digits), `PRD-KX4821`.
  date_iso: (value) => isValidDate(value) && value < '2027' && Number(value.slice(8)) <= 28,
  amount_usd: (value) => /^\$[1-9]\d{0,2}(,\d{3})?$/.test(value) && value.replace(/\D/g, '').length >= 2,
  product_sku: (value) => /^(SKU|PRD|ITEM|ART)-[A-HJ-NP-RT-Z]{2}[1-9]\d{2,3}$/.test(value),
  file_path: (value) =>
    /^[a-z][\w/]*\/[A-Za-z][\w-]*\.(ts|tsx|py|go|rs|rb|java|sql|yaml|json|toml|sh)$/.test(value),
  directory: (value) => /^[a-z][\w/]*\/[a-z]+$/.test(value),
  service_name: (value) => /^[a-z]+-[a-z]+$/.test(value),
  port: (value) => /^[1-9]\d{3,4}$/.test(value) && Number(value) >= 1024 && Number(value) <= 65535,
  version: (value) => /^(0|[1-9]\d*)\.(0|[1-9]\d*)\.(0|[1-9]\d*)$/.test(value),
  amount: (value) => /^(\$|£|CHF )?[1-9]\d{0,2}(,\d{3})*(\.\d{2})?( EUR)?$/.test(value),
  percentage: (value) => /^(0|[1-9]\d?)(\.\d)?%$/.test(value) && Number.parseFloat(value) <= 100,
  date: (value) => isValidDate(value),
  time: (value) => /^([01]\d|2[0-3]):[0-5]\d$/.test(value),
  weekday: (value) => WEEKDAYS.includes(value),
  duration: (value) =>
    /^(1 (second|minute|hour|day|week)|([2-9]|\d{2,}) (seconds|minutes|hours|days|weeks))$/.test(value),
  error_message: (value) => value.length > 10 && !value.includes('\n'),
  command: (value) =>
    /^((npm|npx|pytest|go|cargo|make|docker|kubectl|psql|bundle|pnpm|python) |\.\/scripts\/)/.test(value) &&
    !value.includes('\n'),
  test_name: (value) => /^(test_[a-z0-9_]+|[a-z][A-Za-z -]+)$/.test(value),
  function_name: (value) => /^[a-z]+([A-Z][a-z]+)+$/.test(value),
  env_var: (value) => /^[A-Z][A-Z0-9]*(_[A-Z0-9]+)+$/.test(value),
  url: (value) =>
    /^(https:\/\/[a-z]+\.example\.(com|org|net)|http:\/\/[a-z]+-[a-z]+\.[a-z]+\.internal:\d+)\/\S*$/.test(
      value,
    ),
  branch_name: (value) => /^(feature|fix|chore|refactor|hotfix|spike|perf)\/[A-Za-z0-9-]+$/.test(value),
  ticket_id: (value) => /^[A-Z]+-[1-9]\d{2,3}$/.test(value),
  db_table: (value) => /^[a-z]+(_[a-z]+)?$/.test(value),
  city: (value) => CITIES.includes(value),
  country: (value) => COUNTRIES.includes(value),
  team_name: (value) => /^[A-Z][A-Za-z]+( [A-Z][a-z]+)* [A-Z][a-z]+$/.test(value),
};

function isValidDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (match === null) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return year >= 2024 && year <= 2027 && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function drawMany(name: GeneratorName, count: number): string[] {
  const prng = createPrng(`shape:${name}`);
  return Array.from({ length: count }, () => GENERATORS[name].draw(prng));
}

/** Positions where two equally long strings differ. */
function differingPositions(left: string, right: string): number[] {
  return [...left].flatMap((char, index) => (char === right[index] ? [] : [index]));
}

describe('GENERATORS', () => {
  it('has exactly the documented generators, each named after its key', () => {
    expect(Object.keys(GENERATORS).sort()).toEqual([...GENERATOR_NAMES].sort());
    expect(GENERATOR_NAMES).toHaveLength(30);
    for (const name of GENERATOR_NAMES) expect(GENERATORS[name].name).toBe(name);
  });

  it.each(GENERATOR_NAMES)('%s draws values of the right shape', (name) => {
    for (const value of drawMany(name, 400)) {
      expect(SHAPES[name](value), `${name}: ${JSON.stringify(value)}`).toBe(true);
    }
  });

  it.each(GENERATOR_NAMES)('%s gives the same values for the same seed', (name) => {
    expect(drawMany(name, 20)).toEqual(drawMany(name, 20));
  });

  it('has lexicons too large to memorise', () => {
    const distinct = (name: GeneratorName): number => new Set(drawMany(name, 3000)).size;
    expect(distinct('person_name')).toBeGreaterThan(2000);
    expect(distinct('project_noun')).toBeGreaterThan(200);
    expect(distinct('action_phrase')).toBeGreaterThan(300);
    expect(distinct('file_path')).toBeGreaterThan(2000);
    expect(distinct('function_name')).toBeGreaterThan(1500);
  });

  it('never puts a cue word of the reader in a value', () => {
    for (const name of GENERATOR_NAMES) {
      for (const value of drawMany(name, 300)) {
        const cue = FILLER_BANNED_WORDS.find((word) => containsWholeWords(value, word));
        expect(cue, `${name}: ${value}`).toBeUndefined();
      }
    }
  });

  it("spreads CompactBench's date_iso, amount_usd and product_sku over their whole ranges", () => {
    const dates = drawMany('date_iso', 2000);
    expect(new Set(dates.map((value) => value.slice(0, 4)))).toEqual(new Set(['2024', '2025', '2026']));
    expect(new Set(dates.map((value) => value.slice(5, 7))).size).toBe(12);
    expect(new Set(dates.map((value) => value.slice(8))).size).toBe(28);
    // Each digit count is drawn first, so each holds about a quarter of the amounts.
    const digitCounts = new Map<number, number>();
    for (const value of drawMany('amount_usd', 2000)) {
      const digits = value.replace(/\D/g, '').length;
      digitCounts.set(digits, (digitCounts.get(digits) ?? 0) + 1);
    }
    expect([...digitCounts.keys()].sort()).toEqual([2, 3, 4, 5]);
    for (const count of digitCounts.values()) expect(count).toBeGreaterThan(400);
    const skus = drawMany('product_sku', 2000);
    expect(new Set(skus.map((value) => value.split('-')[0]))).toEqual(new Set(['SKU', 'PRD', 'ITEM', 'ART']));
    expect(new Set(skus).size).toBeGreaterThan(1900);
  });

  it('draws the same CompactBench-format values on every machine (golden values)', () => {
    const prng = createPrng('golden:commerce');
    expect([
      GENERATORS.date_iso.draw(prng),
      GENERATORS.amount_usd.draw(prng),
      GENERATORS.product_sku.draw(prng),
    ]).toEqual(['2024-07-28', '$38,459', 'SKU-BX7233']);
  });

  it('makes action phrases that read after "never" and "let\'s"', () => {
    const verbs = new Set(ACTION_FRAMES.flatMap((frame) => frame.verbs));
    for (const value of drawMany('action_phrase', 300)) {
      // Imperative: it starts with a bare verb of the lexicon, lower case, and has no full stop.
      expect(
        [...verbs].some((verb) => value.startsWith(`${verb} `)),
        value,
      ).toBe(true);
      expect(value).not.toMatch(/[.!?]$/);
    }
  });
});

describe('near', () => {
  const seeds = Array.from({ length: 200 }, (_, index) => `near:${index}`);

  it.each(GENERATOR_NAMES)('%s gives a different value of the same shape', (name) => {
    const generator = GENERATORS[name];
    for (const seed of seeds) {
      const prng = createPrng(seed);
      const value = generator.draw(prng);
      const near = generator.near?.(value, prng);
      expect(near).toBeDefined();
      expect(near).not.toBe(value);
      expect(SHAPES[name](near as string), `${name}: ${value} → ${near}`).toBe(true);
    }
  });

  it.each([
    'port',
    'version',
    'amount',
    'percentage',
    'time',
    'ticket_id',
    'date_iso',
    'amount_usd',
    'product_sku',
  ] as const)('%s changes one digit or swaps two neighbours', (name) => {
    for (const seed of seeds) {
      const prng = createPrng(seed);
      const value = GENERATORS[name].draw(prng);
      const near = GENERATORS[name].near?.(value, prng) as string;
      expect(near).toHaveLength(value.length);
      const positions = differingPositions(value, near);
      const swapped = positions.length === 2 && positions[1] === (positions[0] as number) + 1;
      expect(positions.length === 1 || swapped, `${value} → ${near}`).toBe(true);
    }
  });

  it('moves a date by a few days or one digit', () => {
    for (const seed of seeds) {
      const prng = createPrng(seed);
      const value = GENERATORS.date.draw(prng);
      const near = GENERATORS.date.near?.(value, prng) as string;
      const days = Math.abs(Date.parse(near) - Date.parse(value)) / 86_400_000;
      expect(days <= 3 || differingPositions(value, near).length <= 2, `${value} → ${near}`).toBe(true);
    }
  });

  it('keeps the first name, the directory, the host and the unit', () => {
    for (const seed of seeds) {
      const prng = createPrng(seed);
      const person = GENERATORS.person_name.draw(prng);
      expect(GENERATORS.person_name.near?.(person, prng).split(' ')[0]).toBe(person.split(' ')[0]);
      const path = GENERATORS.file_path.draw(prng);
      const nearPath = GENERATORS.file_path.near?.(path, prng) as string;
      expect(nearPath.slice(0, nearPath.lastIndexOf('/'))).toBe(path.slice(0, path.lastIndexOf('/')));
      expect(nearPath.split('.').pop()).toBe(path.split('.').pop());
      const url = GENERATORS.url.draw(prng);
      const host = /^https?:\/\/[^/]+/.exec(url)?.[0] as string;
      expect(GENERATORS.url.near?.(url, prng).startsWith(host)).toBe(true);
      const duration = GENERATORS.duration.draw(prng);
      const unit = duration.split(' ')[1]?.replace(/s$/, '');
      expect(GENERATORS.duration.near?.(duration, prng).split(' ')[1]?.replace(/s$/, '')).toBe(unit);
    }
  });

  it('copes with values it did not draw itself', () => {
    const prng = createPrng('foreign');
    expect(GENERATORS.port.near?.('not a port', prng)).not.toBe('not a port');
    expect(GENERATORS.person_name.near?.('Cher', prng)).not.toBe('Cher');
    expect(GENERATORS.date.near?.('2031-02-30', prng)).not.toBe('2031-02-30');
    expect(GENERATORS.file_path.near?.('README', prng)).not.toBe('README');
  });
});
