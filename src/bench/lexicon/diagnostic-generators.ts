import type { Prng } from '../random/prng.js';
import { drawDirectory, drawFileName, drawFunctionName } from './code-generators.js';
import { AREA_DIRECTORIES, CODE_QUALIFIERS, DOMAIN_NOUNS, FIELD_NAMES, SERVICE_ROLES } from './code-words.js';
import { drawDifferent } from './near-value.js';
import { TEST_CONDITIONS, TEST_OBJECTS, TEST_VERBS } from './test-words.js';
import type { VariableGenerator } from './variable-generator.js';
import { camelCase, kebabCase, pascalCase, pluralize, snakeCase } from './word-case.js';

/** Ports of the usual backing services, so connection errors name believable targets. */
const SERVICE_PORTS = [5432, 6379, 3306, 9200, 27017, 5672, 9092, 11211, 8500];

/** Table names as error messages quote them. */
function tableName(prng: Prng): string {
  return prng.chance(0.4)
    ? pluralize(prng.pick(DOMAIN_NOUNS))
    : `${prng.pick(DOMAIN_NOUNS)}_${snakeCase(prng.pick(CODE_QUALIFIERS))}`;
}

/**
 * One-line errors in the exact wording of Node, Postgres, Python, Go, Rust and friends. None contains a cue word
 * of the benchmark's reader (no "Cannot read properties ..."), so an error never reads as a rule.
 */
const ERROR_MESSAGES: readonly ((prng: Prng) => string)[] = [
  (prng) => `TypeError: ${camelCase(prng.pick(DOMAIN_NOUNS))}.${prng.pick(FIELD_NAMES)} is not iterable`,
  (prng) =>
    `TypeError: ${camelCase(`${prng.pick(DOMAIN_NOUNS)} client`)}.${drawFunctionName(prng)} is not a function`,
  (prng) => `ReferenceError: ${prng.pick(FIELD_NAMES)} is not defined`,
  (prng) => `ECONNREFUSED 127.0.0.1:${prng.pick(SERVICE_PORTS)}`,
  (prng) => `connect ETIMEDOUT 10.${prng.int(0, 255)}.${prng.int(0, 255)}.${prng.int(1, 254)}:443`,
  (prng) => `relation "${tableName(prng)}" does not exist`,
  (prng) => `duplicate key value violates unique constraint "${tableName(prng)}_pkey"`,
  (prng) => `column "${snakeCase(prng.pick(FIELD_NAMES))}" of relation "${tableName(prng)}" does not exist`,
  (prng) =>
    `null value in column "${snakeCase(prng.pick(FIELD_NAMES))}" of relation "${tableName(prng)}" violates not-null constraint`,
  (prng) => `KeyError: '${snakeCase(prng.pick(FIELD_NAMES))}'`,
  (prng) => `AttributeError: 'NoneType' object has no attribute '${snakeCase(prng.pick(FIELD_NAMES))}'`,
  (prng) =>
    `ModuleNotFoundError: No module named '${prng.pick(AREA_DIRECTORIES)}.${snakeCase(prng.pick(DOMAIN_NOUNS))}'`,
  () => 'panic: runtime error: invalid memory address or nil pointer dereference',
  (prng) => {
    const length = prng.int(0, 12);
    return `panic: runtime error: index out of range [${length}] with length ${length}`;
  },
  (prng) => `Error: ENOENT: no such file or directory, open '${drawDirectory(prng)}/${drawFileName(prng)}'`,
  (prng) => `error[E0382]: borrow of moved value: \`${snakeCase(prng.pick(DOMAIN_NOUNS))}\``,
  () => `SyntaxError: Unexpected token '<', "<!DOCTYPE "... is not valid JSON`,
  (prng) =>
    `TS2339: Property '${prng.pick(FIELD_NAMES)}' does not exist on type '${pascalCase(prng.pick(DOMAIN_NOUNS))}'.`,
  (prng) =>
    `TS2322: Type 'string' is not assignable to type '${pascalCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(CODE_QUALIFIERS)}`)}'.`,
  (prng) =>
    `rpc error: code = DeadlineExceeded desc = context deadline exceeded (${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)})`,
  () => 'x509: certificate has expired or is not yet valid',
  () => 'Deadlock found when trying to get lock; try restarting transaction',
  (prng) =>
    `OOMKilled: container ${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)} exceeded its 512Mi memory limit`,
  (prng) => `AssertionError: expected ${prng.int(2, 40)} to equal ${prng.int(41, 90)}`,
  (prng) =>
    `sqlalchemy.exc.IntegrityError: (psycopg2.errors.ForeignKeyViolation) insert on table "${tableName(prng)}"`,
  (prng) => `redis: connection pool timeout after ${prng.pick([1, 2, 3, 5])}s`,
  (prng) => `HTTP 502 Bad Gateway from ${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)}`,
];

