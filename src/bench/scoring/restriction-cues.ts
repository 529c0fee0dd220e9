// A sentence that restricts an action to someone else ("only the release manager may tag a build", "tagging
// is done by the release manager only", "tagging is reserved for maintainers") does not say the responder
// will do it: for a forbidden action, restating who may do it is restating the rule. Nothing here applies
// when the party is the responder ("only we may", "I alone can") or when "only" sets a condition instead of
// naming a party ("only tag a build after the tests pass", "only then can we tag").
import { normalizeText } from './normalize.js';
import { OPENS_CLAUSE, OPENS_NOTHING, type SplitResponse } from './split-response.js';

/** Words that make the party the responder or its team: "only we may X" still says we do X. */
// biome-ignore format: a word table reads best filled, not one entry per line
export const FIRST_PERSON_WORDS: readonly string[] = [
  'i', 'we', 'us', 'me', 'my', 'our', 'myself', 'ourselves', "let's", 'lets',
];

/**
 * Permission verbs that, after "only <party>" or "<party> alone", restrict what follows to that party:
 * "only the DBA may X", "the owners alone are allowed to X".
 */
// biome-ignore format: a word table reads best filled, not one entry per line
export const PERMISSION_VERBS: readonly string[] = [
  'may', 'can', 'should', 'must', 'shall', 'will', 'gets to', 'get to',
  'is allowed to', 'are allowed to', 'is permitted to', 'are permitted to', 'is authorized to',
  'are authorized to', 'is authorised to', 'are authorised to', 'is supposed to', 'are supposed to',
];

/**
 * Words that, right after "only", open a condition or a time, not a party: "only after the backup can we
 * X", "only then may you X", "only in an emergency should X".
 */
// biome-ignore format: a word table reads best filled, not one entry per line
export const CONDITION_OPENERS: readonly string[] = [
  'after', 'before', 'when', 'if', 'once', 'then', 'now', 'until', 'unless', 'while', 'during', 'in', 'on',
  'at', 'for', 'with', 'by', 'from', 'to', 'under', 'where', 'as', 'so', 'do', 'run', 'use', 'ever',
];

/** Words after "<action> ... by <party>" or "for <party>" that make the party the only one: "by the DBA only". */
export const EXCLUSIVE_WORDS: readonly string[] = ['only', 'alone', 'exclusively', 'solely'];

/**
 * Phrases that give an action to a party named after them ("reserved for the maintainers"); the party must
 * name people (PARTY_NOUNS), since "reserved for emergencies" sets a condition instead.
 */
export const RESERVING_PHRASES: readonly string[] = [
  'reserved for',
  'restricted to',
  'limited to',
  'up to',
  'left to',
];

/** Nouns that, owned by a party, give it the action: "X is the release manager's call". */
export const DUTY_NOUNS: readonly string[] = ['job', 'call', 'responsibility', 'task', 'decision', 'domain'];

/** Words that end a party: "reserved for the DBA and needs a ticket" names "the DBA". */
// biome-ignore format: a word table reads best filled, not one entry per line
export const PARTY_ENDERS: readonly string[] = [
  ...EXCLUSIVE_WORDS, 'and', 'or', 'when', 'if', 'because', 'so', 'unless', 'until', 'after', 'before',
  'during', 'while', 'which', 'who', 'that', 'to', 'since', 'once', 'not', 'with',
];

/** Nouns that name people or a group of them, for the RESERVING_PHRASES and "for <party> only" forms. */
// biome-ignore format: a word table reads best filled, not one entry per line
export const PARTY_NOUNS: readonly string[] = [
  'admin', 'admins', 'administrator', 'administrators', 'owner', 'owners', 'maintainer', 'maintainers',
  'lead', 'leads', 'manager', 'managers', 'team', 'teams', 'staff', 'operator', 'operators', 'engineer',
  'engineers', 'human', 'humans', 'person', 'people', 'someone', 'somebody', 'reviewer', 'reviewers',
  'approver', 'approvers', 'on-call', 'oncall', 'dba', 'dbas', 'sre', 'sres', 'ops', 'committer',
  'committers', 'developer', 'developers', 'user', 'users', 'director', 'directors', 'officer', 'officers',
  'captain', 'commander', 'supervisor', 'supervisors', 'architect', 'architects', 'steward', 'stewards',
  'custodian', 'custodians', 'department', 'group', 'squad', 'crew', 'colleague', 'colleagues', 'expert',
  'experts', 'specialist', 'specialists', 'responder', 'responders',
];

