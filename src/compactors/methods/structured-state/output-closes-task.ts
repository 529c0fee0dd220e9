/**
 * Open work that a later tool output shows done: a commit in a log whose subject is the task ("4f7b2d8 chore:
 * bump version to 1.4.0" for "bump the version"), a status line saying a named job is over ("state:
 * completed"), a lookup returning the value a task wanted in place (`dig` answering the address a record was to
 * point at). Such a part leaves the open task and is kept as a fact, with the line that shows it: listed as
 * open, it would be done a second time.
 */
import type { Ledger } from './ledger.js';
import type { LedgerEntry } from './ledger-entry.js';
import { OPEN_KINDS } from './ledger-kinds.js';
import { topicWords } from './topic-words.js';

/** One part of an open task: its text and where it runs in the task's text. */
interface Part {
  text: string;
  start: number;
  end: number;
}

// A list after a lead ending in a colon ("release 1.4.0 checklist: a, b, and c"), up to the sentence's end; a
// lead starts a sentence or follows another lead's colon.
const LEAD = /(?<=^|[.!?:]\s)((?:[^.!?:]|[.:](?=\S)){1,80}):\s+/g;
// Where one item of a list ends: a comma or semicolon at the list's top level, then an optional joining word.
const ITEM_SEPARATOR = /^(?:[,;]\s+(?:and then |and |then |or |plus )?|\s+and then\s+)/;

/**
 * The parts of a task: the items of a list its lead introduces with a colon; the whole task as its one part
 * when it holds no list. Commas inside brackets or backticks divide nothing.
 */
function partsOf(text: string): { lead: string; parts: Part[] } {
  // The innermost lead first: "Heads-up: release 1.4 checklist: a, b" lists under "release 1.4 checklist".
  for (const match of [...text.matchAll(LEAD)].reverse()) {
    const start = match.index + match[0].length;
    const parts: Part[] = [];
    let depth = 0;
    let code = false;
    let itemStart = start;
    let at = start;
    for (; at < text.length; at++) {
      const char = text[at] as string;
      if (char === '`') code = !code;
      else if (!code && (char === '(' || char === '[')) depth++;
      else if (!code && (char === ')' || char === ']')) depth = Math.max(0, depth - 1);
      if (code || depth > 0) continue;
      // A sentence end closes the list.
      if (/[.!?]/.test(char) && /^\s|^$/.test(text.slice(at + 1, at + 2))) break;
      const separator = ITEM_SEPARATOR.exec(text.slice(at))?.[0];
      if (separator === undefined) continue;
      parts.push({ text: text.slice(itemStart, at), start: itemStart, end: at });
      itemStart = at + separator.length;
      at = itemStart - 1;
    }
    parts.push({ text: text.slice(itemStart, at), start: itemStart, end: at });
    // "red on two jobs: the Windows build (…) and the macOS signing (…)": a lead that counts its items joins
    // two with "and" alone.
    const only = parts[0] as Part;
    const and = parts.length === 1 && COUNTED.test(match[1] as string) ? topLevelAnd(only.text) : -1;
    if (and > 0) {
      parts.splice(0, 1, { text: only.text.slice(0, and), start: only.start, end: only.start + and });
      parts.push({ text: only.text.slice(and + 5), start: only.start + and + 5, end: only.end });
    }
    if (parts.length >= 2 && parts.every((part) => part.text.trim() !== ''))
      return { lead: match[1] as string, parts };
  }
  return { lead: '', parts: [{ text, start: 0, end: text.length }] };
}

// A lead that says how many items follow: "two jobs", "both blockers", "3 things".
const COUNTED = /\b(?:two|both|2)\b/i;

/** Where the one " and " outside brackets and code spans stands in a text, or -1 (none, or several). */
function topLevelAnd(text: string): number {
  let depth = 0;
  let code = false;
  let found = -1;
  for (let at = 0; at < text.length; at++) {
    const char = text[at] as string;
    if (char === '`') code = !code;
    else if (!code && (char === '(' || char === '[')) depth++;
    else if (!code && (char === ')' || char === ']')) depth = Math.max(0, depth - 1);
    if (code || depth > 0 || !text.startsWith(' and ', at)) continue;
    if (found >= 0) return -1;
    found = at;
  }
  return found;
}

/** The task's text without the parts closed: each part left keeps the separator written before it. */
function withoutParts(text: string, parts: readonly Part[], closed: ReadonlySet<Part>): string {
  const first = parts[0] as Part;
  const last = parts.at(-1) as Part;
  let list = '';
  for (let index = 0; index < parts.length; index++) {
    const part = parts[index] as Part;
    if (closed.has(part)) continue;
    const before = index === 0 ? '' : text.slice((parts[index - 1] as Part).end, part.start);
    list += list === '' ? part.text : `${before}${part.text}`;
  }
  return `${text.slice(0, first.start)}${list}${text.slice(last.end)}`.replace(/\s{2,}/g, ' ').trim();
}

