import type { Prng } from '../random/prng.js';
import { ACTION_FRAMES, ACTION_MODULES } from './action-words.js';
import { FIRST_NAMES } from './first-names.js';
import { LAST_NAMES } from './last-names.js';
import { drawDifferent } from './near-value.js';
import { CITIES, COUNTRIES, ORG_PREFIXES, ORG_SUFFIXES, TEAM_AREAS, TEAM_KINDS } from './place-words.js';
import { PROJECT_WORD_GROUPS } from './project-words.js';
import type { VariableGenerator } from './variable-generator.js';

/** A generator whose look-alike is simply another draw. */
function drawOnly(name: string, draw: (prng: Prng) => string): VariableGenerator {
  return { name, draw, near: (value, prng) => drawDifferent(value, prng, draw) };
}

/** `Amara Lindqvist`: a first name and a family name drawn independently, for thousands of people. */
export const personNameGenerator: VariableGenerator = {
  name: 'person_name',
  draw: (prng) => `${prng.pick(FIRST_NAMES)} ${prng.pick(LAST_NAMES)}`,
  // The same first name with another family name: the classic mix-up of two colleagues.
  near(value, prng) {
    const space = value.indexOf(' ');
    const first = space > 0 ? value.slice(0, space) : prng.pick(FIRST_NAMES);
    const last = space > 0 ? value.slice(space + 1) : value;
    return `${first} ${prng.pick(LAST_NAMES.filter((name) => name !== last))}`;
  },
};

/** `invoice reconciliation service`: subject, aspect and kind of one word group. */
export const projectNounGenerator = drawOnly('project_noun', (prng) => {
  const group = prng.pick(PROJECT_WORD_GROUPS);
  return `${prng.pick(group.subjects)} ${prng.pick(group.aspects)} ${prng.pick(group.kinds)}`;
});

/** `rewrite the retry logic in the payment client`: an imperative that reads after "never " and "let's ". */
export const actionPhraseGenerator = drawOnly('action_phrase', (prng) => {
  const frame = prng.pick(ACTION_FRAMES);
  const verb = prng.pick(frame.verbs);
  const object = prng.pick(frame.objects).replace('{module}', prng.pick(ACTION_MODULES));
  return `${verb} ${object}`;
});

/** `Copperleaf Logistics`: an invented organisation. */
export const orgNameGenerator = drawOnly(
  'org_name',
  (prng) => `${prng.pick(ORG_PREFIXES)} ${prng.pick(ORG_SUFFIXES)}`,
);

/** `Payments Platform`: an area and a kind of team. */
export const teamNameGenerator = drawOnly(
  'team_name',
  (prng) => `${prng.pick(TEAM_AREAS)} ${prng.pick(TEAM_KINDS)}`,
);

/** `Gdansk`. */
export const cityGenerator = drawOnly('city', (prng) => prng.pick(CITIES));

/** `Uruguay`. */
export const countryGenerator = drawOnly('country', (prng) => prng.pick(COUNTRIES));
