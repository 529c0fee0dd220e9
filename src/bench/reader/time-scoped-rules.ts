import type { ActionQuery } from './action-query.js';
import { namesCase } from './case-clause.js';
import { contentStems, STOPWORDS, stemOf, wordsOf } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * Rules that hold at some times: "weekends are deploy-free", "no merges on Fridays", "after 22:00 nobody gets
 * paged". They name an activity and when it is banned, not the action: they speak to an action that does the
 * activity ("run flyctl deploy" is a deploy) at a time the notes say it is ("it's Saturday", "right now, after
 * 22:00"). The calendar words are a fixed fact of English: the seven days, weekends, weekdays and business
 * days; clock times are read as "22:00", "6pm" or "6:30 pm".
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

// A clock time: "22:00", "6pm", "6:30 pm" (a bare number is not one). Lower-cased text.
const TIME = String.raw`(\d{1,2})(?:(?::|\.)(\d{2})\s?(am|pm)?|\s?(am|pm))(?!\d|:\d)`;
// The hours a rule holds in: "after 22:00", "past 6pm", "before 09:30".
const HOURS = new RegExp(String.raw`\b(after|past|from|before|until|till)\s+${TIME}`, 'g');
// The time it is: "it's 23:10", "right now, after 22:00", "it is already past 6pm".
const NOW_IS = new RegExp(
  String.raw`\b(?:it'?s|it is|now|right now|currently|the time is)[,\s]+(?:already\s+|just\s+)?(?:(past|after|gone)\s+)?${TIME}`,
  'g',
);
const NOON = 12 * 60;
const EARLY_MORNING = 6 * 60;

/** Minutes since midnight of a matched clock time (the groups of `TIME`, from `first`). */
function minutesOf(match: RegExpMatchArray, first: number): number {
  const hour = Number(match[first]);
  const minute = Number(match[first + 1] ?? 0);
  const half = match[first + 2] ?? match[first + 3];
  const base = half === 'pm' && hour < 12 ? hour + 12 : half === 'am' && hour === 12 ? 0 : hour;
  return base * 60 + minute;
}

/** The time of day the latest passage that says so puts now at (a minute on when "past" it), or undefined. */
function now(parsed: ParsedArtifact): number | undefined {
  for (let at = parsed.passages.length - 1; at >= 0; at--) {
    const text = (parsed.passages[at] as Passage).text.toLowerCase();
    const match = [...text.matchAll(NOW_IS)].at(-1);
    if (match !== undefined) return minutesOf(match, 2) + (match[1] === undefined ? 0 : 1);
  }
  return undefined;
}

/** Whether a time of day falls in the hours a rule names ("after 22:00" holds past midnight, till morning). */
function inHours(time: number, hours: { after: boolean; at: number }): boolean {
  if (!hours.after) return time < hours.at;
  return time >= hours.at || (hours.at >= NOON && time < EARLY_MORNING);
}

/** The hours a lower-cased text limits a rule to. */
function hoursIn(lower: string): { after: boolean; at: number }[] {
  return [...lower.matchAll(HOURS)].map((match) => ({
    after: !['before', 'until', 'till'].includes(match[1] as string),
    at: minutesOf(match, 2),
  }));
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
 * The latest passage that bans, on the day or at the time the notes say it is, an activity the action does,
 * unless the sentence's exception names the prompt's case ("apart from hotfixes" for a hotfix); else undefined.
 */
export function timeScopedRuleAgainst(parsed: ParsedArtifact, query: ActionQuery): Passage | undefined {
  const { prompt, actionStems } = query;
  let day: number | undefined | null = null;
  let time: number | undefined | null = null;
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    const text = passage.normalized;
    // The cheap tests first: almost no passage names a day or a clock time.
    const namesDay = text.includes('day') || text.includes('week');
    const namesTime = CLOCK_HINT.test(passage.text);
    if (!namesDay && !namesTime) continue;
    const marker = text.search(EXCEPTION);
    const rule = marker < 0 ? text : text.slice(0, marker);
    const days = namesDay ? daysIn(rule) : new Set<number>();
    const lower = passage.text.toLowerCase();
    const rawMarker = lower.search(EXCEPTION);
    const hours = namesTime ? hoursIn(rawMarker < 0 ? lower : lower.slice(0, rawMarker)) : [];
    if (days.size === 0 && hours.length === 0) continue;
    if (![...bannedActivities(rule)].some((stem) => actionStems.has(stem))) continue;
    if (days.size > 0) {
      if (day === null) day = today(parsed);
      if (day === undefined || !days.has(day)) continue;
    }
    if (hours.length > 0) {
      if (time === null) time = now(parsed);
      const at = time;
      if (at === undefined || !hours.every((scope) => inHours(at, scope))) continue;
    }
    const ruled = new Set([...actionStems, ...contentStems(rule)]);
    if (marker >= 0 && namesCase(parsed, prompt, text.slice(marker), passage.line, ruled)) continue;
    found = passage;
  }
  return found;
}

// Whether a text may hold a clock time: the cheap test before `HOURS`.
const CLOCK_HINT = /\d:\d\d|\d\s?[ap]m\b/i;
