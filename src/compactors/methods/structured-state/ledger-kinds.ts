import type { EntryKind } from './ledger-entry.js';

// The limits and kind sets the ledger's rules of supersession and correction read.

/** How far back a correction looks among the user's statements. */
export const RECENT_STATED = 12;
/** A correction this short ("Make that Friday.") needs no shared subject word with what it corrects. */
export const BRIEF_CORRECTION_WORDS = 8;

/** Kinds whose value a correction may write in place ("make that Friday" in a task or a plan). */
export const CORRECTABLE: ReadonlySet<EntryKind> = new Set(['fact', 'task', 'deferred']);

/** Kinds of what the agent reported, which a passed-over statement was first kept as. */
export const PASSABLE: ReadonlySet<EntryKind> = new Set(['fact', 'error', 'task']);

/** Kinds a retraction may cut one clause out of. */
export const CUTTABLE: ReadonlySet<EntryKind> = new Set(['fact', 'task', 'deferred']);
/** Kinds of open work, a part of which a report may close. */
export const OPEN_KINDS: ReadonlySet<EntryKind> = new Set(['task', 'deferred']);

/** Kinds an override can turn into a rejected entry. */
export const REPLACEABLE: ReadonlySet<EntryKind> = new Set(['decision', 'fact', 'task']);
