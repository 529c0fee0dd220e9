import { assignedRoleNames } from './role-patterns.js';

// People's names and the roles sentences give them: what structured-state files under entities.

const NAME = /\b[A-Z][a-z]+(?:[-'][A-Za-z]+)? [A-Z][a-z]+(?:[-'][A-Za-z]+)?\b/g;

// Capitalised words that start sentences or name things other than people; a "name" made of one is not one.
const NOT_NAME_WORDS = new Set(
  'So And But Also Actually Then Ping Page Talk Loop The This That These Those There Then When Where Which What Who Why How Our Your Their His Her Its We You They It Let Lets Scratch Correction Event Events Back Still Before After Also Good Great Note Heads During For From With Without Check Quick Okay Sure Yes Thanks Understood Noted Done Going Going Please Any Anything Every Each Some Keep Use Run Read Write Make Page Ask Fix Add The Release Runbook Step Stage Staging Production Prod Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December API CI Node Postgres Redis Docker Kubernetes Warning Owner Platform Team Error Failed Created Modified Superseded Goal Now'.split(
    ' ',
  ),
);

/** Whether one or two words are a person's name: capitalised, none a common sentence opener or thing. */
export function isPersonName(name: string): boolean {
  const words = name.split(' ');
  if (words.length > 2) return false;
  return words.every((word) => /^[A-Z][a-z]+(?:[-'][A-Za-z]+)?$/.test(word) && !NOT_NAME_WORDS.has(word));
}

/** People named in a sentence: two capitalised words, neither a common sentence opener. */
export function personNames(sentence: string): string[] {
  const names: string[] = [];
  for (const match of sentence.matchAll(NAME)) {
    if (isPersonName(match[0]) && !names.includes(match[0])) names.push(match[0]);
  }
  return names;
}

/** The people a sentence gives a responsibility to (see `assignedRoleNames`). */
export function rolesIn(sentence: string): readonly string[] {
  // A sentence is asked twice in a row (to classify it, then to record its roles): the last answer is kept.
  if (sentence !== lastRoles.sentence) {
    lastRoles.sentence = sentence;
    lastRoles.names = assignedRoleNames(sentence, isPersonName);
  }
  return lastRoles.names;
}
const lastRoles: { sentence: string; names: readonly string[] } = { sentence: '', names: [] };
