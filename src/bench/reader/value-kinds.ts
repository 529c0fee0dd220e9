/**
 * The particular kind of value a question asks for, finer than its `AnswerShape`: "How long …?" wants a
 * duration, not any number; "Which branch …?" a branch name, not any identifier; "How many rows …?" a count
 * of rows. A passage that holds a value of that kind is a likelier answer than one holding only some digits or
 * some dotted name (a log line's timestamp, a code line's `s.budget.Limit`).
 */

/** A kind of value, each with how it is asked for and how it is written. */
export type ValueKind =
  | 'duration'
  | 'clock'
  | 'moment'
  | 'count'
  | 'ticket'
  | 'branch'
  | 'file'
  | 'commit'
  | 'region'
  | 'image'
  | 'size';

/** The kind of value a question asks for; for a count, the noun counted ("rows" in "how many rows"). */
export interface AskedValue {
  kind: ValueKind;
  /** For `count`: a pattern for the counted noun right after the number, else undefined. */
  counted?: RegExp;
}

const NUMBER_WORD =
  'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|a few|a couple of|several|a dozen|dozens of|hundreds of|thousands of';
// "41", "1,263", "2.5", "340 million", "12k".
const AMOUNT = `(?:\\d[\\d,.]*\\s?(?:k|m|bn)?(?:\\s+(?:hundred|thousand|million|billion))?|${NUMBER_WORD})`;
const UNIT =
  'ms|milliseconds?|s|secs?|seconds?|mins?|minutes?|h|hrs?|hours?|days?|nights?|weeks?|months?|years?|business days?';

const WRITTEN: Record<Exclude<ValueKind, 'count'>, RegExp> = {
  // "45 minutes", "an hour", "90s", "six years", "3-day".
  duration: new RegExp(`(?:\\b${AMOUNT}|\\ban?)\\s?-?(?:${UNIT})\\b`, 'i'),
  // "07:15", "9am", "at noon"; not the seconds of a log line's timestamp ("14:38:56").
  clock: /(?<![\d:])\d{1,2}:\d{2}(?![\d:])|\b\d{1,2}\s?(?:am|pm)\b|\b(?:noon|midnight)\b/i,
  // A day, a date or a time: "Tuesday", "2027-10-08", "March 3", "tomorrow", "04:05".
  moment:
    /\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday|tomorrow|tonight|today|weekend|next week|end of (?:the )?(?:day|week|month|quarter))\b|\b\d{4}-\d{2}-\d{2}\b|\b(?:January|February|March|April|May|June|July|August|September|October|November|December|Jan|Feb|Mar|Apr|Jun|Jul|Aug|Sep|Sept|Oct|Nov|Dec)\.? \d{1,2}\b|\b\d{1,2} (?:January|February|March|April|May|June|July|August|September|October|November|December)\b|(?<![\d:])\d{1,2}:\d{2}(?![\d:])|\b\d{1,2}\s?(?:am|pm)\b|\b(?:Q[1-4]|H[12])\b/i,
  // "WEB-5688", "#7390", "INC-42".
  ticket: /\b[A-Z][A-Z0-9]{1,9}-\d+\b|(?<![\w&])#\d{2,}\b/,
  // "perf/timesheet-status", "feature/LED-5281-payment-state": a name under one of the prefixes people give
  // branches by convention (a folder path is no branch, however it is written).
  branch:
    /(?<![\w./:-])(?:feature|feat|fix|bugfix|hotfix|chore|release|perf|refactor|spike|experiment|wip|revert|renovate|dependabot)\/(?:[\w-]+\/)*[\w-]+(?:\.\d+)*(?![\w./-])/i,
  // A file: a path or a name with a file extension ("src/clients/rate-limiter.ts", "Dockerfile" aside).
  file: /[\w.-]+\/[\w./-]*\.[a-z][a-z0-9]{0,4}\b|\b[\w-]+\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rb|rs|java|kt|swift|c|h|cc|cpp|cs|php|sql|json|ya?ml|toml|ini|cfg|conf|env|md|txt|csv|xml|html|css|scss|sh|tf|proto|lock|gradle)\b/i,
  // A commit hash: hex with a letter and a digit, 7 to 40 long.
  commit: /\b(?=[0-9a-f]*\d)(?=[0-9a-f]*[a-f])[0-9a-f]{7,40}\b/,
  // A cloud region: "us-west-2", "eu-central-1", "europe-west4".
  region: /\b[a-z]{2,9}-(?:[a-z]+-)?(?:north|south|east|west|central)[a-z]*-?\d\b/i,
  // A container image with its tag: "python:3.11-slim-bullseye", "ghcr.io/acme/api:v2".
  image: /\b[a-z][\w.-]*(?:\/[\w.-]+)*:(?=[\w.-]*[a-z.])[\w][\w.-]*/i,
  // An amount of memory or storage: "1.1Gi", "512 MB", "4 GB", "300k bytes".
  size: /\b\d[\d.,]*\s?(?:[KMGTP]i|[KMGTP]iB|[kKMGTP]B|bytes?)\b/,
};

