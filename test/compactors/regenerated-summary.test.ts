import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { renderArtifactText } from '../../src/compactors/llm/render-artifact-text.js';
import { regeneratedSummaryMethod } from '../../src/compactors/methods/regenerated-summary.js';
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

const CYCLE_0 = sections({
  intent: ['Migrate the billing service to Postgres 16'],
  keyConcepts: ['Target database: Postgres 16'],
  filesAndCode: ['billing.load: pgloader command file'],
  errorsAndFixes: ['pgloader failed: amount_cents has type numeric(12,2); not fixed yet'],
  userInstructions: ['Use the staging replica first'],
  prohibitions: ['never run migrations against prod-eu-1 directly'],
  decisions: ['Use pgloader for the data copy'],
  pendingTasks: ['Fix the amount_cents type before Friday'],
  currentWork: ['Running pgloader against staging'],
  nextStep: ['Change amount_cents to integer cents'],
});

describe('regenerated-summary', () => {
  it('asks for the sections as JSON and keeps each section once: state lists where natural, the rest as headed lines', async () => {
    server.enqueue(textReply('openai', JSON.stringify(CYCLE_0), { input: 900, output: 150 }));
    const artifact = await instantiateMethod(regeneratedSummaryMethod).compact(
      { transcript: SESSION },
      { model: fakeModel(server) },
    );
    const sent = sentChat(server.requests[0]!);
    expect(sent.temperature).toBe(0);
    expect(sent.schemaFields).toEqual(Object.keys(CYCLE_0));
    expect(sent.system).toMatch(/- prohibitions: everything the user said must never/);
    expect(sent.system).toMatch(/- superseded: /);
    expect(sent.user).toMatch(
      /<<<TRANSCRIPT\n[\s\S]*Hard rule: never run migrations against prod-eu-1 directly[\s\S]*TRANSCRIPT>>>/,
    );
    expect(sent.user).toContain('All sections together must fit in 1500 tokens');

    expect(artifact.summaryText).toBe(
      [
        'Intent:',
        '- Migrate the billing service to Postgres 16',
        'User instructions:',
        '- Use the staging replica first',
        'Errors and fixes:',
        '- pgloader failed: amount_cents has type numeric(12,2); not fixed yet',
        'Current work:',
        '- Running pgloader against staging',
        'Next step:',
        '- Change amount_cents to integer cents',
      ].join('\n'),
    );
    expect(artifact.structuredState).toEqual({
      immutableFacts: ['Target database: Postgres 16', 'billing.load: pgloader command file'],
      lockedDecisions: ['Use pgloader for the data copy'],
      deferredItems: [],
      forbiddenBehaviors: ['never run migrations against prod-eu-1 directly'],
      unresolvedItems: ['Fix the amount_cents type before Friday'],
      entityMap: {},
    });
    expect(artifact.methodMetadata).toMatchObject({
      promptVersion: 'regenerated-summary/1',
      calls: 1,
      inputTokens: 900,
      outputTokens: 150,
    });
  });

  it('regenerates from the whole previous summary plus only the new turns, moving a replaced decision to forbidden', async () => {
    server.enqueue(textReply('openai', JSON.stringify(CYCLE_0)));
    server.enqueue(
      textReply(
        'openai',
        JSON.stringify({
          ...CYCLE_0,
          decisions: ['Use pg_dump for the data copy'],
          superseded: ['Use pgloader for the data copy'],
          keyConcepts: ['Target database: Postgres 16', '  Target database: postgres 16.  '],
        }),
      ),
    );
    const compactor = instantiateMethod(regeneratedSummaryMethod);
    const model = fakeModel(server);
    const first = await compactor.compact({ transcript: SESSION }, { model });
    const second = await compactor.compact(
      {
        transcript: driftTurns(3, 'Drop pgloader; use pg_dump instead.', 'Switching to pg_dump.'),
        previousArtifact: first,
      },
      { model },
    );
    const sent = sentChat(server.requests[1]!);
    expect(sent.user).toContain(`<<<SUMMARY_SO_FAR\n${renderArtifactText(first)}\nSUMMARY_SO_FAR>>>`);
    expect(sent.user).toContain('Forbidden behaviors:\n- never run migrations against prod-eu-1 directly');
    expect(sent.user).toContain('[turn 3] user: Drop pgloader; use pg_dump instead.');
    expect(sent.user).not.toContain('pgloader billing.load');
    expect(second.structuredState.lockedDecisions).toEqual(['Use pg_dump for the data copy']);
    expect(second.structuredState.forbiddenBehaviors).toEqual([
      'never run migrations against prod-eu-1 directly',
      'Superseded, do not return to: Use pgloader for the data copy',
    ]);
    // The same fact twice, differing only in case, spacing and end punctuation, is kept once.
    expect(second.structuredState.immutableFacts).toEqual([
      'Target database: Postgres 16',
      'billing.load: pgloader command file',
    ]);
  });

  it('repairs one malformed reply, and fails with method_failed when the repair is malformed too', async () => {
    server.enqueue(textReply('openai', 'Here is the summary: intent is migration'));
    server.enqueue(textReply('openai', JSON.stringify(CYCLE_0)));
    const repaired = await instantiateMethod(regeneratedSummaryMethod).compact(
      { transcript: SESSION },
      { model: fakeModel(server) },
    );
    expect(repaired.structuredState.lockedDecisions).toEqual(['Use pgloader for the data copy']);
    expect(sentChat(server.requests[1]!).messageCount).toBeGreaterThan(
      sentChat(server.requests[0]!).messageCount,
    );

    server.enqueue(textReply('openai', '{"intent": ["migrate"'));
    server.enqueue(textReply('openai', JSON.stringify({ intent: 'migrate' })));
    const error = await instantiateMethod(regeneratedSummaryMethod)
      .compact({ transcript: SESSION }, { model: fakeModel(server) })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(server.requests).toHaveLength(4);
    expect(error).toBeInstanceOf(CompactkitError);
    expect((error as CompactkitError).code).toBe('method_failed');
    expect((error as CompactkitError).message).toMatch(
      /^method regenerated-summary: model call failed: openai:gpt-4o-mini: the reply does not match the schema after 2 attempts/,
    );
    expect((error as CompactkitError).message).not.toContain('\n');
    expect(((error as CompactkitError).cause as CompactkitError).code).toBe('structured_output_invalid');
  });

  it('removes the lowest-priority items first when the sections are over the budget, and warns', async () => {
    const many = (label: string) =>
      Array.from({ length: 12 }, (_, index) => `${label} item number ${index} with some detail`);
    server.enqueue(
      textReply(
        'openai',
        JSON.stringify(
          sections({
            errorsAndFixes: many('error'),
            keyConcepts: many('fact'),
            prohibitions: ['never run migrations against prod-eu-1 directly'],
            decisions: ['Use pgloader for the data copy'],
          }),
        ),
      ),
    );
    const artifact = await instantiateMethod(regeneratedSummaryMethod).compact(
      { transcript: SESSION, budgetTokens: 150 },
      { model: fakeModel(server) },
    );
    expect(sentChat(server.requests[0]!).user).toContain('must fit in 150 tokens');
    expect(countTextTokens(renderArtifactText(artifact))).toBeLessThanOrEqual(150);
    expect(artifact.structuredState.forbiddenBehaviors).toEqual([
      'never run migrations against prod-eu-1 directly',
    ]);
    expect(artifact.structuredState.lockedDecisions).toEqual(['Use pgloader for the data copy']);
    // Errors go before facts; the first error is the one kept, as the model listed it first.
    expect(artifact.summaryText).toBe('Errors and fixes:\n- error item number 0 with some detail');
    expect(artifact.structuredState.immutableFacts.length).toBeGreaterThan(0);
    expect(artifact.warnings.join('\n')).toMatch(
      /over the budget of 150 tokens; \d+ lowest-priority item\(s\) were removed/,
    );
    expect(artifact.methodMetadata.summaryTokens).toBe(countTextTokens(renderArtifactText(artifact)));
  });
});
