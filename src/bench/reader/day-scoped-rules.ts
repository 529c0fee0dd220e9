import { namesCase } from './case-clause.js';
import { contentStems, STOPWORDS, stemOf, wordsOf } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * Rules that hold on some days: "weekends are deploy-free", "no merges on Fridays", "never run migrations on a
 * Monday". They name an activity and the days it is banned on, not the action: they speak to an action that
 * does the activity ("run flyctl deploy" is a deploy) on a day the notes say it is ("it's Saturday"). The
 * calendar words are a fixed fact of English: the seven days, weekends, weekdays and business days.
 */

const DAY_NAMES = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const WEEKEND = [5, 6];
const WEEKDAYS = [0, 1, 2, 3, 4];

// A day, a set of days, said the ways people say them (normalised text: "week-end" is "week end").
const DAY_WORD =
  /\b(?:(monday|tuesday|wednesday|thursday|friday|saturday|sunday)s?|(weekends?|week ends?|saturdays and sundays)|(weekdays?|business days?|workdays?|working days?))\b/g;

/** The days (0 Monday … 6 Sunday) a normalised text names. */
function daysIn(normalized: string): Set<number> {
  const days = new Set<number>();
  for (const match of normalized.matchAll(DAY_WORD)) {
    if (match[1] !== undefined) days.add(DAY_NAMES.indexOf(match[1] as (typeof DAY_NAMES)[number]));
    else for (const day of match[2] !== undefined ? WEEKEND : WEEKDAYS) days.add(day);
  }
  return days;
}

// "it's Saturday", "today is a Friday", "today being Sunday": the day it is. Normalised text.
const TODAY_IS =
  /\b(?:it s|it is|today is|today s|today being|since it s|as it s)(?: a| an)? (monday|tuesday|wednesday|thursday|friday|saturday|sunday)\b/;

/** The day the latest passage that says so puts today at, or undefined. */
function today(parsed: ParsedArtifact): number | undefined {
  for (let at = parsed.passages.length - 1; at >= 0; at--) {
    const match = TODAY_IS.exec((parsed.passages[at] as Passage).normalized);
    if (match !== null) return DAY_NAMES.indexOf(match[1] as (typeof DAY_NAMES)[number]);
  }
  return undefined;
}

// "deploy-free", "merge free": the activity a day is kept free of (normalised: the hyphen is a space).
const KEPT_FREE_OF = /\b([a-z]+) free\b/g;
// A ban, and the words after it that name what it bans: "no deploys", "never run migrations", "don't merge".
const BAN = /\b(?:no|never|don t|do not|nobody|we don t|not allowed to|nothing)\b/g;
/** How many words after a ban word name what it bans. */
const BANNED_WORDS = 3;
// Where a sentence's rule stops and its exception starts.
const EXCEPTION = /\b(?:except|unless|apart from|other than|barring|save for|excluding|but not)\b/;

/** The stems of the activities a sentence bans ("deploy" of "weekends are deploy-free"). */
function bannedActivities(normalized: string): Set<string> {
  const banned = new Set<string>();
  for (const match of normalized.matchAll(KEPT_FREE_OF)) banned.add(stemOf(match[1] as string));
  for (const match of normalized.matchAll(BAN)) {
    const after = wordsOf(normalized.slice(match.index + match[0].length).trim());
    for (const word of after.slice(0, BANNED_WORDS)) if (!STOPWORDS.has(word)) banned.add(stemOf(word));
  }
  return banned;
}

/**
 * The latest passage that bans, on the day the notes say it is, an activity the action does, unless the
 * sentence's exception names the prompt's case ("apart from hotfixes" for a hotfix); else undefined.
 */
export function dayScopedRuleAgainst(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
): Passage | undefined {
  const actionStems = new Set(contentStems(action));
  if (actionStems.size === 0) return undefined;
  let day: number | undefined | null = null;
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    // The cheap tests first: almost no passage names a day or a ban of something the action does.
    if (!passage.normalized.includes('day') && !passage.normalized.includes('week')) continue;
    const text = passage.normalized;
    const marker = text.search(EXCEPTION);
    const rule = marker < 0 ? text : text.slice(0, marker);
    const days = daysIn(rule);
    if (days.size === 0) continue;
    if (![...bannedActivities(rule)].some((stem) => actionStems.has(stem))) continue;
    if (day === null) day = today(parsed);
    if (day === undefined || !days.has(day)) continue;
    const ruled = new Set([...actionStems, ...contentStems(rule)]);
    if (marker >= 0 && namesCase(parsed, prompt, text.slice(marker), passage.line, ruled)) continue;
    found = passage;
  }
  return found;
}
