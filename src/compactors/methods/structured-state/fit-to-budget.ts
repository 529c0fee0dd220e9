import type { CompactionArtifact } from '../../../artifact/compaction-artifact.js';
import type { StateListKey } from '../../../artifact/render-artifact.js';
import { renderArtifact } from '../../../artifact/render-artifact.js';
import { countTextTokens } from '../../../tokens/count-text-tokens.js';
import type { Ledger } from './ledger.js';
import { isShown, ledgerToArtifact, SECTION_OF, SEEN_HEADING, summaryOf } from './ledger-artifact.js';
import type { LedgerEntry } from './ledger-entry.js';
import { RenderedTally } from './rendered-tally.js';

/** The artifact of the ledger within `budgetTokens` (rendered), and what had to go to get there. */
export interface FittedArtifact {
  artifact: CompactionArtifact;
  dropped: LedgerEntry[];
  /** How many times a text holding entries was rendered and counted whole: at most two, whatever was dropped. */
  wholeCounts: number;
}

/**
 * Writes the ledger as an artifact that fits the budget: while the rendered text is over it, the least
 * important entry goes (lowest priority first, the oldest among equals), then the entities; the summary is cut last. Without a budget everything is kept. A text holding entries is rendered
 * and counted whole at most twice, each entry dropped after the first estimate costing only its own lines,
 * unless dropping brings back a summary line an entry held: that text is counted again after each drop.
 */
export function fitToBudget(ledger: Ledger, budgetTokens: number | undefined): FittedArtifact {
  const full = ledgerToArtifact(ledger, ledger.entries);
  if (budgetTokens === undefined) return { artifact: full, dropped: [], wholeCounts: 0 };
  const total = countTextTokens(renderArtifact(full));
  if (total <= budgetTokens) return { artifact: full, dropped: [], wholeCounts: 1 };
  // Drop by estimate first (one count per entry), then confirm with an exact count of the whole text.
  const order = [...ledger.entries].sort((a, b) => a.priority - b.priority || a.order - b.order);
  const kept = new Set(ledger.entries);
  let estimate = total;
  let dropping = 0;
  for (const entry of order) {
    if (estimate <= budgetTokens) break;
    kept.delete(entry);
    dropping++;
    estimate -= countTextTokens(`- ${entry.text}`) + 1;
  }
  const keptEntries = () => ledger.entries.filter((entry) => kept.has(entry));
  let artifact = ledgerToArtifact(ledger, keptEntries());
  const tally = new RenderedTally(artifact, countTextTokens(renderArtifact(artifact)), SEEN_HEADING);
  const slots = listSlots(keptEntries());
  const seenSlots = new Map(
    [...keptEntries()]
      .filter((entry) => isShown(entry) && entry.observed === true)
      .sort((a, b) => a.order - b.order)
      .map((entry, index) => [entry, index] as const),
  );
  // The fewest drops, from the estimate on, that fit. With every entry gone the entities go too (below), unless the estimate alone had already dropped every entry.
  const estimated = dropping;
  const firstSummary = summaryOf(ledger, keptEntries());
  while (dropping < order.length || (estimated === order.length && order.length > 0)) {
    if (tally.tokens <= budgetTokens) {
      if (dropping > estimated) artifact = ledgerToArtifact(ledger, keptEntries());
      // The goal or request line an entry held comes back when that entry goes, which the tally does not
      // see: then the text is counted again, and entries go one by one until it fits.
      if (summaryOf(ledger, keptEntries()) === firstSummary)
        return { artifact, dropped: order.slice(0, dropping), wholeCounts: 2 };
      for (let counts = 3; ; counts++) {
        if (countTextTokens(renderArtifact(artifact)) <= budgetTokens)
          return { artifact, dropped: order.slice(0, dropping), wholeCounts: counts };
        if (dropping === order.length) break;
        kept.delete(order[dropping] as LedgerEntry);
        dropping++;
        artifact = ledgerToArtifact(ledger, keptEntries());
      }
      break;
    }
    if (dropping === order.length) break;
    const entry = order[dropping] as LedgerEntry;
    // A copy whose original was superseded is not written, so dropping it frees nothing.
    const slot = slots.get(entry);
    if (slot === 'seen') tally.removeSummaryItem(seenSlots.get(entry) ?? -1);
    else if (slot !== undefined) tally.removeItem(...slot);
    kept.delete(entry);
    dropping++;
  }
  artifact = ledgerToArtifact(ledger, []);
  // Nothing but the summary and entities is left, and it is still too long.
  artifact.structuredState.immutableFacts = [];
  artifact.structuredState.entityMap = {};
  const words = artifact.summaryText.split(' ');
  while (words.length > 0 && countTextTokens(renderArtifact(artifact)) > budgetTokens) {
    words.splice(Math.max(0, words.length - Math.max(1, Math.floor(words.length / 4))));
    artifact.summaryText = words.join(' ');
  }
  return { artifact, dropped: order, wholeCounts: 2 };
}

/** Where each entry sits in the artifact `ledgerToArtifact` writes of `entries`: its list and index there. */
function listSlots(entries: readonly LedgerEntry[]): Map<LedgerEntry, [StateListKey, number] | 'seen'> {
  const slots = new Map<LedgerEntry, [StateListKey, number] | 'seen'>();
  const next = new Map<StateListKey, number>();
  for (const entry of [...entries].sort((a, b) => a.order - b.order)) {
    if (!isShown(entry)) continue;
    // What was seen in a tool's output is written in the summary, as its own list.
    if (entry.observed === true) {
      slots.set(entry, 'seen');
      continue;
    }
    const list = SECTION_OF[entry.kind];
    const index = next.get(list) ?? 0;
    slots.set(entry, [list, index]);
    next.set(list, index + 1);
  }
  return slots;
}
