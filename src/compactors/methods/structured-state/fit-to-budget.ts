import type { CompactionArtifact } from '../../../artifact/compaction-artifact.js';
import { renderArtifact } from '../../../artifact/render-artifact.js';
import { countTextTokens } from '../../../tokens/count-text-tokens.js';
import type { Ledger } from './ledger.js';
import { ledgerToArtifact } from './ledger-artifact.js';
import type { LedgerEntry } from './ledger-entry.js';

/** The artifact of the ledger within `budgetTokens` (rendered), and what had to go to get there. */
export interface FittedArtifact {
  artifact: CompactionArtifact;
  dropped: LedgerEntry[];
}

/**
 * Writes the ledger as an artifact that fits the budget: while the rendered text is over it, the least
 * important entry goes (lowest priority first, the oldest among equals), then the files-read line and the
 * entities; the summary is cut last. Without a budget everything is kept.
 */
export function fitToBudget(ledger: Ledger, budgetTokens: number | undefined): FittedArtifact {
  const full = ledgerToArtifact(ledger, ledger.entries);
  if (budgetTokens === undefined) return { artifact: full, dropped: [] };
  const total = countTextTokens(renderArtifact(full));
  if (total <= budgetTokens) return { artifact: full, dropped: [] };
  // Drop by estimate first (one count per entry), then confirm with an exact count of the whole text.
  const order = [...ledger.entries].sort((a, b) => a.priority - b.priority || a.order - b.order);
  const kept = new Set(ledger.entries);
  const dropped: LedgerEntry[] = [];
  let estimate = total;
  for (const entry of order) {
    if (estimate <= budgetTokens) break;
    kept.delete(entry);
    dropped.push(entry);
    estimate -= countTextTokens(`- ${entry.text}`) + 1;
  }
  let artifact = ledgerToArtifact(
    ledger,
    ledger.entries.filter((entry) => kept.has(entry)),
  );
  for (const entry of order) {
    if (countTextTokens(renderArtifact(artifact)) <= budgetTokens) return { artifact, dropped };
    if (!kept.has(entry)) continue;
    kept.delete(entry);
    dropped.push(entry);
    artifact = ledgerToArtifact(
      ledger,
      ledger.entries.filter((item) => kept.has(item)),
    );
  }
  // Nothing but the summary, entities and files read is left, and it is still too long.
  artifact.structuredState.immutableFacts = [];
  artifact.structuredState.entityMap = {};
  const words = artifact.summaryText.split(' ');
  while (words.length > 0 && countTextTokens(renderArtifact(artifact)) > budgetTokens) {
    words.splice(Math.max(0, words.length - Math.max(1, Math.floor(words.length / 4))));
    artifact.summaryText = words.join(' ');
  }
  return { artifact, dropped };
}
