import type { CompactionArtifact } from '../../../artifact/compaction-artifact.js';
import { emptyArtifact } from '../../../artifact/empty-artifact.js';
import type { StateListKey } from '../../../artifact/render-artifact.js';
import { isQuestion, VALUE } from './cue-patterns.js';
import { Ledger, SUPERSEDED_PREFIX } from './ledger.js';
import type { EntryKind, LedgerEntry } from './ledger-entry.js';
import { moreWordsThan, splitSentences, stripOpener } from './split-sentences.js';

type ListKey = StateListKey;

/** Where each kind of entry is written in the artifact. */
export const SECTION_OF: Readonly<Record<EntryKind, ListKey>> = {
  fact: 'immutableFacts',
  file: 'immutableFacts',
  error: 'immutableFacts',
  decision: 'lockedDecisions',
  rule: 'forbiddenBehaviors',
  rejected: 'forbiddenBehaviors',
  deferred: 'deferredItems',
  task: 'unresolvedItems',
};

export const GOAL_PREFIX = 'Goal: ';
/** The line in the summary under which the lines read off tools' output are listed. */
export const SEEN_HEADING = 'Seen in tool output:';
export const LATEST_PREFIX = 'Latest request: ';
/** How artifacts before 1.24.0 listed the files read, among the facts; still read back. */
export const FILES_READ_PREFIX = 'Files read (not changed): ';
const FILES_READ_KEPT = 20;
/** The `methodMetadata` key that holds the files read. */
export const FILES_READ_KEY = 'filesRead';

/** Whether an entry is written: a copy goes with its original, which once superseded would state the old plan. */
export function isShown(entry: LedgerEntry): boolean {
  return entry.copyOf === undefined || entry.copyOf.kind !== 'rejected';
}