// A value: letters or digits joined by dots, dashes, slashes or colons, holding a digit ("1.4.0", "bf-20931",
// "10.0.0.7", "v2.3-hf").
const VALUE = /(?<![\w.:/-])[A-Za-z0-9]+(?:[.:/_-][A-Za-z0-9]+)+(?![\w:/-]|\.\w)/g;

function valuesIn(text: string): Set<string> {
  return new Set([...namesIn(text)].filter((value) => /\d/.test(value)));
}

/** Joined names, with or without a digit ("api.example.com", "bf-20931"): what a call may be about. */
function namesIn(text: string): Set<string> {
  return new Set([...text.matchAll(VALUE)].map((match) => match[0]));
}

// Words any commit subject may hold whatever it did: they say nothing about which task it was.
const GENERIC = new Set(
  'adds added write wrote written update updated updates change changed changes fixe fixed fixes handle improve refactor cleanup clean initial implement implementation support minor small tweak review merge branch commit work done into'.split(
    ' ',
  ),
);

function subjectWords(text: string): Set<string> {
  return new Set([...topicWords(text)].filter((word) => !GENERIC.has(word)));
}

// A line of a commit log: an abbreviated or full hash, then the subject ("e93a1c0 docs: changelog for 1.4.0",
// "* 4f7b2d8 (HEAD -> main) bump version").
const COMMIT_LINE = /^(?:[*|\\/ ]+)?(?:commit\s+)?([0-9a-f]{7,40})\s+(?:\([^)]*\)\s+)?(.+)$/;
// A conventional-commit type before the subject ("docs:", "fix(api):").
const COMMIT_TYPE = /^[a-z]+(?:\([^)]*\))?!?:\s*/i;

/**
 * Whether a commit's subject is the part's work: two thirds of the part's own words are in it, or half of them
 * and the release or ticket the list is for; a value the subject names that the task does not ("bump version to
 * 1.3.9" for the 1.4.0 checklist) makes it another commit.
 */
function commitDoes(subject: string, part: string, lead: string, task: string): boolean {
  const words = subjectWords(subject.replace(COMMIT_TYPE, ''));
  const own = subjectWords(part);
  const partValues = valuesIn(part);
  const subjectValues = valuesIn(subject);
  const taskValues = valuesIn(task);
  for (const value of subjectValues) if (!taskValues.has(value)) return false;
  let shared = 0;
  for (const word of own) if (words.has(word)) shared++;
  for (const value of partValues) if (subjectValues.has(value)) shared++;
  const size = own.size + partValues.size;
  if (shared === 0 || shared * 2 < size) return false;
  // Nearly all of the part's words say it alone; half of them, with the release or ticket the list is for.
  if (shared >= 2 && shared * 3 >= size * 2) return true;
  for (const value of valuesIn(lead)) if (subjectValues.has(value) && !partValues.has(value)) return true;
  return false;
}

