import { describe, expect, it } from 'vitest';
import { renderArtifact } from '../../src/artifact/render-artifact.js';
import { classifyMention } from '../../src/bench/scoring/mentions.js';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';
import { countTextTokens } from '../../src/tokens/count-text-tokens.js';
import { assistant, user } from '../support/messages.js';

// Issue #12, item 4 (structured-state 1.25.0): what the session passed over stays marked as passed over in every
// sentence that names it. Every sentence here is written for this file; none comes from a benchmark template.

const method = instantiateMethod(structuredStateMethod);

function run(id: string, command: string, output: string, turn: number): Message[] {
  return [
    assistant('', turn, [{ id, name: 'run_command', arguments: { command } }]),
    { role: 'tool', toolCallId: id, toolName: 'run_command', content: output, turn, isError: true },
  ];
}
const compact = (transcript: Message[], budgetTokens?: number) =>
  method.compact({ transcript, ...(budgetTokens === undefined ? {} : { budgetTokens }) }, {});
const find = (list: readonly string[], needle: string) => list.find((item) => item.includes(needle));

describe('structured-state: a superseded plan of several sentences', () => {
  it('marks every sentence of it, typed in lower case or not, so none reads as current', async () => {
    const artifact = await compact([
      user(
        "the nightly thumbnail job needs a new home. let's run it on a spare Jenkins agent, that box is idle at night anyway.",
        0,
      ),
      assistant('Okay, I will set that up.', 0),
      user(
        'actually, use a systemd timer on the media host instead of the Jenkins agent, it gets wiped every month.',
        1,
      ),
    ]);
    const superseded = find(artifact.structuredState.forbiddenBehaviors, 'Jenkins agent');
    expect(superseded).toBeDefined();
    // Each sentence says it is not to be followed: quoted alone, the Jenkins plan is still rejected.
    const sentences = `${superseded}`.split(/(?<=[.?!])\s+/);
    expect(sentences.length).toBeGreaterThan(1);
    for (const sentence of sentences.filter((s) => /jenkins/i.test(s)))
      expect(classifyMention(sentence, 'Jenkins agent')).not.toBe('affirmed');
    expect(classifyMention(`${superseded}`, 'spare Jenkins agent')).toBe('rejected');
  });
});

describe('structured-state: a way the accepted proposal weighed and passed over', () => {
  it('keeps "doing X would …" as not chosen, not as a finding, and the proposal as the decision', async () => {
    const artifact = await compact([
      user('the search reindex takes the whole cluster down for twenty minutes. how should we run it?', 0),
      assistant(
        'I would reindex into a fresh index alias with 2 replicas and swap the alias once it is green, so reads never stop. Bumping the heap to 64 GB would let the old way survive, but it only delays the next outage.',
        0,
      ),
      user('yes, go ahead', 1),
    ]);
    const state = artifact.structuredState;
    expect(find(state.lockedDecisions, 'fresh index alias')).toBeDefined();
    const passed = find(state.forbiddenBehaviors, 'Bumping the heap to 64 GB');
    expect(passed).toMatch(/^Not chosen: /);
    expect(find(state.immutableFacts, 'Bumping the heap')).toBeUndefined();

    // A sentence about the chosen plan itself is no other way of doing it.
    const same = await compact([
      user('exports are slow for large workspaces, 14 minutes for the biggest one.', 0),
      assistant(
        'I suggest adding a covering index on exports (workspace_id, created_at). Adding the index would also speed up the audit page.',
        0,
      ),
      user('sounds good', 1),
    ]);
    expect(find(same.structuredState.forbiddenBehaviors, 'audit page')).toBeUndefined();
  });
});

