// structured-state in linear time: its ledger index must find exactly what a pass over every entry finds, while
// comparing each statement with a few entries; its budget fit must find exactly what dropping one entry at a
// time and recounting the whole text finds, while counting the whole text at most twice. Work is counted in
// operations, never timed (the timing lives in perf/method-scaling.ts).
import { describe, expect, it } from 'vitest';
import { generateAgentSession } from '../../perf/fixtures/generate-agent-session.js';
import type { CompactionArtifact } from '../../src/artifact/compaction-artifact.js';
import { renderArtifact } from '../../src/artifact/render-artifact.js';
import { createPrng } from '../../src/bench/random/index.js';
import { fitToBudget } from '../../src/compactors/methods/structured-state/fit-to-budget.js';
import { Ledger } from '../../src/compactors/methods/structured-state/ledger.js';
import { ledgerToArtifact } from '../../src/compactors/methods/structured-state/ledger-artifact.js';
import {
  comparisonText,
  type EntryKind,
  type LedgerEntry,
} from '../../src/compactors/methods/structured-state/ledger-entry.js';
import { LedgerIndex } from '../../src/compactors/methods/structured-state/ledger-index.js';
import { RenderedTally } from '../../src/compactors/methods/structured-state/rendered-tally.js';
import { readMessages } from '../../src/compactors/methods/structured-state/structured-state.js';
import { topicWords } from '../../src/compactors/methods/structured-state/topic-words.js';
import { countTextTokens } from '../../src/tokens/count-text-tokens.js';

const KINDS: EntryKind[] = ['rule', 'rejected', 'decision', 'task', 'deferred', 'fact', 'file', 'error'];

function ledgerOf(turns: number, seed = 'scaling'): Ledger {
  const ledger = new Ledger();
  readMessages(ledger, generateAgentSession({ seed, turns }).messages);
  return ledger;
}

/** What `Ledger.add` stopped at before the index: the first entry, in order, that contains or is contained. */
function firstMatchByScan(entries: readonly LedgerEntry[], compared: string, kind: EntryKind) {
  return entries.find((entry) => {
    const existing = comparisonText(entry.text);
    return (
      existing.includes(compared) ||
      ((entry.kind === kind || entry.kind === 'rejected') && compared.includes(existing))
    );
  });
}

describe('structured-state ledger index', () => {
  // Texts that contain each other only across cut words ("line 1" in "line 14"), very short ones, one that
  // compares as empty, and the statements of a generated session with its near-duplicates.
  const session = ledgerOf(60, 'index-texts').entries.map((entry) => entry.text);
  const crafted = [
    'edit_file `src/a.ts` → Edited src/a.ts: 1 replacement at line 1',
    'edit_file `src/a.ts` → Edited src/a.ts: 1 replacement at line 14',
    'resyncCartDraft is too slow on big tenants',
    'syncCartDraft is too slow on big tenants',
    'CartDraft is too slow',
    'Never.',
    "Don't",
    'line 14',
    '—',
    'Superseded, do not use: we use Postgres for the queue',
    'we use Postgres for the queue',
  ];
  const texts = [...crafted, ...session];

  it('finds the same first match as a pass over every entry, as entries are added, grown and rejected', () => {
    const prng = createPrng('ledger-index-property');
    const index = new LedgerIndex();
    const entries: LedgerEntry[] = [];
    let checked = 0;
    for (let step = 0; step < 600; step++) {
      const text = prng.pick(texts);
      const kind = prng.pick(KINDS);
      const compared = comparisonText(text);
      if (compared !== '') {
        expect(index.firstMatch(compared, kind)).toBe(firstMatchByScan(entries, compared, kind));
        checked++;
      }
      const action = prng.int(0, 9);
      const target = entries.length > 0 ? prng.pick(entries) : undefined;
      if (action === 0 && target) {
        // An override: the entry moves to the rejected ones with the superseded prefix.
        target.kind = 'rejected';
        target.text = `Superseded, do not use: ${target.text}`;
        index.update(target);
      } else if (action === 1 && target) {
        // A longer statement of the same kind takes the entry's place.
        target.text = `${target.text} and ${prng.pick(texts)}`;
        index.update(target);
      } else {
        const entry: LedgerEntry = { kind, text, priority: 50, order: entries.length };
        entries.push(entry);
        index.insert(entry);
      }
    }
    expect(checked).toBeGreaterThan(500);
    // Runs of whole words and the newest decision on a topic agree with passes over every entry too.
    for (const phrase of ['postgres', 'use postgres', 'src a ts', 'too slow on big', 'line 14', 'line 1']) {
      const byScan = entries.filter((entry) => ` ${comparisonText(entry.text)} `.includes(` ${phrase} `));
      expect(byScan.length).toBeGreaterThan(0);
      expect(index.withRun(phrase.split(' '))).toEqual(byScan);
    }
    for (const override of entries.slice(-30)) {
      const topics = topicWords(override.text);
      const decisions = entries.filter((entry) => entry !== override && entry.kind === 'decision');
      const onTopic = decisions.filter((entry) =>
        [...topicWords(entry.text)].some((word) => topics.has(word)),
      );
      expect(index.newestDecision(topics, override)).toBe((onTopic.length > 0 ? onTopic : decisions).at(-1));
    }
  });

  it('compares each statement of a session with a few entries, not with the whole ledger', () => {
    const small = ledgerOf(100);
    const large = ledgerOf(400);
    for (const ledger of [small, large]) expect(ledger.stats.scans).toBe(0);
    // A pass over the ledger per statement costs about statements x entries / 2 comparisons.
    const pass = large.stats.statements * (large.entries.length / 2);
    expect(large.stats.candidates).toBeLessThan(pass * 0.02);
    // Four times the session: a pass grows sixteenfold; the index at most twice as fast as the session.
    expect(large.stats.candidates / small.stats.candidates).toBeLessThan(8);
    expect(large.stats.statements / small.stats.statements).toBeGreaterThan(3.5);
  });
});