// A few words of courtesy with no value and no question: a sign-off, which no entry keeps.
const ASIDE_WORDS = 6;
const COURTESY =
  /\b(?:thanks|thank you|cheers|hope (?:that|this) (?:helps|makes sense)|sorry|shout|just flagging|that'?s all|bear(?:ing)? with me|let me know|appreciated|no rush|ta)\b/i;
function isAside(sentence: string): boolean {
  return (
    !moreWordsThan(sentence, ASIDE_WORDS) &&
    COURTESY.test(sentence) &&
    !VALUE.test(sentence) &&
    !isQuestion(sentence)
  );
}

/**
 * The summary text: the session's goal and the newest request, one line each. A line whose words an entry
 * already holds whole is left out: written twice, a statement's rare words would count half as much to a reader
 * looking for it, and the entry says it under its kind.
 */
export function summaryOf(ledger: Ledger, entries: readonly LedgerEntry[] = []): string {
  const holds = (text: string) => entries.some((entry) => isShown(entry) && entry.text.includes(text));
  // Kept whole, or sentence by sentence, a short aside without a value ("Hope that makes sense.") aside.
  const kept = (text: string) =>
    holds(text) ||
    splitSentences(text).every(
      (sentence) => holds(stripOpener(sentence)) || isAside(sentence) || heldInParts(sentence),
    );
  // "…as a download. a single CSV…": people type the next sentence in lower case, and an override may have
  // cut one of those sentences out of the entry that held both. Written again, the part taken back would read
  // as current; parts that all still stand are left as they were.
  const rejects = (text: string) =>
    entries.some((entry) => entry.kind === 'rejected' && isShown(entry) && entry.text.includes(text));
  const heldInParts = (sentence: string) => {
    const parts = sentence.split(SENTENCE_END).map(stripOpener);
    return parts.length > 1 && parts.some(rejects) && parts.every((part) => holds(part) || isAside(part));
  };
  const lines: string[] = [];
  if (ledger.goal !== '' && !kept(ledger.goal)) lines.push(`${GOAL_PREFIX}${ledger.goal}`);
  if (ledger.latest !== '' && ledger.latest !== ledger.goal && !kept(ledger.latest))
    lines.push(`${LATEST_PREFIX}${ledger.latest}`);
  return lines.join('\n');
}

/**
 * The ledger as an artifact: entries in session order within each section, entities. The files read go into
 * `methodMetadata`, not the text: a line of paths the session only looked at answers no question about what
 * was said, and a reader matching words took it for the answer when the statement asked about was worded
 * loosely.
 */
export function ledgerToArtifact(ledger: Ledger, entries: readonly LedgerEntry[]): CompactionArtifact {
  const artifact = emptyArtifact();
  artifact.summaryText = summaryOf(ledger, entries);
  const state = artifact.structuredState;
  const seen: string[] = [];
  for (const entry of [...entries].sort((a, b) => a.order - b.order)) {
    if (!isShown(entry)) continue;
    if (entry.observed === true) {
      seen.push(`- ${entry.text}`);
      continue;
    }
    state[SECTION_OF[entry.kind]].push(entry.kind === 'rejected' ? rejectedText(entry.text) : entry.text);
  }
  if (seen.length > 0)
    artifact.summaryText = [artifact.summaryText, `${SEEN_HEADING}`, ...seen]
      .filter((line) => line !== '')
      .join('\n');
  if (ledger.filesRead.length > 0)
    artifact.methodMetadata[FILES_READ_KEY] = ledger.filesRead.slice(-FILES_READ_KEPT);
  for (const [name, role] of ledger.entities) state.entityMap[name] = role;
  return artifact;
}

// Any sentence end, whatever case the next sentence opens with.
const SENTENCE_END = /(?<=[\w)\]"'`][.?!])\s+(?=\S)/;

// What each later sentence of a superseded or passed-over entry opens with.
const STILL_REJECTED = 'Not this either: ';
// A sentence that already says it is not to be followed.
const SAYS_REJECTED = /^(?:superseded|not chosen|not this either|do not|don'?t|never)\b/i;

/**
 * A superseded plan or an option not chosen, with its marker on every sentence: "Superseded, do not use: moving
 * the job off the VM. Put it on Lambda." read one sentence at a time says "put it on Lambda" as if current, and
 * a reader quoting the entry, or skimming it, takes the plan back up.
 */
export function rejectedText(text: string): string {
  // People type the next sentence in lower case ("…off the VM. put it on Lambda"): any sentence end counts.
  const sentences = text.split(SENTENCE_END);
  if (sentences.length < 2) return text;
  return sentences
    .map((sentence, at) =>
      at === 0 || SAYS_REJECTED.test(sentence) ? sentence : `${STILL_REJECTED}${sentence}`,
    )
    .join(' ');
}

function kindOfFact(text: string): EntryKind {
  if (/^(?:Created|Modified|Deleted) `/.test(text)) return 'file';
  if (/ failed: /.test(text)) return 'error';
  return 'fact';
}

/**
 * Rebuilds the ledger an earlier call wrote into an artifact, so a drift cycle continues from it: entries by
 * section in their order, superseded ones still rejected, entities, files read, goal and latest request.
 * An artifact from another method reads the same way: its statements become entries of their section's kind.
 */
export function ledgerFromArtifact(artifact: CompactionArtifact): Ledger {
  const ledger = new Ledger();
  // The session's first request was read in an earlier call, whether or not its goal line was written.
  ledger.resumed = true;
  // What was seen in tools' output, listed in the summary, comes first: it was read before the call ended.
  const seen: string[] = [];
  let inSeen = false;
  for (const line of artifact.summaryText.split('\n')) {
    if (line === SEEN_HEADING) inSeen = true;
    else if (inSeen && line.startsWith('- ')) seen.push(line.slice(2));
    else if (line.startsWith(GOAL_PREFIX)) ledger.goal = line.slice(GOAL_PREFIX.length);
    else if (line.startsWith(LATEST_PREFIX)) ledger.latest = line.slice(LATEST_PREFIX.length);
  }
  for (const text of seen) ledger.restore(kindOfFact(text), text).observed = true;
  const state = artifact.structuredState;
  const sections: [ListKey, (text: string) => EntryKind][] = [
    ['immutableFacts', kindOfFact],
    ['lockedDecisions', () => 'decision'],
    ['forbiddenBehaviors', (text) => (text.startsWith(SUPERSEDED_PREFIX) ? 'rejected' : 'rule')],
    ['deferredItems', () => 'deferred'],
    ['unresolvedItems', () => 'task'],
  ];
  // Entries are re-added in the order the sections were written; within a section that is session order.
  for (const [key, kindOf] of sections) {
    for (const text of state[key]) {
      if (key === 'immutableFacts' && text.startsWith(FILES_READ_PREFIX)) {
        for (const match of text.slice(FILES_READ_PREFIX.length).matchAll(/`([^`]+)`/g))
          ledger.noteRead(match[1] as string);
        continue;
      }
      // The markers rejectedText added are the writing's, not the entry's: a plan returned to loses them.
      const kind = kindOf(text);
      ledger.restore(kind, kind === 'rejected' ? text.replaceAll(STILL_REJECTED, '') : text);
    }
  }
  for (const [name, role] of Object.entries(state.entityMap)) ledger.entities.set(name, role);
  const read = artifact.methodMetadata[FILES_READ_KEY];
  if (Array.isArray(read)) for (const path of read) if (typeof path === 'string') ledger.noteRead(path);
  return ledger;
}