const ASKED: readonly [ValueKind, RegExp][] = [
  ['duration', /\bhow long\b(?!\s+ago)|\bfor how many (?:seconds|minutes|hours|days|weeks|months|years)\b/i],
  ['clock', /\b(?:what|which) time\b/i],
  [
    'moment',
    /\bwhen\s+(?:is|was|are|were|does|do|did|will|would|should|can|could)\b|\b(?:which|what) (?:day|date|weekday)\b|\bby when\b/i,
  ],
  ['ticket', /\b(?:which|what)\s+(?:\w+\s+)?(?:ticket|issue number|jira)\b/i],
  ['branch', /\b(?:which|what)\s+(?:\w+\s+)?branch\b/i],
  ['file', /\b(?:which|what)\s+(?:\w+\s+){0,2}files?\b|\bin which file\b|\bwhat path\b|\bthe path of\b/i],
  ['commit', /\b(?:which|what)\s+(?:\w+\s+)?commit\b/i],
  ['region', /\b(?:which|what)\s+(?:\w+\s+)?region\b/i],
  ['image', /\b(?:which|what)\s+(?:\w+\s+)?(?:base |docker |container )?image\b/i],
  // "How much memory …", "what does it peak at in memory?", "how big is the heap?".
  [
    'size',
    /\b(?:in|of) (?:memory|ram|heap|disk space|storage)\b|\bhow much (?:memory|ram|heap|disk|space|storage)\b/i,
  ],
];

// "How many rows …", "how many of the files …".
const HOW_MANY = /\bhow many\s+(?:of (?:the|our|those|these) )?([a-z][\w-]*)/i;

// "Until when …?", "till when …?": what ends a period, which is as often an event ("until the audit is through")
// as a date; the answer is the clause that bounds it, not any passage holding a time.
const UNTIL_WHEN = /\b(?:until|till|til)\s+when\b/gi;

/** The question without an "until when" (see above): what is left of it may still ask for a value. */
export function withoutUntilWhen(prompt: string): string {
  return prompt.replace(UNTIL_WHEN, ' ');
}

/** The kind of value a question asks for, if it asks for one of the kinds above. */
export function askedValue(question: string): AskedValue | undefined {
  const prompt = withoutUntilWhen(question);
  const many = HOW_MANY.exec(prompt);
  if (many !== null) {
    const noun = (many[1] as string).toLowerCase().replace(/(?:es|s)$/, '');
    // "how many times", "how many days": a count of time is a duration.
    if (new RegExp(`^(?:${UNIT})$`).test(noun)) return { kind: 'duration' };
    const escaped = noun.replace(/[.*+?^${}()|[\]\\-]/g, '\\$&');
    return {
      kind: 'count',
      // "340 million rows", "1,263 files import"; or a record's field: "rows_processed: 11.6M".
      counted: new RegExp(
        `(?:\\b${AMOUNT})\\s+(?:[\\w-]+\\s+){0,2}?${escaped}(?:e?s)?\\b|\\b${escaped}(?:e?s)?(?:_\\w+)?\\s*[:=]\\s*\\d`,
        'i',
      ),
    };
  }
  for (const [kind, asked] of ASKED) {
    if (asked.test(prompt)) return { kind };
  }
  return undefined;
}

// A record's time stamp: a date with a time to the second ("2024-05-14 11:14:19.916", "2024-03-09T09:39:34Z"),
// as a program stamps a log line, not as a person gives a day or a time.
const TIME_STAMP = /\b\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}:\d{2}(?:[.,]\d+)?(?:Z|[+-]\d{2}:?\d{2})?(?!\w)/g;

/** Whether a text holds a value of the kind asked for. */
export function holdsValue(text: string, asked: AskedValue): boolean {
  if (asked.kind === 'count') return asked.counted?.test(text) ?? false;
  if (asked.kind !== 'moment' && asked.kind !== 'clock') return WRITTEN[asked.kind].test(text);
  // A log line's stamp says when the program wrote it, not the day or time anyone asked about.
  const said = text.includes(':') ? text.replace(TIME_STAMP, ' ') : text;
  return WRITTEN[asked.kind].test(said);
}

// The kinds whose value is a name a person would give alone, as the answer ("which branch?": "fix/x").
const NAMED_KINDS: ReadonlySet<ValueKind> = new Set([
  'ticket',
  'branch',
  'commit',
  'file',
  'region',
  'image',
]);
/** Whether a kind's value is a name given alone ("which branch?": "fix/x"), not a quantity or a time. */
export function isNamedKind(kind: ValueKind): boolean {
  return NAMED_KINDS.has(kind);
}

// A question that asks for more than the value: "… and why?", "how …".
const ASKS_MORE = /\b(?:and|why|how)\b/i;

/**
 * A short answer to "which branch / ticket / commit / file / region / image …?", as a person would give it:
 * the one value of that kind the quoted text holds, without the rest of the sentence. Undefined when the
 * question asks for more than the value, or the text holds none or several (which one is meant then takes
 * the sentence around them).
 */
export function shortValueAnswer(
  prompt: string,
  asked: AskedValue | undefined,
  quoted: string,
): string | undefined {
  if (asked === undefined || !NAMED_KINDS.has(asked.kind) || ASKS_MORE.test(prompt)) return undefined;
  const written = WRITTEN[asked.kind as Exclude<ValueKind, 'count'>];
  const values = new Set(
    Array.from(quoted.matchAll(new RegExp(written.source, `${written.flags}g`)), (match) => match[0]),
  );
  if (values.size !== 1) return undefined;
  // A value the question names itself is not what it asks for.
  const [value] = values as Set<string>;
  return value === undefined || prompt.includes(value) ? undefined : `${value}.`;
}