/** The fit as it was: drop by estimate, then one entry at a time, counting the whole text after each drop. */
function fitByRecounting(ledger: Ledger, budgetTokens: number): CompactionArtifact {
  const order = [...ledger.entries].sort((a, b) => a.priority - b.priority || a.order - b.order);
  const kept = new Set(ledger.entries);
  let estimate = countTextTokens(renderArtifact(ledgerToArtifact(ledger, ledger.entries)));
  if (estimate <= budgetTokens) return ledgerToArtifact(ledger, ledger.entries);
  for (const entry of order) {
    if (estimate <= budgetTokens) break;
    kept.delete(entry);
    estimate -= countTextTokens(`- ${entry.text}`) + 1;
  }
  let artifact = ledgerToArtifact(
    ledger,
    ledger.entries.filter((entry) => kept.has(entry)),
  );
  for (const entry of order) {
    if (countTextTokens(renderArtifact(artifact)) <= budgetTokens) return artifact;
    if (!kept.has(entry)) continue;
    kept.delete(entry);
    artifact = ledgerToArtifact(
      ledger,
      ledger.entries.filter((item) => kept.has(item)),
    );
  }
  artifact.structuredState.immutableFacts = [];
  artifact.structuredState.entityMap = {};
  const words = artifact.summaryText.split(' ');
  while (words.length > 0 && countTextTokens(renderArtifact(artifact)) > budgetTokens) {
    words.splice(Math.max(0, words.length - Math.max(1, Math.floor(words.length / 4))));
    artifact.summaryText = words.join(' ');
  }
  return artifact;
}

describe('structured-state budget fit', () => {
  it('keeps exactly what recounting after every drop keeps, at every kind of budget', () => {
    const ledger = ledgerOf(40, 'fit');
    const full = countTextTokens(renderArtifact(ledgerToArtifact(ledger, ledger.entries)));
    for (const budget of [1, 12, 40, 150, 400, Math.floor(full / 3), full - 5, full]) {
      expect(fitToBudget(ledger, budget).artifact).toEqual(fitByRecounting(ledger, budget));
    }
  });

  it('stays within the budget when dropping an entry brings back the goal line it held', () => {
    const ledger = new Ledger();
    readMessages(ledger, [
      {
        role: 'user',
        content: 'Never deploy the billing service on a Friday, finance closes the books then.',
        turn: 0,
      },
      ...generateAgentSession({ seed: 'goal-held', turns: 12 }).messages.map((message) => ({
        ...message,
        turn: (message.turn ?? 0) + 1,
      })),
    ]);
    const artifact = ledgerToArtifact(ledger, ledger.entries);
    expect(artifact.summaryText).not.toContain('Goal: ');
    const full = countTextTokens(renderArtifact(artifact));
    for (let budget = 40; budget < full; budget += 7) {
      const fitted = fitToBudget(ledger, budget).artifact;
      expect(countTextTokens(renderArtifact(fitted)), `budget ${budget}`).toBeLessThanOrEqual(budget);
    }
  });

  it('counts the whole text at most twice however many entries it drops', () => {
    for (const turns of [100, 400]) {
      const fitted = fitToBudget(ledgerOf(turns), 2_000);
      expect(fitted.dropped.length).toBeGreaterThan(turns);
      expect(fitted.wholeCounts).toBeLessThanOrEqual(2);
      expect(countTextTokens(renderArtifact(fitted.artifact))).toBeLessThanOrEqual(2_000);
    }
  });

  it('tallies the same tokens as counting the rendered text, item by item to nothing', () => {
    const prng = createPrng('rendered-tally');
    const ledger = ledgerOf(30, 'tally');
    ledger.entities.set('Dana Kim', 'reviewer');
    const withEntities = ledgerToArtifact(ledger, ledger.entries);
    const withoutEntities = {
      ...withEntities,
      structuredState: { ...withEntities.structuredState, entityMap: {} },
    };
    const noSummary = { ...withoutEntities, summaryText: '' };
    for (const artifact of [withEntities, withoutEntities, noSummary]) {
      const state = structuredClone(artifact.structuredState);
      const tally = new RenderedTally(artifact, countTextTokens(renderArtifact(artifact)));
      const slots = Object.entries(state).flatMap(([key, list]) =>
        Array.isArray(list) ? list.map((_, index) => [key, index] as const) : [],
      );
      const removed = new Set<string>();
      while (slots.length > 0) {
        const [key, index] = slots.splice(prng.int(0, slots.length - 1), 1)[0] as (typeof slots)[number];
        tally.removeItem(key as Parameters<RenderedTally['removeItem']>[0], index);
        removed.add(`${key}:${index}`);
        const current: CompactionArtifact = {
          ...artifact,
          structuredState: {
            ...state,
            ...Object.fromEntries(
              Object.entries(state).flatMap(([listKey, list]) =>
                Array.isArray(list)
                  ? [[listKey, list.filter((_, at) => !removed.has(`${listKey}:${at}`))]]
                  : [],
              ),
            ),
          },
        };
        expect(tally.tokens).toBe(countTextTokens(renderArtifact(current)));
      }
    }
  });
});
