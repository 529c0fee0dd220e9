import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderArtifactText } from '../../src/compactors/llm/render-artifact-text.js';
import { anchoredIterativeMethod } from '../../src/compactors/methods/anchored-iterative.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { CompactkitError } from '../../src/errors.js';
import { countTextTokens } from '../../src/tokens/count-text-tokens.js';
import { type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';
import { driftTurns, fakeModel, SESSION, sections, sentChat } from './llm-method-fixtures.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer('openai');
});
afterEach(async () => {
  await server.close();
});

function updates(
  add: Partial<Record<string, string[]>>,
  resolvedIds: string[] = [],
  supersededIds: { id: string; replacement: string }[] = [],
) {
  return textReply('openai', JSON.stringify({ add: sections(add), resolvedIds, supersededIds }), {
    input: 300,
    output: 80,
  });
}

describe('anchored-iterative', () => {
  it('merges three cycles of updates: old items survive, a superseded decision leaves the locked decisions, resolved items go', async () => {
    server.enqueue(
      updates({
        intent: ['Migrate the billing service to Postgres 16'],
        keyConcepts: ['Target database: Postgres 16'],
        errorsAndFixes: ['pgloader failed: amount_cents has type numeric(12,2)'],
        prohibitions: ['never run migrations against prod-eu-1 directly'],
        decisions: ['Use pgloader for the data copy'],
        pendingTasks: ['Fix the amount_cents type before Friday'],
        currentWork: ['Running pgloader against staging'],
      }),
      updates(
        { currentWork: ['Writing the pg_dump script'] },
        [],
        [{ id: 'D1', replacement: 'Use pg_dump for the data copy' }],
      ),
      updates({ filesAndCode: ['migrate.sh: the pg_dump script'] }, ['[T1]', 'e1', 'Z9']),
    );
    const compactor = instantiateMethod(anchoredIterativeMethod);
    const model = fakeModel(server);
    const cycle0 = await compactor.compact({ transcript: SESSION }, { model });
    const cycle1 = await compactor.compact(
      {
        transcript: driftTurns(3, 'Drop pgloader; use pg_dump instead.', 'Switching to pg_dump.'),
        previousArtifact: cycle0,
      },
      { model },
    );
    const cycle2 = await compactor.compact(
      {
        transcript: driftTurns(4, 'amount_cents is fixed now, thanks.', 'Great, I wrote migrate.sh.'),
        previousArtifact: cycle1,
      },
      { model },
    );

    // Cycle 0 starts from nothing and sends the whole transcript.
    const first = sentChat(server.requests[0]!);
    expect(first.system).toMatch(/supersededIds/);
    expect(first.schemaFields).toEqual(['add', 'resolvedIds', 'supersededIds']);
    expect(first.user).toContain('There is no summary yet');
    expect(first.user).toContain('Hard rule: never run migrations against prod-eu-1 directly.');

    // Later cycles send the numbered sections and only the new span.
    const second = sentChat(server.requests[1]!);
    expect(second.user).toMatch(
      /<<<SUMMARY_SO_FAR\nIntent:\n\[I1\] Migrate the billing service to Postgres 16\n/,
    );
    expect(second.user).toContain('Locked decisions:\n[D1] Use pgloader for the data copy');
    expect(second.user).toContain(
      'Forbidden behaviors:\n[X1] never run migrations against prod-eu-1 directly',
    );
    expect(second.user).toContain('Unresolved items:\n[T1] Fix the amount_cents type before Friday');
    expect(second.user).toContain('[turn 3] user: Drop pgloader; use pg_dump instead.');
    expect(second.user).not.toContain('Hard rule:');
    expect(second.user).not.toContain('[turn 1]');
    const third = sentChat(server.requests[2]!);
    expect(third.user).toContain('[D1] Use pg_dump for the data copy');
    expect(third.user).toContain('[X2] Superseded, do not return to: Use pgloader for the data copy');
    expect(third.user).toContain('[turn 4] user: amount_cents is fixed now, thanks.');
    expect(third.user).not.toContain('[turn 3]');

    expect(cycle1.structuredState.lockedDecisions).toEqual(['Use pg_dump for the data copy']);
    expect(cycle1.summaryText).toContain('Current work:\n- Writing the pg_dump script');
    expect(cycle1.summaryText).not.toContain('Running pgloader against staging');
    expect(cycle1.methodMetadata.merge).toEqual({ added: 2, resolved: 0, superseded: 1, replaced: 1 });

    expect(cycle2.structuredState).toEqual({
      immutableFacts: ['Target database: Postgres 16', 'migrate.sh: the pg_dump script'],
      lockedDecisions: ['Use pg_dump for the data copy'],
      deferredItems: [],
      forbiddenBehaviors: [
        'never run migrations against prod-eu-1 directly',
        'Superseded, do not return to: Use pgloader for the data copy',
      ],
      unresolvedItems: [],
      entityMap: {},
    });
    expect(cycle2.summaryText).toBe(
      [
        'Intent:',
        '- Migrate the billing service to Postgres 16',
        'Current work:',
        '- Writing the pg_dump script',
      ].join('\n'),
    );
    expect(cycle2.warnings).toEqual([
      'method anchored-iterative: the model named unknown item id(s) Z9; ignored',
    ]);
    expect(cycle2.methodMetadata).toMatchObject({
      promptVersion: 'anchored-iterative/1',
      calls: 1,
      inputTokens: 300,
      outputTokens: 80,
      merge: { added: 1, resolved: 2, superseded: 0, replaced: 0 },
    });
    expect(cycle2.selectedSourceTurnIds).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps every existing item when the model adds nothing and names no id, and skips additions already kept', async () => {
    server.enqueue(
      updates({
        prohibitions: ['never run migrations against prod-eu-1 directly'],
        pendingTasks: ['Fix amount_cents'],
      }),
      updates({ prohibitions: ['Never run migrations against prod-eu-1 directly.'] }),
    );
    const compactor = instantiateMethod(anchoredIterativeMethod);
    const model = fakeModel(server);
    const cycle0 = await compactor.compact({ transcript: SESSION }, { model });
    const cycle1 = await compactor.compact(
      { transcript: driftTurns(3, 'ok', 'ok'), previousArtifact: cycle0 },
      { model },
    );
    expect(cycle1.structuredState).toEqual(cycle0.structuredState);
    expect(cycle1.methodMetadata.merge).toEqual({ added: 0, resolved: 0, superseded: 0, replaced: 0 });
  });

  it('drops the oldest low-priority items when over the budget, keeping the newest', async () => {
    const facts = Array.from(
      { length: 20 },
      (_, index) => `Fact ${index}: the ledger table ${index} has a long name`,
    );
    server.enqueue(
      updates({ keyConcepts: facts, prohibitions: ['never run migrations against prod-eu-1 directly'] }),
      updates({ keyConcepts: ['Fact new: the newest fact'] }),
    );
    const compactor = instantiateMethod(anchoredIterativeMethod);
    const model = fakeModel(server);
    const cycle0 = await compactor.compact({ transcript: SESSION }, { model });
    const cycle1 = await compactor.compact(
      { transcript: driftTurns(3, 'one more fact', 'noted'), previousArtifact: cycle0, budgetTokens: 120 },
      { model },
    );
    expect(countTextTokens(renderArtifactText(cycle1))).toBeLessThanOrEqual(120);
    expect(cycle1.structuredState.immutableFacts.at(-1)).toBe('Fact new: the newest fact');
    expect(cycle1.structuredState.immutableFacts).not.toContain(facts[0]);
    expect(cycle1.structuredState.forbiddenBehaviors).toEqual([
      'never run migrations against prod-eu-1 directly',
    ]);
    expect(cycle1.warnings.join('\n')).toMatch(
      /over the budget of 120 tokens; \d+ of the oldest lowest-priority item\(s\) were removed/,
    );
  });

  it('fails with method_failed when the updates are not valid JSON after the repair retry', async () => {
    server.enqueue(textReply('openai', 'I added the rule.'), textReply('openai', '{"add": {}}'));
    const error = await instantiateMethod(anchoredIterativeMethod)
      .compact({ transcript: SESSION }, { model: fakeModel(server) })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(CompactkitError);
    expect((error as CompactkitError).code).toBe('method_failed');
    expect((error as CompactkitError).message).toMatch(
      /^method anchored-iterative: model call failed: .*does not match the schema/,
    );
  });
});
