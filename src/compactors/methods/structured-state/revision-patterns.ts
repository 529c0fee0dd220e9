/**
 * How people revise a plan without the usual cue words ("instead", "actually"): they say they thought again
 * ("on reflection", "come to think of it"), drop the plan by a verb ("X is shelved", "scrap the X idea",
 * "park X", "X won't fly"), go back to an earlier one ("back to X"), name the new one by itself ("Y it is"), or
 * reset everything said so far. Each pattern is over lower-cased text; the captures are the plans named.
 */

import { pointsBackOnly } from './superseded-phrases.js';

/** A change of mind with no word for what changed: the newest plan on the subject is the one replaced. */
export const CHANGE_OF_MIND =
  /\b(?:on reflection|(?:thinking|thought) about it (?:more|again|some more)|having (?:thought|slept) (?:about|on) it|slept on it|come to think of it|on second thoughts?|second thoughts|(?:i'?ve|we'?ve|i have|we have) reconsidered|after all|change of plans?|plan change|new plan|never ?mind|i take (?:that|it) back|(?:that|this) (?:was|is) a bad idea|\d[\w.%]*(?: [a-z]+)?,? not \$?\d|i meant|i misspoke|my bad|should(?: have|'ve) said|make (?:that|it) (?=\S*\d|[a-z]+day\b)|^(?:hold on|hang on|wait)\b|^(?:(?:hm+|um+|uh|oh|ah),?\s+)?(?:no|nope)\s*[.!—–]+(?=[^?]*\d)|^(?:(?:ugh|argh|hm+|oh|ah|meh|sigh),?\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}:\d{2}(?: ?[a-z]{2,3})?)[.!](?:\s|$)|\bnot\b[^,.;]{1,40}\b(?:anymore|any more)\b|\bdrop(?:ped|ping)? the [^,.;]{1,40} (?:idea|plan|approach|option)\b|the (?:first|original|earlier|old|previous) (?:approach|plan|idea|option|version|one) (?:was|is) (?:better|right|the way to go)|mistyped|fat[- ]?finger(?:ed)?|misremembered|misread|got (?:it|that|the [a-z]+) wrong|\bwrong [a-z]+(?=\s*[,.;:!—–])|(?:bump|raise|lower|drop|cut|change) (?:that|it) (?:up |down )?to (?=\S*\d)|\bit'?s (?:now )?\S*\d\S*(?: [a-z]+)? now\b|(?<=(?:^|[\s(])[$€£]?\d[\s\S]*)(?:^|[.,;]\s+)same (?!as\b|thing\b|again\b)[a-z]+(?:,\s*same [a-z]+)*\b(?! (?:as|to|for|of|in|on|with|that|issue|problem|error)\b)|\b(?:the )?rest stays\b)/;

// Verbs that drop a plan. "Drop", "kill" and "cancel" are left out: "drop the index", "kill the process" and
// "cancel the job" are work, not a change of plan; their past forms after "is" ("the rewrite is dropped") count.
const DROP_VERB = `(?:shelve|scrap|ditch|nix|abandon|bin|park|axe|forget)`;
const DROPPED = `(?:shelved|scrapped|ditched|nixed|abandoned|binned|killed|dropped|parked|cancell?ed|axed|dead|off the table|on ice|on hold)`;
const COPULA = `(?:is|was|are|were|'s|has been|have been|gets|got|goes|went)`;
// "Never shelve the audit", "don't forget the changelog": a negated drop verb is a rule, not a revision.
const NOT_NEGATED = String.raw`(?<!\b(?:don'?t|do not|never|not|mustn'?t|must not|can'?t|won'?t) )`;
// "doesn't work" is left out: it reports a failure more often than it drops a plan.
const FAILS = `(?:won'?t|will not|isn'?t going to|is not going to) (?:fly|work|cut it|happen|scale)`;
const STOP = `[^,.;:!?()—–]`;

/** A plan dropped by a verb or a verdict ("X is shelved", "scrap X", "X won't fly"): the sentence overrides. */
export const DROPS_PLAN = new RegExp(
  String.raw`${NOT_NEGATED}\b(?:${DROP_VERB}(?:e?d|ped|ping|ing|s)?|forget about) (?:the|that|our|this|it|those|these)\b|\b${COPULA} (?:now |officially |just )?${DROPPED}\b|\b${FAILS}\b`,
);

// Words at least one of which every DROPS_PLAN match holds at a word start: a cheap first test.
const DROPS_HINT =
  /\b(?:shelv|scrap|ditch|nix|abandon|bin|park|axe|forget|killed|dropped|cancel|dead|off the table|on ice|on hold|won|will not|isn|is not going)/;

/** Whether lower-cased text drops a plan ({@link DROPS_PLAN}), testing the cheap hint first. */
export function dropsPlan(lower: string): boolean {
  return DROPS_HINT.test(lower) && DROPS_PLAN.test(lower);
}

// Words at least one of which every CHANGE_OF_MIND match holds at a word start: a cheap first test.
const CHANGE_OF_MIND_HINT =
  /\b(?:mistyped|fat|misremembered|misread|got|wrong|slept|bump|raise|lower|cut|change|it|same|rest|on reflection|thinking|thought|having|come to think|second thought|reconsidered|after all|change of plan|plan change|new plan|never ?mind|i take|bad idea|not|i meant|i misspoke|my bad|should|make|hold on|hang on|wait|no|drop|mon|tues|wednes|thurs|fri|satur|sun|\d{1,2}:|the (?:first|original|earlier|old|previous))/;

// A ban ("X is no longer on call, so do not page X") against a retraction ("scratch that", "wait, no", any other
// change of mind): after a correction in the same message, the first says the correction again, the second
// takes it back.
const BANS = /\b(?:no longer|not anymore|do not|don'?t|never|must not|mustn'?t)\b/;

/** Whether lower-cased text bans something without taking back what was just said. */
export function bansWithoutRetracting(lower: string): boolean {
  return BANS.test(lower) && !/\bscratch that\b/.test(lower) && !changesMind(lower);
}

/** Whether lower-cased text changes its mind ({@link CHANGE_OF_MIND}), testing the cheap hint first. */
export function changesMind(lower: string): boolean {
  return CHANGE_OF_MIND_HINT.test(lower) && CHANGE_OF_MIND.test(lower);
}

/**
 * A correction of a value, not of a plan: "I meant 8081", "make that 3", "I mistyped it", "bump that to 1Gi",
 * "it's 2026-03-09 now", "04:05 works better. same day, same length". Only such a correction rewrites the value in
 * the statement it corrects; any other revision supersedes the statement whole.
 */
export const CORRECTS_VALUE =
  /\d[\w.%]*(?: [a-z]+)?,? not \$?\d|^(?:(?:hm+|um+|uh|oh|ah),?\s+)?(?:no|nope)\s*[.!—–]+(?=[^?]*\d)|^(?:(?:ugh|argh|hm+|oh|ah|meh|sigh),?\s+)?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d{1,2}:\d{2}(?: ?[a-z]{2,3})?)[.!](?:\s|$)|\bmake (?:that|it) (?=[a-z]+day\b)|\bwrong [a-z]+(?=\s*[,.;:!—–])|\b(?:i meant|i misspoke|should(?: have|'ve) said|typo|mistyped|fat[- ]?finger(?:ed)?|misremembered|misread|got (?:it|that|the [a-z]+) wrong|make (?:that|it) (?=\S*\d)|(?:bump|raise|lower|drop|cut|change) (?:that|it) (?:up |down )?to (?=\S*\d)|it'?s (?:now )?\S*\d\S*(?: [a-z]+)? now|(?:the )?rest stays)\b|(?<=(?:^|[\s(])[$€£]?\d[\s\S]*)(?:^|[.,;]\s+)same (?!as\b|thing\b|again\b)[a-z]+(?:,\s*same [a-z]+)*\b(?! (?:as|to|for|of|in|on|with|that|issue|problem|error)\b)/;

/**
 * A reply that is only "no" ("hm, no.", "nope!"): said before a new value ("no. we need 400 days"), it corrects the
 * value stated before, and is read with the sentence after it.
 */
export const BARE_NO = /^(?:(?:hm+|um+|uh|oh|ah),?\s+)?(?:no|nope)\s*[.!]?$/;

/**
 * News that opens with "update" ("small update, we moved the docs to Vercel", "quick update: …"): on the subject of
 * a plan, it is the plan now. Unlike a change of mind, it replaces only a plan it shares a subject with, since an
 * update is as often news about something else.
 */
export const UPDATE_NEWS = /^(?:(?:a )?(?:small|quick|minor|slight|little|tiny|short) )?update\s*[,:;—–-]/;

/** Going back to an earlier plan: the plan named is current again, the newest one on its subject is not. */
export const RETURNS_TO =
  /(?:^|[,;:—–]\s*|\b(?:go|goes|going|went|switch|switching|move|moving|revert|reverting|return|returning|let'?s go|we go|we'?re|we are|i'?m|get|getting) )back to (?![^,.;!?]*:)([^,.;:!?()—–]+)|\brevert(?:ing)? to ([^,.;:!?()—–]+)|\b(?:stick|go|going) with the (?:original|first|earlier|old|previous) ([^,.;:!?()—–]+)/;

/** A new choice named by itself: "Postgres it is", "Postgres, then", "going with Postgres". */
export const NAMES_CHOICE =
  /\b(?:it is|it'?s settled|then it is|final answer)[.!]?$|\b(?:going|go|we go) with\b|^[^,]{2,40}, then[.!]?$/;

/** Everything said so far is void: every current decision is superseded. */
export const RESETS =
  /\b(?:ignore|disregard|forget) (?:everything|all (?:of )?(?:that|this|the above)|what we(?:'ve| have)? (?:said|discussed|planned|agreed))(?! (?:[a-z]+ )?(?:about|on|regarding|re|for)\b)|\b(?:total|full|hard|complete) reset\b|\bstart (?:over|again|from scratch)\b|\bclean slate\b|\bback to (?:square one|the drawing board)\b/;

// Each captures a plan a sentence drops, as written.
const DROPPED_PATTERNS: readonly RegExp[] = [
  new RegExp(
    String.raw`${NOT_NEGATED}\b${DROP_VERB}(?:e?d|ped|ping|ing|s)? (?:about )?(?:the |that |our |this )?(${STOP}+?)(?: (?:idea|plan|approach|option|thing))?(?=[,.;:!?()—–]|$| for now| and | but | altogether| entirely)`,
    'gi',
  ),
  new RegExp(
    String.raw`(?:^|[,;:—–]\s*|\b(?:so|and|but|now) )(?:the |that |our |this )?(${STOP}+?)(?: (?:idea|plan|approach|option))? ${COPULA} (?:now |officially |just )?${DROPPED}\b`,
    'gi',
  ),
  new RegExp(
    String.raw`(?:^|[,;:—–]\s*|\b(?:so|and|but|now) )(?:the |that |our |this )?(${STOP}+?)(?: (?:idea|plan|approach|option))? ${FAILS}\b`,
    'gi',
  ),
];

/** The plans a sentence drops by a verb or verdict: "the per-tenant cache is shelved" gives ["per-tenant cache"]. */
export function droppedPlans(sentence: string): string[] {
  const found: string[] = [];
  for (const pattern of DROPPED_PATTERNS) {
    for (const match of sentence.matchAll(pattern)) {
      const phrase = (match[1] ?? '').trim().replace(/^(?:the|that|our|this|about) /i, '');
      // "it" or "that" alone names nothing; the newest plan on the subject stands in for it.
      if (/^(?:it|that|this|them|those|these|everything|all)$/i.test(phrase) || pointsBackOnly(phrase))
        continue;
      if (phrase.replace(/[^\p{L}\p{N}]/gu, '').length >= 3 && !found.includes(phrase)) found.push(phrase);
    }
  }
  return found;
}

/**
 * Whether a sentence only drops a plan and names no new one ("the nightly rebuild is shelved"): it is then a
 * rule against the dropped plan. "Redis won't fly; Postgres it is" names the new plan in a clause of its own.
 */
export function onlyDrops(sentence: string): boolean {
  const lower = sentence.toLowerCase();
  if (!dropsPlan(lower) || NAMES_CHOICE.test(lower)) return false;
  return lower
    .split(/[,;:—–]|\.\s/)
    .map((clause) => clause.replace(CHANGE_OF_MIND, '').trim())
    .filter((clause) => clause.split(/\s+/).filter((word) => /[a-z0-9]/.test(word)).length >= 3)
    .every((clause) => dropsPlan(clause));
}

/** What `returnedPlan` gives for "the first approach was better": the plan before the one replaced. */
export const EARLIER_PLAN = '\u0000earlier';

// "On reflection the first approach was better": a return to the plan before the current one, unnamed.
const BACK_TO_EARLIER =
  /\bthe (?:first|original|earlier|old|previous) (?:approach|plan|idea|option|version|one) (?:was|is) (?:better|right|the way to go)\b/;

/** The earlier plan a sentence goes back to ("back to Vite" gives "Vite"), or undefined. */
export function returnedPlan(sentence: string): string | undefined {
  if (BACK_TO_EARLIER.test(sentence.toLowerCase())) return EARLIER_PLAN;
  const match = RETURNS_TO.exec(sentence.toLowerCase());
  if (match === null) return undefined;
  const phrase = (match[1] ?? match[2] ?? match[3] ?? '')
    .trim()
    .replace(/^(?:the|our|using|use) /, '')
    .replace(/ (?:again|then|it is|instead)$/, '');
  return phrase.replace(/[^\p{L}\p{N}]/gu, '').length >= 2 ? phrase : undefined;
}

// More than this many words after the return ("…the first approach was better. heartbeat every 25 seconds …")
// add to the plan returned to.
const ADDED_WORDS = 3;

/**
 * Whether a message that goes back to an earlier plan says more after the return ("on reflection the first
 * approach was better. heartbeat every 25 seconds"): what it adds is newer than the plan it restores.
 */
export function addsAfterReturn(text: string): boolean {
  const lower = text.toLowerCase();
  let end = -1;
  for (const pattern of [BACK_TO_EARLIER, RETURNS_TO]) {
    const match = pattern.exec(lower);
    if (match !== null) end = Math.max(end, match.index + match[0].length);
  }
  if (end < 0) return false;
  return (
    lower
      .slice(end)
      .split(/\s+/)
      .filter((word) => /[a-z0-9]/.test(word)).length > ADDED_WORDS
  );
}
