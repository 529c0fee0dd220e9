import { MAX_SUMMARY_TEXT_CHARACTERS } from '../../artifact/artifact-limits.js';
import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { assignTurns } from '../../messages/assign-turns.js';
import type { Message } from '../../messages/types.js';
import { countTextTokens } from '../../tokens/count-text-tokens.js';
import { renderTranscriptText } from './render-transcript-text.js';

/**
 * One kept message as the text it renders to in `summaryText` (see `renderTranscriptText`); entries are joined
 * by `\n`. Methods that keep messages verbatim work on entries so a drift cycle can pick up exactly where the
 * previous artifact stopped.
 */
export interface KeptEntry {
  /** The message's turn: consecutive entries with one turn form a turn; an entry without one is a turn alone. */
  turn: number | undefined;
  text: string;
  /** Source turns the text carries (`selectedSourceTurnIds`): its own turn, or every turn a summary digests. */
  sourceTurns: readonly number[];
}

/** `methodMetadata` key of the entries' lengths, which is how a drift cycle finds the entries again. */
export const ENTRY_LENGTHS_KEY = 'messageLengths';

/** Lengths are left out of metadata past this many JSON characters (the limit for all metadata is 100,000). */
const MAX_LENGTHS_JSON_CHARACTERS = 60_000;
const LABEL = /^\[turn (\d+)\] /;
const LABEL_AT_LINE_START = /\n(?=\[turn \d+\] )/g;
/** Fixed text, so a longer cut never costs fewer tokens and the cut can be found by bisection. */
const CUT_MARKER = '\n[… the rest of this message was cut to fit the token budget]';

/** The entry one message renders to. */
export function renderEntry(message: Message): KeptEntry {
  const turn = message.turn;
  return { turn, text: renderTranscriptText([message]), sourceTurns: turn === undefined ? [] : [turn] };
}

/** The `summaryText` of entries. */
export function joinEntries(entries: readonly KeptEntry[]): string {
  return entries.map((entry) => entry.text).join('\n');
}

/**
 * Copies of the messages with a turn each when any lacks one: a user message opens a turn (as `assignTurns`),
 * numbered on from `highestTurnBefore` so new turns never merge with the previous artifact's.
 */
export function numberTurns(messages: readonly Message[], highestTurnBefore: number): Message[] {
  if (messages.every((message) => message.turn !== undefined)) return [...messages];
  if (highestTurnBefore < 0) return assignTurns(messages);
  // assignTurns continues after the highest turn it has seen, so a seed message carries the earlier highest.
  const seed: Message = { role: 'system', content: '', turn: highestTurnBefore };
  return assignTurns([seed, ...messages]).slice(1);
}

/** The highest turn of the entries, or -1 when none has one. */
export function highestTurn(entries: readonly KeptEntry[]): number {
  return entries.reduce((highest, entry) => Math.max(highest, entry.turn ?? -1), -1);
}

/** Index of the first entry of each turn, oldest first. */
export function turnStarts(entries: readonly KeptEntry[]): number[] {
  const starts: number[] = [];
  entries.forEach((entry, index) => {
    const previous = entries[index - 1];
    if (!previous || entry.turn === undefined || previous.turn !== entry.turn) starts.push(index);
  });
  return starts;
}

/** Sorted distinct source turns of the entries. */
export function sourceTurnsOf(entries: readonly KeptEntry[]): number[] {
  return [...new Set(entries.flatMap((entry) => entry.sourceTurns))].sort((a, b) => a - b);
}

/** The entries' lengths for `methodMetadata`, or undefined (with the reason) when they would be too large. */
export function entryLengths(entries: readonly KeptEntry[]): { lengths?: number[]; warning?: string } {
  const lengths = entries.map((entry) => entry.text.length);
  if (JSON.stringify(lengths).length <= MAX_LENGTHS_JSON_CHARACTERS) return { lengths };
  return {
    warning: `${entries.length} kept messages are too many to index in methodMetadata; the next cycle finds them by their [turn N] labels`,
  };
}

/**
 * The entries a previous artifact of the same method kept. The lengths in its metadata split `summaryText`
 * exactly, whatever the messages contain; without them (another method's artifact, or too many messages) the
 * text is split before each line that starts with a `[turn N]` label, which text that imitates a label fools.
 */
export function recoverEntries(artifact: CompactionArtifact | undefined): {
  entries: KeptEntry[];
  exact: boolean;
  warnings: string[];
} {
  const text = artifact?.summaryText ?? '';
  if (!artifact || text === '') return { entries: [], exact: true, warnings: [] };
  const lengths = artifact.methodMetadata[ENTRY_LENGTHS_KEY];
  const pieces = splitByLengths(text, lengths);
  if (pieces) return { entries: pieces.map(entryOfText), exact: true, warnings: [] };
  return {
    entries: text.split(LABEL_AT_LINE_START).map(entryOfText),
    exact: false,
    warnings: [
      'the previous artifact has no message index; its messages were found by their [turn N] labels',
    ],
  };
}

function entryOfText(text: string): KeptEntry {
  const match = LABEL.exec(text);
  const turn = match ? Number(match[1]) : undefined;
  return { turn, text, sourceTurns: turn === undefined ? [] : [turn] };
}