/** `ECONNREFUSED 127.0.0.1:5432`, `relation "ledger_entries" does not exist`. */
export const errorMessageGenerator: VariableGenerator = {
  name: 'error_message',
  draw: (prng) => prng.pick(ERROR_MESSAGES)(prng),
  near: (value, prng) => drawDifferent(value, prng, errorMessageGenerator.draw),
};

const TEST_SUFFIXES = ['test', 'spec'];

/** Shell commands an engineer runs: tests, builds, deploys, database pokes. */
const COMMANDS: readonly ((prng: Prng) => string)[] = [
  (prng) => `npm run test:${prng.pick(AREA_DIRECTORIES)} -- --runInBand`,
  (prng) =>
    `npx vitest run test/${prng.pick(AREA_DIRECTORIES)}/${kebabCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(CODE_QUALIFIERS)}`)}.${prng.pick(TEST_SUFFIXES)}.ts`,
  (prng) =>
    `pytest tests/test_${snakeCase(prng.pick(DOMAIN_NOUNS))}.py -k ${snakeCase(prng.pick(CODE_QUALIFIERS))}`,
  (prng) =>
    `go test ./internal/${prng.pick(AREA_DIRECTORIES)}/... -run Test${pascalCase(prng.pick(DOMAIN_NOUNS))}`,
  (prng) =>
    `cargo test ${snakeCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(CODE_QUALIFIERS)}`)} -- --nocapture`,
  (prng) => `make ${prng.pick(['migrate', 'seed', 'lint', 'build', 'e2e'])}-${prng.pick(AREA_DIRECTORIES)}`,
  (prng) => `docker compose up -d ${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)}`,
  (prng) =>
    `kubectl rollout restart deployment/${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)} -n ${prng.pick(['billing', 'core', 'staging', 'payments'])}`,
  (prng) => `psql "$DATABASE_URL" -c 'select count(*) from ${tableName(prng)}'`,
  (prng) => `npx tsc --noEmit -p packages/${prng.pick(AREA_DIRECTORIES)}`,
  (prng) =>
    `./scripts/${kebabCase(`${prng.pick(['backfill', 'reindex', 'rotate', 'export', 'replay'])} ${prng.pick(DOMAIN_NOUNS)}`)}.sh --dry-run`,
  (prng) =>
    `bundle exec rspec spec/${prng.pick(AREA_DIRECTORIES)}/${snakeCase(prng.pick(DOMAIN_NOUNS))}_spec.rb`,
  (prng) => `pnpm --filter @acme/${prng.pick(AREA_DIRECTORIES)} build`,
  (prng) =>
    `python -m ${prng.pick(AREA_DIRECTORIES)}.${snakeCase(`${prng.pick(['replay', 'sync', 'export'])} ${prng.pick(DOMAIN_NOUNS)}`)} --since ${prng.int(1, 30)}d`,
];

/** `npm run test:billing -- --runInBand`, `pytest tests/test_sync.py -k retry`. */
export const commandGenerator: VariableGenerator = {
  name: 'command',
  draw: (prng) => prng.pick(COMMANDS)(prng),
  near: (value, prng) => drawDifferent(value, prng, commandGenerator.draw),
};

/** `rounds partial refunds across currencies`, or pytest style `test_rounds_partial_refunds`. */
export const testNameGenerator: VariableGenerator = {
  name: 'test_name',
  draw: (prng) => {
    const verb = prng.pick(TEST_VERBS);
    const object = prng.pick(TEST_OBJECTS);
    if (prng.chance(0.35)) return `test_${snakeCase(`${verb} ${object}`)}`;
    return `${verb} ${object} ${prng.pick(TEST_CONDITIONS)}`;
  },
  near: (value, prng) => drawDifferent(value, prng, testNameGenerator.draw),
};