describe('structured-state: failures only seen in a tool output', () => {
  const session: Message[] = [
    user('The nightly invoice export to the Lisbon bucket has been failing since Monday. find out why', 0),
    ...run(
      'c1',
      'cargo clippy',
      'error: unused variable: `spare_rows`\n --> crates/ledger/src/fold.rs:12:9',
      0,
    ),
    assistant('Clippy reports 1 warning.', 0),
    ...run('c2', 'cargo test', 'test ledger::fold::keeps_order ... FAILED\ntest result: FAILED. 1 failed', 1),
    assistant('The fold test drops the order of ledger rows when two share a timestamp.', 1),
    ...run(
      'c3',
      'cargo run --bin export',
      'Error: upload to lisbon-invoices denied: AccessDenied on invoice export',
      1,
    ),
    ...run(
      'c4',
      'cargo test -p ledger fold::keeps_order',
      'thread panicked at crates/ledger/src/order.rs:40',
      2,
    ),
    user('Also keep the Monday run logs, finance wants them. we are on the 3 GB plan', 2),
  ];

  it('lists a failure no one speaks of under the summary, apart from the facts', async () => {
    const artifact = await compact(session);
    const facts = artifact.structuredState.immutableFacts;
    expect(artifact.summaryText).toContain(
      'Seen in tool output:\n- `cargo clippy` failed: error: unused variable',
    );
    expect(find(facts, 'cargo clippy')).toBeUndefined();
    // The agent spoke of the failing test, the export failure echoes the user's report, and the last run was
    // aimed at one test: all three are facts of the session.
    expect(find(facts, '`cargo test` failed')).toBeDefined();
    expect(find(facts, 'AccessDenied')).toBeDefined();
    expect(find(facts, 'fold::keeps_order')).toBeDefined();
  });

  it('needs one message to echo a failure: words spread over several do not', async () => {
    const artifact = await compact([
      user('the warehouse job has been slow since the upgrade.', 0),
      user('also the supplier portal shows stale data for some rows.', 1),
      ...run('d1', 'pytest -q', 'FAILED tests/test_sync.py::test_rows - warehouse supplier mismatch', 2),
      user('ok, write the release notes for 4.2 now.', 2),
    ]);
    expect(artifact.summaryText).toContain('Seen in tool output:\n- `pytest -q` failed');
    expect(find(artifact.structuredState.immutableFacts, 'pytest -q')).toBeUndefined();
  });

  it('keeps the list through a drift cycle and within a budget', async () => {
    const first = await compact(session);
    const next = await method.compact(
      { transcript: [user('what did the linter say?', 3)], previousArtifact: first },
      {},
    );
    expect(next.summaryText).toContain('- `cargo clippy` failed: error: unused variable');
    expect(find(next.structuredState.immutableFacts, 'cargo clippy')).toBeUndefined();
    const full = countTextTokens(renderArtifact(first));
    for (const budget of [full - 25, 60]) {
      const fitted = await compact(session, budget);
      expect(countTextTokens(renderArtifact(fitted))).toBeLessThanOrEqual(budget);
    }
  });
});

describe('structured-state: a choice by description that names no option', () => {
  it('keeps the options beside the reply, so the choice can still be matched to one', async () => {
    const artifact = await compact([
      user('search indexing lags the writes by minutes during the morning import.', 0),
      assistant(
        'One way out is to index synchronously inside the write request, which is simple but adds 300 ms to every save. The other is to stream changes through the outbox table to a separate indexer, batching 500 documents at a time.',
        0,
      ),
      user("the one that won't slow people down, please", 1),
    ]);
    const facts = artifact.structuredState.immutableFacts;
    expect(find(facts, 'Option put forward: stream changes through the outbox table')).toBeDefined();
    expect(find(facts, 'Option put forward: index synchronously')).toBeDefined();
  });
});

describe('structured-state: a retraction that names its subject, then what replaces it', () => {
  it('reads the statements after it as the new decision, with the retraction', async () => {
    const artifact = await compact([
      user('the weekly digest goes out from the old cron box, Mondays at 06:00.', 0),
      assistant('Noted.', 0),
      user(
        'Forget what I said about the cron box. Ops retired that machine last week. The digest runs from the scheduler service now, same slot. Does that change the template?',
        1,
      ),
    ]);
    const decision = find(artifact.structuredState.lockedDecisions, 'Forget what I said about the cron box');
    expect(decision).toContain('The digest runs from the scheduler service now');
    // The question after the replacement is not part of it.
    expect(decision).not.toContain('template');
  });
});
