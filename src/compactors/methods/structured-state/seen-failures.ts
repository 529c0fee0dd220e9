/**
 * Failed runs that only a tool reported. A lint or type check the agent ran in passing, whose account is a tally
 * ("the linter reports 17 problems"), is listed apart from what people said: among the facts its dates,
 * durations and error words stood first for questions about the session's own facts. A failure the session
 * speaks of, or that bears on its task, is a fact like any other.
 */

import type { Ledger } from './ledger.js';
import type { LedgerEntry } from './ledger-entry.js';
import { topicWords } from './topic-words.js';

// Words every failure shares with talk of failing: they do not say which failure is spoken of.
const FAILURE_TOPICS = topicWords('error errors failed failure fails failing test tests found run');
// How many other words a message must share with a failure to speak of it.
const REMARK_WORDS = 2;
// A file's path with a directory and an extension, as a failure names it ("internal/ledger/client.go:87:2").
const PATH = /[\w.-]+(?:\/[\w.-]+)+\.[a-z]{1,5}\b/g;

/** Marks a failure just read off a tool's output as only seen there, until someone speaks of it. */
export function markSeen(entry: LedgerEntry | undefined): void {
  if (entry !== undefined && entry.kind === 'error') entry.observed = true;
}

function speaksOf(words: ReadonlySet<string>, entry: LedgerEntry): boolean {
  let shared = 0;
  for (const word of topicWords(entry.text)) if (words.has(word) && !FAILURE_TOPICS.has(word)) shared++;
  return shared >= REMARK_WORDS;
}

/**
 * What someone said after runs failed (`from`: the index in `ledger.entries` of the first entry kept since they
 * last spoke): a failure it speaks of ("the import chokes on the day-first dates") is a fact of the session.
 * The agent's tallies ("3 of 40 tests fail") speak of none; `said` comes without them.
 */
export function remarkOn(ledger: Ledger, said: string, from: number): void {
  const words = topicWords(said);
  for (const entry of ledger.entries.slice(from))
    if (entry.observed === true && speaksOf(words, entry)) delete entry.observed;
}

/**
 * Once the session is read: a failure that echoes what the user said in one message (`userTexts`: "the importer
 * rejects Ulster Bank's file" and the run failing on that file) or names a file the rest of the notes name (changed,
 * reviewed, read for a rule) is about the task, and is written among the facts after all.
 */
export function settleSeen(ledger: Ledger, userTexts: readonly string[]): void {
  // One message must echo the failure: the words of all of them together echo any long output somewhere.
  const messages = userTexts.map(topicWords);
  const notes = ledger.entries
    .filter((entry) => entry.observed !== true)
    .map((entry) => entry.text)
    .join('\n');
  for (const entry of ledger.entries) {
    if (entry.observed !== true) continue;
    const paths = entry.text.match(PATH) ?? [];
    if (messages.some((words) => speaksOf(words, entry)) || paths.some((path) => notes.includes(path)))
      delete entry.observed;
  }
}