function splitByLengths(text: string, lengths: unknown): string[] | undefined {
  if (!Array.isArray(lengths) || lengths.length === 0) return undefined;
  if (!lengths.every((length) => Number.isInteger(length) && length >= 0)) return undefined;
  const total = (lengths as number[]).reduce((sum, length) => sum + length, lengths.length - 1);
  if (total !== text.length) return undefined;
  const pieces: string[] = [];
  let offset = 0;
  for (const length of lengths as number[]) {
    pieces.push(text.slice(offset, offset + length));
    offset += length + 1;
  }
  return pieces;
}

/** What `fitEntries` kept and what it had to give up. */
export interface FitResult<Entry extends KeptEntry> {
  entries: (Entry | KeptEntry)[];
  /** Whole turns dropped, oldest first. */
  droppedTurns: number;
  /** What the entries were fitted to, in words: `3000 tokens` or `2000000 characters`. */
  limit: string;
  /** Set when the newest turn alone did not fit and was cut. */
  cutWarning?: string;
  /** The drop warning (when turns were dropped) and the cut warning. */
  warnings: string[];
}

/**
 * Drops the oldest turns until the joined text fits `budgetTokens` (counted as the benchmark counts a rendered
 * artifact: trimmed, cl100k_base) and the artifact's character limit. When the newest turn alone is too big,
 * its text is cut after as much as fits, with a marker saying so; an entry cut to nothing is dropped.
 */
export function fitEntries<Entry extends KeptEntry>(
  entries: readonly Entry[],
  budgetTokens: number | undefined,
  maxCharacters = MAX_SUMMARY_TEXT_CHARACTERS,
): FitResult<Entry> {
  const fits = (text: string) =>
    text.length <= maxCharacters &&
    (budgetTokens === undefined || countTextTokens(text.trim()) <= budgetTokens);
  const starts = turnStarts(entries);
  // Newest first, by estimate (each entry counted alone, plus its newline); the join is checked after.
  let keptFrom = entries.length;
  let tokens = 0;
  let characters = -1;
  for (let turn = starts.length - 1; turn >= 0; turn--) {
    const start = starts[turn] as number;
    const group = entries.slice(start, keptFrom);
    const groupCharacters = group.reduce((sum, entry) => sum + entry.text.length + 1, 0);
    const groupTokens =
      budgetTokens === undefined ? 0 : group.reduce((sum, entry) => sum + countTextTokens(entry.text) + 1, 0);
    if (characters + groupCharacters > maxCharacters) break;
    if (budgetTokens !== undefined && tokens + groupTokens > budgetTokens + 1) break;
    characters += groupCharacters;
    tokens += groupTokens;
    keptFrom = start;
  }
  // Token pieces can merge across a join, so the estimate may be off by a little: drop more until it fits.
  while (keptFrom < entries.length && !fits(joinEntries(entries.slice(keptFrom)))) {
    keptFrom = starts.find((start) => start > keptFrom) ?? entries.length;
  }
  const lastStart = starts[starts.length - 1] ?? 0;
  const dropped = starts.filter((start) => start < Math.min(keptFrom, lastStart)).length;
  const limit = budgetTokens === undefined ? `${maxCharacters} characters` : `${budgetTokens} tokens`;
  const dropWarning = dropped > 0 ? [`dropped the ${dropped} oldest turn(s) to fit ${limit}`] : [];
  if (keptFrom < entries.length || entries.length === 0) {
    return { entries: entries.slice(keptFrom), droppedTurns: dropped, limit, warnings: dropWarning };
  }
  const turn = entries[lastStart]?.turn;
  const cutWarning = `the newest turn${turn === undefined ? '' : ` (${turn})`} alone exceeds ${limit}; it was cut`;
  const cut = cutTurn(entries.slice(lastStart), fits);
  return { entries: cut, droppedTurns: dropped, limit, cutWarning, warnings: [...dropWarning, cutWarning] };
}

/** The turn's entries up to the first that does not fit whole, which keeps its longest prefix that fits. */
function cutTurn<Entry extends KeptEntry>(
  group: readonly Entry[],
  fits: (text: string) => boolean,
): (Entry | KeptEntry)[] {
  const kept: (Entry | KeptEntry)[] = [];
  for (const entry of group) {
    if (fits(joinEntries([...kept, entry]))) {
      kept.push(entry);
      continue;
    }
    const withPrefix = (length: number) =>
      joinEntries([...kept, { ...entry, text: cutText(entry.text, length) }]);
    let low = 0;
    let high = entry.text.length;
    if (!fits(withPrefix(0))) break;
    while (low < high) {
      const middle = Math.ceil((low + high) / 2);
      if (fits(withPrefix(middle))) low = middle;
      else high = middle - 1;
    }
    // A cut inside the turn label would leave a message without its turn: better none at all.
    const label = LABEL.exec(entry.text)?.[0].length ?? 0;
    if (low > label)
      kept.push({ turn: entry.turn, text: cutText(entry.text, low), sourceTurns: entry.sourceTurns });
    break;
  }
  return kept;
}

function cutText(text: string, length: number): string {
  // Never split a surrogate pair.
  const code = text.charCodeAt(length - 1);
  const end = code >= 0xd800 && code <= 0xdbff ? length - 1 : length;
  return `${text.slice(0, end)}${CUT_MARKER}`;
}
