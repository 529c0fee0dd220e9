/**
 * A decision that drops one plan and states the next in one message ("their team has never run a consumer. park
 * the queue thing. we'll just poll every 90 seconds"): once the plan dropped is kept as superseded, the clause
 * dropping it says nothing more, and read on its own ("park the queue thing") it names the old plan as if it
 * were the one to act on. The decision keeps the clauses that state what happens now.
 */

import type { Ledger } from './ledger.js';
import type { LedgerEntry } from './ledger-entry.js';
import { dropsPlan } from './revision-patterns.js';

// Any sentence end, whatever case the next sentence opens with: people type the next one in lower case.
const SENTENCE_END = /(?<=[\w)\]"'`][.!?])\s+(?=\S)/;

/** How many entries of the ledger are superseded or passed over. */
export function rejectedCount(ledger: Ledger): number {
  let count = 0;
  for (const entry of ledger.entries) if (entry.kind === 'rejected') count++;
  return count;
}

/**
 * Takes the sentences that only drop a plan out of a decision, when the override superseded something (the
 * ledger holds more rejected entries than `rejectedBefore`) and the decision says something else too.
 */
export function withoutDropClauses(ledger: Ledger, decision: LedgerEntry, rejectedBefore: number): void {
  if (decision.kind !== 'decision') return;
  const sentences = decision.text.split(SENTENCE_END);
  if (sentences.length < 2) return;
  const kept = sentences.filter((sentence) => !dropsPlan(sentence.toLowerCase().replace(/[’‘ʼ]/g, "'")));
  if (kept.length === 0 || kept.length === sentences.length) return;
  if (rejectedCount(ledger) <= rejectedBefore) return;
  ledger.closeParts(decision, kept.join(' '), []);
}