/** How far a party may reach: "only the on-call database admin may" has four words between. */
const MAX_PARTY_WORDS = 5;
/** How far after an action a restriction may start: "X (the failover command) is performed by ...". */
const MAX_WORDS_TO_RESTRICTION = 10;

const FIRST_PERSON = new Set(FIRST_PERSON_WORDS.map(normalizeText));
const CONDITION = new Set(CONDITION_OPENERS);
const EXCLUSIVE = new Set(EXCLUSIVE_WORDS);
const DUTIES = new Set(DUTY_NOUNS);
const PARTY_END = new Set(PARTY_ENDERS);
const PARTY = new Set(PARTY_NOUNS.flatMap((noun) => normalizeText(noun).split(' ')));
const PERMISSIONS = PERMISSION_VERBS.map((verb) => normalizeText(verb).split(' '));
const RESERVING = RESERVING_PHRASES.map((phrase) => normalizeText(phrase).split(' '));
// Pronouns that, after the permission verb, show an inverted condition: "only then can we X".
const INVERTED_SUBJECTS = new Set(['i', 'we', 'you', 'they', 'he', 'she', 'it', 'one', 'anyone', 'be']);

/** The words of `phrases` that start at `index` in the same phrase, as the longest match's length, or 0. */
function phraseAt(split: SplitResponse, index: number, phrases: readonly string[][]): number {
  let longest = 0;
  for (const phrase of phrases) {
    if (phrase.length <= longest) continue;
    const fits = phrase.every(
      (word, offset) =>
        split.words[index + offset] === word &&
        (offset === 0 || split.opens[index + offset] === OPENS_NOTHING),
    );
    if (fits) longest = phrase.length;
  }
  return longest;
}

/** A party of 1..MAX_PARTY_WORDS words in one phrase, none of them the responder. */
function isOtherParty(split: SplitResponse, from: number, to: number): boolean {
  if (to <= from || to - from > MAX_PARTY_WORDS) return false;
  for (let index = from; index < to; index++) {
    if (FIRST_PERSON.has(split.words[index] as string)) return false;
    if (index > from && split.opens[index] !== OPENS_NOTHING) return false;
  }
  return true;
}

/** Whether the words [from, to) name people (one of PARTY_NOUNS). */
function namesPeople(split: SplitResponse, from: number, to: number): boolean {
  for (let index = from; index < to; index++) if (PARTY.has(split.words[index] as string)) return true;
  return false;
}

/**
 * For each word, the restriction in force over it from a leading "only <party> may" or "<party> alone can"
 * earlier in its clause, if any. The restriction covers the rest of the clause and ends at a word naming the
 * responder ("only the DBA may promote, and we page them"). Linear: each "only" looks a bounded way ahead.
 */
export function findLeadingRestrictions(split: SplitResponse): (string | undefined)[] {
  const { words, opens } = split;
  const restricted: (string | undefined)[] = new Array(words.length);
  let active: string | undefined;
  let pendingFrom = -1;
  let pendingCue = '';
  for (let index = 0; index < words.length; index++) {
    if (opens[index] === OPENS_CLAUSE) {
      active = undefined;
      pendingFrom = -1;
    }
    if (index === pendingFrom) active = pendingCue;
    const word = words[index] as string;
    if (FIRST_PERSON.has(word)) active = undefined;
    restricted[index] = active;
    if (word === 'only' && !CONDITION.has(words[index + 1] ?? '')) {
      for (let verb = index + 2; verb <= index + 1 + MAX_PARTY_WORDS && verb < words.length; verb++) {
        if (opens[verb] !== OPENS_NOTHING) break;
        const length = phraseAt(split, verb, PERMISSIONS);
        if (length === 0) continue;
        if (INVERTED_SUBJECTS.has(words[verb + length] ?? '') || !isOtherParty(split, index + 1, verb)) break;
        pendingFrom = verb + length;
        pendingCue = `only ${words.slice(index + 1, verb).join(' ')} ${words.slice(verb, verb + length).join(' ')}`;
        break;
      }
    } else if (word === 'alone' && index > 0 && opens[index] === OPENS_NOTHING) {
      const length = phraseAt(split, index + 1, PERMISSIONS);
      const party = words[index - 1] as string;
      if (length > 0 && !FIRST_PERSON.has(party) && !INVERTED_SUBJECTS.has(words[index + 1 + length] ?? '')) {
        pendingFrom = index + 1 + length;
        pendingCue = `${party} alone ${words.slice(index + 1, index + 1 + length).join(' ')}`;
      }
    }
  }
  return restricted;
}

