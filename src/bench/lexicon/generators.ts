import { dateGenerator, timeGenerator, weekdayGenerator } from './calendar-generators.js';
import {
  branchNameGenerator,
  dbTableGenerator,
  directoryGenerator,
  envVarGenerator,
  filePathGenerator,
  functionNameGenerator,
  serviceNameGenerator,
  ticketIdGenerator,
  urlGenerator,
} from './code-generators.js';
import { amountUsdGenerator, dateIsoGenerator, productSkuGenerator } from './commerce-generators.js';
import { commandGenerator, errorMessageGenerator, testNameGenerator } from './diagnostic-generators.js';
import {
  amountGenerator,
  durationGenerator,
  percentageGenerator,
  portGenerator,
  versionGenerator,
} from './number-generators.js';
import {
  actionPhraseGenerator,
  cityGenerator,
  countryGenerator,
  orgNameGenerator,
  personNameGenerator,
  projectNounGenerator,
  teamNameGenerator,
} from './text-generators.js';
import type { VariableGenerator } from './variable-generator.js';

/**
 * Every generator name a template may use in `generator:`: first the seven CompactBench registers for
 * template-v1 (its `dsl/generators.py`), then compactkit's own.
 */
export const GENERATOR_NAMES = [
  'person_name',
  'project_noun',
  'action_phrase',
  'org_name',
  'date_iso',
  'amount_usd',
  'product_sku',
  'file_path',
  'directory',
  'service_name',
  'port',
  'version',
  'amount',
  'percentage',
  'date',
  'time',
  'weekday',
  'duration',
  'error_message',
  'command',
  'test_name',
  'function_name',
  'env_var',
  'url',
  'branch_name',
  'ticket_id',
  'db_table',
  'city',
  'country',
  'team_name',
] as const;

/** The name of a built-in generator. */
export type GeneratorName = (typeof GENERATOR_NAMES)[number];

/**
 * The built-in variable generators by name. Each draws only from the Prng it is given, so a value depends on
 * the case seed and the variable's name alone.
 *
 * @example
 * GENERATORS.port.draw(createPrng(variableSeed(seed, 'port'))); // '8443'
 */
export const GENERATORS: Readonly<Record<GeneratorName, VariableGenerator>> = Object.freeze({
  person_name: personNameGenerator,
  project_noun: projectNounGenerator,
  action_phrase: actionPhraseGenerator,
  org_name: orgNameGenerator,
  date_iso: dateIsoGenerator,
  amount_usd: amountUsdGenerator,
  product_sku: productSkuGenerator,
  file_path: filePathGenerator,
  directory: directoryGenerator,
  service_name: serviceNameGenerator,
  port: portGenerator,
  version: versionGenerator,
  amount: amountGenerator,
  percentage: percentageGenerator,
  date: dateGenerator,
  time: timeGenerator,
  weekday: weekdayGenerator,
  duration: durationGenerator,
  error_message: errorMessageGenerator,
  command: commandGenerator,
  test_name: testNameGenerator,
  function_name: functionNameGenerator,
  env_var: envVarGenerator,
  url: urlGenerator,
  branch_name: branchNameGenerator,
  ticket_id: ticketIdGenerator,
  db_table: dbTableGenerator,
  city: cityGenerator,
  country: countryGenerator,
  team_name: teamNameGenerator,
});

/** The generator called `name`, or undefined for a name that is not built in. */
export function findGenerator(name: string): VariableGenerator | undefined {
  return Object.hasOwn(GENERATORS, name) ? GENERATORS[name as GeneratorName] : undefined;
}
