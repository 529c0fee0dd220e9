import { DOMAIN_NOUNS, FILE_ROLES } from '../lexicon/code-words.js';
import { TEST_CONDITIONS, TEST_OBJECTS, TEST_VERBS } from '../lexicon/test-words.js';
import { pascalCase, snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { fieldName, functionName, variableName } from './code-names.js';
import { pickLazy } from './source-writer.js';

/** `payout scheduler > rounds partial refunds across currencies`, as vitest prints a test. */
export function describedTitle(prng: Prng): string {
  const suite = `${prng.pick(DOMAIN_NOUNS)} ${prng.pick(FILE_ROLES)}`;
  return `${suite} > ${prng.pick(TEST_VERBS)} ${prng.pick(TEST_OBJECTS)} ${prng.pick(TEST_CONDITIONS)}`;
}

/** `test_rounds_partial_refunds_across_currencies`, as pytest names a test function. */
export function pytestTitle(prng: Prng): string {
  const condition = prng.chance(0.5) ? ` ${prng.pick(TEST_CONDITIONS)}` : '';
  return `test_${snakeCase(`${prng.pick(TEST_VERBS)} ${prng.pick(TEST_OBJECTS)}${condition}`)}`;
}

/** `TestSettlePayoutBatch/rounds_partial_refunds`, a Go test with a subtest. */
export function goTestTitle(prng: Prng): string {
  const parent = `Test${functionName(prng, 'pascal')}`;
  return prng.chance(0.6)
    ? `${parent}/${snakeCase(`${prng.pick(TEST_VERBS)} ${prng.pick(TEST_OBJECTS)}`)}`
    : parent;
}

/** A number as tests print money: `1875.51`. */
function amount(prng: Prng): string {
  return (prng.int(100, 999_999) / 100).toFixed(2);
}

/** The message of a failed JavaScript assertion or crash. */
export function jestFailure(prng: Prng): string {
  const [expected, received] = [amount(prng), amount(prng)];
  return pickLazy(prng, [
    () => `AssertionError: expected ${received} to be ${expected} // Object.is equality`,
    () =>
      `AssertionError: expected [ '${prng.pick(['draft', 'posted'])}', 'settled' ] to deeply equal [ 'settled' ]`,
    () => `AssertionError: expected undefined to be defined`,
    () => `TypeError: ${variableName(prng)}.${fieldName(prng)} is not iterable`,
    () =>
      `AssertionError: expected "spy" to be called ${prng.int(2, 5)} times, but got ${prng.int(0, 1)} times`,
    () => `Error: Timed out in ${prng.pick([5000, 10000])}ms.`,
  ]);
}

/** The `E` line of a failed pytest assertion. */
export function pytestFailure(prng: Prng): string {
  return pickLazy(prng, [
    () => `AssertionError: assert Decimal('${amount(prng)}') == Decimal('${amount(prng)}')`,
    () => `AssertionError: assert ${prng.int(0, 9)} == ${prng.int(10, 20)}`,
    () => `KeyError: '${fieldName(prng, 'snake')}'`,
    () => `AttributeError: 'NoneType' object has no attribute '${fieldName(prng, 'snake')}'`,
    () => `assert '${prng.pick(['draft', 'queued'])}' == '${prng.pick(['settled', 'paid'])}'`,
  ]);
}

/** The log line of a failed Go test. */
export function goFailure(prng: Prng): string {
  return pickLazy(prng, [
    () => `got ${amount(prng)}, want ${amount(prng)}`,
    () => `unexpected error: ${functionName(prng, 'snake').replaceAll('_', ' ')}: sql: no rows in result set`,
    () =>
      `${pascalCase(fieldName(prng))} = "${prng.pick(['draft', 'queued'])}", want "${prng.pick(['settled', 'paid'])}"`,
    () => `len(${variableName(prng)}) = ${prng.int(0, 3)}, want ${prng.int(4, 9)}`,
  ]);
}