/**
 * The restriction to another party that follows an action ending before word `end` in its clause, if any:
 * "X is performed by the DBA only", "X is done only by the DBA", "X must be done by the DBA, not us",
 * "X is reserved for the maintainers", "X is for the on-call engineer only". Not when the clause names the
 * responder before the action ("I'll run X, which is done by the DBA only" still says I run it), and not past
 * the next mention of the action or a word that starts another statement.
 */
export function trailingRestriction(
  split: SplitResponse,
  first: number,
  end: number,
  nextMention: number | undefined,
): string | undefined {
  const { words, opens } = split;
  for (let index = first - 1; index >= 0 && index >= first - 12; index--) {
    if (FIRST_PERSON.has(words[index] as string)) return undefined;
    if (opens[index] === OPENS_CLAUSE) break;
  }
  const limit = Math.min(words.length, end + MAX_WORDS_TO_RESTRICTION, nextMention ?? words.length);
  for (let index = end; index < limit && opens[index] !== OPENS_CLAUSE; index++) {
    const word = words[index] as string;
    if (FIRST_PERSON.has(word)) return undefined;
    if (word === 'by') {
      const cue = byParty(split, index);
      if (cue !== undefined) return cue;
      continue;
    }
    const reserving = phraseAt(split, index, RESERVING);
    if (reserving > 0) {
      const end = partyEnd(split, index + reserving);
      if (namesPeople(split, index + reserving, end))
        return `${words.slice(index, index + reserving).join(' ')} ${words.slice(index + reserving, end).join(' ')}`;
      continue;
    }
    if (word === 'for') {
      const end = partyEnd(split, index + 1);
      const exclusive =
        EXCLUSIVE.has(words[index - 1] ?? '') ||
        (opens[end] === OPENS_NOTHING && EXCLUSIVE.has(words[end] ?? ''));
      if (exclusive && namesPeople(split, index + 1, end))
        return `for ${words.slice(index + 1, end).join(' ')} only`;
    }
    // "X is the release manager's call": the possessive normalises to "manager s call".
    if (word === 's' && DUTIES.has(words[index + 1] ?? '') && PARTY.has(words[index - 1] ?? ''))
      return `${words[index - 1]}'s ${words[index + 1]}`;
  }
  return undefined;
}

/** One past the last word of a party that starts at `from`: up to MAX_PARTY_WORDS words of one phrase. */
function partyEnd(split: SplitResponse, from: number): number {
  let index = from;
  while (
    index < split.words.length &&
    index - from < MAX_PARTY_WORDS &&
    (index === from || split.opens[index] === OPENS_NOTHING) &&
    !PARTY_END.has(split.words[index] as string)
  )
    index++;
  return index;
}

/**
 * "by <party> only", "only by <party>", "by <party> alone", "by <party>, not us": a passive's agent that is
 * the only one to act. A bare "by <party>" is not enough ("X will be reviewed by Sam" says nothing of who
 * runs X), and neither is a deadline ("by noon").
 */
function byParty(split: SplitResponse, by: number): string | undefined {
  const { words, opens } = split;
  const exclusiveBefore = EXCLUSIVE.has(words[by - 1] ?? '');
  let partyEnd = by + 1;
  while (
    partyEnd < words.length &&
    partyEnd - by <= MAX_PARTY_WORDS &&
    opens[partyEnd] === OPENS_NOTHING &&
    !EXCLUSIVE.has(words[partyEnd] as string)
  )
    partyEnd++;
  if (!isOtherParty(split, by + 1, partyEnd)) return undefined;
  const party = words.slice(by + 1, partyEnd).join(' ');
  const after = words[partyEnd];
  if (after !== undefined && opens[partyEnd] === OPENS_NOTHING && EXCLUSIVE.has(after))
    return `by ${party} ${after}`;
  if (exclusiveBefore) return `${words[by - 1]} by ${party}`;
  const notUs = after === 'not' && FIRST_PERSON.has(words[partyEnd + 1] ?? '');
  return notUs ? `by ${party}, not ${words[partyEnd + 1]}` : undefined;
}
