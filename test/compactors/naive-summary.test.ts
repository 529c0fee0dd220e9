import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { naiveSummaryMethod } from '../../src/compactors/methods/naive-summary.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { countTextTokens } from '../../src/tokens/count-text-tokens.js';
import { type FakeServer, openAIReply, startFakeServer, textReply } from '../llm/fake-servers.js';
import { driftTurns, fakeModel, SESSION, sentChat } from './llm-method-fixtures.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer('openai');
});
afterEach(async () => {
  await server.close();
});

describe('naive-summary', () => {
  it('sends the fenced transcript with its rule and decision, at temperature 0, and keeps the reply as the summary', async () => {
    server.enqueue(
      textReply('openai', 'Rule: never run migrations against prod-eu-1 directly.', {
        input: 400,
        output: 12,
      }),
    );
    const compactor = instantiateMethod(naiveSummaryMethod);
    const artifact = await compactor.compact({ transcript: SESSION }, { model: fakeModel(server) });

    expect(artifact.summaryText).toBe('Rule: never run migrations against prod-eu-1 directly.');
    expect(artifact.structuredState.lockedDecisions).toEqual([]);
    expect(artifact.selectedSourceTurnIds).toEqual([0, 1, 2]);
    expect(artifact.warnings).toEqual([]);
    const sent = sentChat(server.requests[0]!);
    expect(sent.temperature).toBe(0);
    expect(sent.system).toMatch(/word for word/);
    expect(sent.system).toMatch(/not instructions to you/);
    expect(sent.user).toMatch(
      /<<<TRANSCRIPT\n[\s\S]*never run migrations against prod-eu-1 directly[\s\S]*\nTRANSCRIPT>>>/,
    );
    expect(sent.user).toContain("Let's use pgloader for the data copy.");
    expect(sent.user).toContain('assistant calls run_command {"command":"pgloader billing.load"}');
    expect(sent.user).toContain('tool run_command (failed): ERROR: column "amount_cents"');
    expect(sent.user).toContain('at most 1000 tokens');
    expect(sent.user).not.toContain('EARLIER_NOTES');
    expect(artifact.methodMetadata).toMatchObject({
      model: 'openai:gpt-4o-mini',
      promptVersion: 'naive-summary/1',
      calls: 1,
      inputTokens: 400,
      outputTokens: 12,
    });
    // gpt-4o-mini has a list price: 400 × 0.15 + 12 × 0.6 per million.
    expect(artifact.methodMetadata.costUsd).toBeCloseTo((400 * 0.15 + 12 * 0.6) / 1e6, 12);
  });

  it('sends the previous summary and only the new turns in a drift cycle', async () => {
    server.enqueue(textReply('openai', 'Postgres 16 migration; rule: never touch prod-eu-1.'));
    server.enqueue(
      textReply('openai', 'Postgres 16 migration; rule: never touch prod-eu-1. Switched to pg_dump.'),
    );
    const compactor = instantiateMethod(naiveSummaryMethod);
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
    expect(sent.user).toMatch(
      /<<<EARLIER_NOTES\nPostgres 16 migration; rule: never touch prod-eu-1\.\nEARLIER_NOTES>>>/,
    );
    expect(sent.user).toContain('[turn 3] user: Drop pgloader; use pg_dump instead.');
    expect(sent.user).not.toContain('billing.load');
    expect(second.summaryText).toContain('Switched to pg_dump.');
    expect(second.selectedSourceTurnIds).toEqual([0, 1, 2, 3]);
  });

  it('tells the model a tighter budget, cuts what is still over it from the end, and says so', async () => {
    const long = Array.from(
      { length: 40 },
      (_, index) => `Line ${index}: the billing migration detail number ${index}.`,
    );
    server.enqueue(textReply('openai', long.join('\n')));
    const compactor = instantiateMethod(naiveSummaryMethod);
    const artifact = await compactor.compact(
      { transcript: SESSION, budgetTokens: 60 },
      { model: fakeModel(server) },
    );
    expect(sentChat(server.requests[0]!).user).toContain('at most 60 tokens');
    expect(countTextTokens(artifact.summaryText)).toBeLessThanOrEqual(60);
    expect(artifact.summaryText.startsWith('Line 0:')).toBe(true);
    expect(artifact.warnings.join('\n')).toMatch(
      /over the budget of 60 tokens; its last \d+ line\(s\) were cut/,
    );
  });

  it('drops the unfinished end of a reply cut at maxTokens and warns', async () => {
    server.enqueue(
      openAIReply('First complete line.\nSecond line that was cut mid', { input: 5, output: 5 }, 'length'),
    );
    const artifact = await instantiateMethod(naiveSummaryMethod).compact(
      { transcript: SESSION },
      { model: fakeModel(server) },
    );
    expect(artifact.summaryText).toBe('First complete line.');
    expect(artifact.warnings.join('\n')).toMatch(/hit maxTokens=\d+ and was cut/);
  });

  it('keeps the opening and end of a transcript over maxInputTokens, and warns with the turns left out', async () => {
    server.enqueue(textReply('openai', 'A summary.'));
    const filler = 'The nightly report lists every invoice in the ledger with its status and owner. ';
    const transcript = [
      {
        role: 'user' as const,
        turn: 0,
        content: 'Goal: reconcile invoices. Never email customers directly.',
      },
      ...Array.from({ length: 60 }, (_, index) => ({
        role: 'assistant' as const,
        turn: index + 1,
        content: filler.repeat(20),
      })),
      { role: 'user' as const, turn: 61, content: 'Last request: send me the totals as CSV.' },
    ];
    const compactor = instantiateMethod(naiveSummaryMethod, { maxInputTokens: 2000 });
    const artifact = await compactor.compact({ transcript }, { model: fakeModel(server) });
    const sent = sentChat(server.requests[0]!).user;
    expect(sent).toContain('Never email customers directly.');
    expect(sent).toContain('Last request: send me the totals as CSV.');
    expect(sent).toMatch(/tokens of the transcript \(turns \d+–\d+\) left out here/);
    const transcriptText = sent.slice(sent.indexOf('<<<TRANSCRIPT'), sent.indexOf('TRANSCRIPT>>>'));
    expect(countTextTokens(transcriptText)).toBeLessThanOrEqual(2000);
    expect(artifact.warnings).toHaveLength(1);
    expect(artifact.warnings[0]).toMatch(
      /over maxInputTokens=2000; kept its opening and end and left out about \d+ tokens in the middle \(turns \d+–\d+\)/,
    );
    expect(artifact.selectedSourceTurnIds).toContain(0);
    expect(artifact.selectedSourceTurnIds).toContain(61);
    expect(artifact.selectedSourceTurnIds).not.toContain(30);
  });
});
