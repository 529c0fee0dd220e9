import { emptyArtifact } from '../../artifact/empty-artifact.js';
import type { Message } from '../../messages/types.js';
import { countTextTokens } from '../../tokens/count-text-tokens.js';
import { renderTranscriptText } from '../shared/render-transcript-text.js';
import type { Compactor } from '../types.js';

/**
 * The `oracle` control: the transcript verbatim, as text. In a drift cycle it appends the new turns to its
 * previous text. With a token budget it keeps the newest messages that fit and says what it dropped in
 * `warnings`. It is the ceiling a method's scores are read against; at no compression it cannot qualify.
 */
export const oracleCompactor: Compactor = {
  name: 'oracle',
  version: '1.0.0',
  description: 'Control: keeps the transcript verbatim (within the budget, newest first).',
  deterministic: true,
  async compact({ transcript, previousArtifact, budgetTokens }) {
    const earlier = previousArtifact?.summaryText ?? '';
    const added = renderTranscriptText(transcript);
    const text = earlier === '' ? added : added === '' ? earlier : `${earlier}\n${added}`;
    const artifact = emptyArtifact();
    artifact.selectedSourceTurnIds = [
      ...new Set([...(previousArtifact?.selectedSourceTurnIds ?? []), ...turnsOf(transcript)]),
    ];
    if (budgetTokens === undefined || countTextTokens(text) <= budgetTokens) {
      return { ...artifact, summaryText: text };
    }
    const kept = newestWithin(text, budgetTokens);
    return {
      ...artifact,
      summaryText: kept.text,
      warnings: [`kept the newest ${kept.lines} of ${kept.total} lines to fit ${budgetTokens} tokens`],
    };
  },
};

function turnsOf(messages: readonly Message[]): number[] {
  return messages.flatMap((message) => (message.turn === undefined ? [] : [message.turn]));
}

function newestWithin(text: string, budgetTokens: number): { text: string; lines: number; total: number } {
  const lines = text.split('\n');
  let used = 0;
  let start = lines.length;
  while (start > 0) {
    // +1 for the newline that joins the line to the rest.
    const cost = countTextTokens(lines[start - 1] ?? '') + 1;
    if (used + cost > budgetTokens) break;
    used += cost;
    start--;
  }
  return { text: lines.slice(start).join('\n'), lines: lines.length - start, total: lines.length };
}
