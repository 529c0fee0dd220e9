import {
  CHANGE,
  DECISION,
  DEFERRAL,
  EXCEPTION,
  FAILURE,
  isQuestion,
  OVERRIDE,
  PROHIBITION,
  REQUEST,
  REQUIREMENT,
  ROLE,
  TASK,
  VALUE,
} from './cue-patterns.js';
import type { Ledger } from './ledger.js';
import type { EntryKind } from './ledger-entry.js';
import { stripOpener } from './split-sentences.js';
import { supersededPhrases } from './superseded-phrases.js';

const NAME = /\b[A-Z][a-z]+(?:[-'][A-Za-z]+)? [A-Z][a-z]+(?:[-'][A-Za-z]+)?\b/g;

// Capitalised words that start sentences or name things other than people; a "name" made of one is not one.
const NOT_NAME_WORDS = new Set(
  'The This That These Those There Then When Where Which What Who Why How Our Your Their His Her Its We You They It Let Lets Scratch Correction Event Events Back Still Before After Also Good Great Note Heads During For From With Without Check Quick Okay Sure Yes Thanks Understood Noted Done Going Going Please Any Anything Every Each Some Keep Use Run Read Write Make Page Ask Fix Add The Release Runbook Step Stage Staging Production Prod Monday Tuesday Wednesday Thursday Friday Saturday Sunday January February March April May June July August September October November December API CI Node Postgres Redis Docker Kubernetes Warning Owner Platform Team Error Failed Created Modified Superseded Goal Now'.split(
    ' ',
  ),
);

/** People named in a sentence: two capitalised words, neither a common sentence opener. */
export function personNames(sentence: string): string[] {
  const names: string[] = [];
  for (const match of sentence.matchAll(NAME)) {
    const [first, last] = match[0].split(' ') as [string, string];
    if (NOT_NAME_WORDS.has(first) || NOT_NAME_WORDS.has(last)) continue;
    if (!names.includes(match[0])) names.push(match[0]);
  }
  return names;
}

/** Lower case with typographic apostrophes made plain, so "mustn’t" reads as "mustn't". */
export function lowerPlain(text: string): string {
  return text.toLowerCase().replace(/[’‘ʼ]/g, "'");
}

/** Who said a sentence: the user's statements are kept more readily than the agent's. */
export type Speaker = 'user' | 'assistant' | 'tool';

/** The kind a sentence is kept as, or undefined when it states nothing worth keeping. */
export function classifySentence(sentence: string, speaker: Speaker): EntryKind | undefined {
  const lower = lowerPlain(sentence);
  const override = OVERRIDE.test(lower);
  const prohibition = PROHIBITION.test(lower);
  const task = TASK.test(lower);
  const deferral = DEFERRAL.test(lower);
  const decision = DECISION.test(lower) || REQUIREMENT.test(lower) || EXCEPTION.test(lower);
  const hasValue = VALUE.test(sentence);
  if (isQuestion(sentence) && !(override || prohibition || task || deferral || decision)) return undefined;
  if (speaker === 'assistant') {
    // The agent's own words count when they report a change, a failure or a role, or restate a plan.
    if (override && (decision || hasValue)) return 'decision';
    if (task && hasValue) return deferral ? 'deferred' : 'task';
    if (CHANGE.test(lower) && hasValue) return 'fact';
    if (FAILURE.test(lower) && hasValue) return 'error';
    if (ROLE.test(lower) && personNames(sentence).length > 0) return 'fact';
    if (/\b(?:going with|we go with|agreed|recorded|confirmed)\b/.test(lower) && hasValue) return 'decision';
    return undefined;
  }
  const words = sentence.split(/\s+/).length;
  if (override) return 'decision';
  if (prohibition && !EXCEPTION.test(lower)) return 'rule';
  if (deferral && words >= 4) return 'deferred';
  if (task) return 'task';
  if (decision) return 'decision';
  // A request of the moment asks for work; the work's outcome, not the asking, is what lasts.
  if (REQUEST.test(lower)) return undefined;
  if (hasValue || ROLE.test(lower)) return 'fact';
  return words >= 8 ? 'fact' : undefined;
}

/** Keeps one sentence: files it by kind, applies it as an override, and records the roles it names. */
export function readSentence(ledger: Ledger, raw: string, speaker: Speaker, priorityBoost = 0): void {
  const sentence = stripOpener(raw);
  const kind = classifySentence(sentence, speaker);
  if (kind === undefined) return;
  const lower = lowerPlain(sentence);
  const speakerPenalty = speaker === 'user' ? 0 : -10;
  const entry = ledger.add(kind, sentence, undefined);
  if (entry === undefined) return;
  entry.priority += speakerPenalty + priorityBoost;
  // An exception narrows a rule without replacing it, so it supersedes nothing.
  const overrides = OVERRIDE.test(lower) && !EXCEPTION.test(lower);
  if (overrides && (speaker === 'user' || kind === 'decision'))
    ledger.supersede(entry, supersededPhrases(sentence));
  if (ROLE.test(lower)) {
    for (const name of personNames(sentence)) ledger.setEntity(name, sentence, overrides);
  }
}