// A status line saying a job, run or build is over and did not fail ("state: completed", "status=succeeded").
const STATUS_OVER =
  /\b(?:state|status|phase)\s*[:=]\s*["']?(?:completed?|finished|done|succeeded|success(?:ful)?|merged|closed|resolved)\b/i;

// The value a part wants something set to: "pointing at 10.0.0.7", "to 1.4.0", "= 8080".
const SET_TO = /(?:\b(?:to|at|as|into)|=|->|→)\s+$/i;
// An output short enough to be the answer of a lookup, not a listing.
const LOOKUP_LINES = 4;

/** The value a part wants in place, when it names one after a setting word and it is a compound value. */
function wantedValue(part: string): string | undefined {
  const values = [...part.matchAll(VALUE)];
  const last = values.at(-1);
  if (last === undefined || !/\d/.test(last[0]) || !/[.:/-]\d/.test(last[0])) return undefined;
  return SET_TO.test(part.slice(0, last.index)) ? last[0] : undefined;
}

// A remark that the work is under way ("(job bf-20931 is running it)"): stale once the work is over.
const UNDER_WAY_REMARK =
  /\s*\([^()]*\b(?:running|in progress|pending|queued|under way|underway|ongoing|(?:is|are) (?:doing|handling|working on))\b[^()]*\)/gi;

/** What one output can show, read once per output rather than once per open task. */
interface OutputReading {
  call: string;
  lines: readonly string[];
  /** The commit lines, in order, with their subjects. */
  commits: { line: string; subject: string }[];
  /** The first status line saying a job is over. */
  over: string | undefined;
  /** The named jobs the call or the output's first line is about. */
  handles: string[];
  /** Whether the output is short enough to be a lookup's answer. */
  lookup: boolean;
}

function readOutput(call: string, lines: readonly string[]): OutputReading {
  const commits: { line: string; subject: string }[] = [];
  for (const line of lines) {
    const commit = COMMIT_LINE.exec(line);
    if (commit !== null) commits.push({ line, subject: commit[2] as string });
  }
  const over = lines.find((line) => STATUS_OVER.test(line));
  const handles =
    over === undefined
      ? []
      : [...valuesIn(`${call} ${lines[0] ?? ''}`)].filter((value) => /[a-z]/i.test(value));
  // A lookup shows a part done only by a compound value it prints and the call was not given, about a name the
  // call holds: without one, no part's wanted value can be shown.
  const given = valuesIn(call);
  const lookup =
    lines.length <= LOOKUP_LINES &&
    namesIn(call).size > 0 &&
    lines.some((line) => [...valuesIn(line)].some((value) => /[.:/-]\d/.test(value) && !given.has(value)));
  return { call, lines, commits, over, handles, lookup };
}

/** What in the output shows the part done, or undefined. */
function evidenceFor(part: Part, lead: string, task: string, output: OutputReading): string | undefined {
  for (const { line, subject } of output.commits) if (commitDoes(subject, part.text, lead, task)) return line;
  // A named job the call or output is about, and the part names, reported over.
  if (output.over !== undefined && output.handles.length > 0) {
    const named = valuesIn(part.text);
    if (output.handles.some((handle) => named.has(handle))) return output.over;
  }
  // A lookup about something the task names, answering with the value the part wants in place.
  if (!output.lookup) return undefined;
  const wanted = wantedValue(part.text);
  if (wanted !== undefined && !valuesIn(output.call).has(wanted)) {
    const named = namesIn(task);
    const about = [...namesIn(output.call)].some((name) => named.has(name));
    const shown = output.lines.find((line) => valuesIn(line).has(wanted));
    if (about && shown !== undefined) return shown;
  }
  return undefined;
}

/**
 * Closes each part of the open tasks that a tool's output shows done (see the module comment): the part leaves
 * its task, or the task is done whole, and a fact says so with the line that shows it. `call` is the call's
 * arguments as text, `source` how the notes name the call. An output with no commit line, no status line and
 * too long for a lookup shows nothing done, and the open tasks are not read at all.
 */
export function closeShownDone(ledger: Ledger, source: string, call: string, lines: readonly string[]): void {
  const output = readOutput(call, lines);
  if (output.commits.length === 0 && output.over === undefined && !output.lookup) return;
  const open = ledger.entries.filter((entry) => OPEN_KINDS.has(entry.kind) && entry.copyOf === undefined);
  for (const entry of open) closeParts(ledger, entry, source, output);
}

function closeParts(ledger: Ledger, entry: LedgerEntry, source: string, output: OutputReading): void {
  const { lead, parts } = partsOf(entry.text);
  const closed = new Set<Part>();
  const facts: string[] = [];
  const shown: string[] = [];
  for (const part of parts) {
    const evidence = evidenceFor(part, lead, entry.text, output);
    if (evidence === undefined) continue;
    closed.add(part);
    const done = part.text.replace(UNDER_WAY_REMARK, '').trim();
    facts.push(`${done} is already done (${source})`);
    shown.push(evidence.trim());
  }
  if (closed.size === 0) return;
  // What showed it done is kept as seen, in one line: a question about the commit or the status is answered
  // by it.
  facts.push(`${source} → ${[...new Set(shown)].join(' | ')}`);
  ledger.closeParts(
    entry,
    closed.size === parts.length ? undefined : withoutParts(entry.text, parts, closed),
    facts,
  );
}

/** Whether two words are one subject: the shorter (less a final "e") begins the longer ("drop", "dropping"). */
function sameStem(a: string, b: string): boolean {
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  return long.startsWith(short.replace(/(?<=.{3})e$/, ''));
}

/**
 * Whether a rule names the action a part of a task opens with by its noun: "the helper extraction" names "extract a
 * generic pagination util", "the renaming" names "rename X to Y". The noun is longer than the verb it comes from.
 */
function namesAction(part: string, against: readonly string[]): boolean {
  const verb = part
    .trim()
    .toLowerCase()
    .match(/^[a-z]{4,}/)?.[0];
  if (verb === undefined) return false;
  return against.some(
    (word) => word.length > verb.length && /(?:ion|ing|ment)$/.test(word) && sameStem(verb, word),
  );
}

/** The prefix of a part of an open task the user set aside. */
export const SET_ASIDE_PREFIX = 'Set aside, not to do: ';
const SET_ASIDE_WORDS = 2;

/**
 * "The helper extraction I'll push back on, leave that as is": a user's rule against a thing that one part of
 * an open task list does (two of its content words, by their stems: "dropping" is "drop") sets that part aside. It leaves the open
 * task and is kept with the prohibitions; the other parts stay open.
 */
export function setAsideParts(ledger: Ledger, rule: string): void {
  const against = [...subjectWords(rule)];
  const open = ledger.entries.filter((entry) => OPEN_KINDS.has(entry.kind) && entry.copyOf === undefined);
  for (const entry of open) {
    const { parts } = partsOf(entry.text);
    if (parts.length < 2) continue;
    const naming = parts.filter((part) => {
      let shared = 0;
      for (const word of subjectWords(part.text))
        if (against.some((other) => sameStem(word, other))) shared++;
      return shared >= SET_ASIDE_WORDS || namesAction(part.text, against);
    });
    if (naming.length !== 1) continue;
    const part = naming[0] as Part;
    ledger.closeParts(
      entry,
      withoutParts(entry.text, parts, new Set([part])),
      [`${SET_ASIDE_PREFIX}${part.text.trim()}`],
      'rejected',
    );
  }
}
