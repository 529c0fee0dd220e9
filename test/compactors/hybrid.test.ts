import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { CompactionArtifact } from '../../src/artifact/compaction-artifact.js';
import { emptyArtifact } from '../../src/artifact/empty-artifact.js';
import { renderArtifactText } from '../../src/compactors/llm/render-artifact-text.js';
import { createHybridMethod } from '../../src/compactors/methods/hybrid.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { MethodDefinition } from '../../src/compactors/registry/method-definition.js';
import type { CompactorInput } from '../../src/compactors/types.js';
import type { CompactkitError } from '../../src/errors.js';
import { countTextTokens } from '../../src/tokens/count-text-tokens.js';
import { errorReply, type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';
import { driftTurns, fakeModel, SESSION, sentChat } from './llm-method-fixtures.js';

let server: FakeServer;
beforeEach(async () => {
  server = await startFakeServer('openai');
});
afterEach(async () => {
  await server.close();
});

/** A small deterministic ledger: user lines with "never" become rules, the rest facts; it counts its runs. */
function fakeBase(seen: CompactorInput[]): MethodDefinition {
  return {
    name: 'fake-ledger',
    version: '0.1.0',
    description: 'test ledger',
    needsModel: false,
    deterministic: true,
    options: { factPrefix: { type: 'string', default: 'fact', description: 'prefix of facts' } },
    create: (options) => ({
      name: 'fake-ledger',
      version: '0.1.0',
      async compact(input) {
        seen.push(structuredClone(input));
        const artifact = input.previousArtifact ? structuredClone(input.previousArtifact) : emptyArtifact();
        for (const message of input.transcript) {
          if (message.role !== 'user') continue;
          if (/never/i.test(message.content))
            artifact.structuredState.forbiddenBehaviors.push(message.content);
          else artifact.structuredState.immutableFacts.push(`${options.factPrefix}: ${message.content}`);
        }
        const runs = ((input.previousArtifact?.methodMetadata.runs as number | undefined) ?? 0) + 1;
        return { ...artifact, summaryText: `ledger run ${runs}`, methodMetadata: { runs }, warnings: [] };
      },
    }),
  };
}

describe('createHybridMethod', () => {
  it('declares the base options beside its own and refuses a base whose options clash', () => {
    const hybrid = createHybridMethod(fakeBase([]));
    expect(hybrid).toMatchObject({
      name: 'hybrid',
      version: '1.0.0',
      needsModel: true,
      deterministic: false,
    });
    expect(Object.keys(hybrid.options).sort()).toEqual(['factPrefix', 'maxInputTokens', 'maxProseTokens']);
    expect(hybrid.options.maxProseTokens?.default).toBe(200);
    const clashing = { ...fakeBase([]), options: { maxProseTokens: hybrid.options.maxProseTokens! } };
    expect(() => createHybridMethod(clashing)).toThrow(/maxProseTokens/);
  });

  it('keeps the base ledger as the state, adds the model note as the summary, and hands the base back its own artifact', async () => {
    const seen: CompactorInput[] = [];
    server.enqueue(
      textReply('openai', 'The user is moving billing to Postgres 16 and chose pgloader for speed.', {
        input: 120,
        output: 20,
      }),
      textReply('openai', 'Billing moves to Postgres 16; pg_dump replaced pgloader after type errors.', {
        input: 130,
        output: 22,
      }),
    );
    const compactor = instantiateMethod(createHybridMethod(fakeBase(seen)), { factPrefix: 'note' });
    const model = fakeModel(server);
    const cycle0 = await compactor.compact({ transcript: SESSION }, { model });

    expect(cycle0.summaryText).toBe(
      'The user is moving billing to Postgres 16 and chose pgloader for speed.\n\nledger run 1',
    );
    expect(cycle0.structuredState.forbiddenBehaviors).toEqual([SESSION[0]!.content]);
    expect(cycle0.structuredState.immutableFacts).toContain("note: Let's use pgloader for the data copy.");
    const first = sentChat(server.requests[0]!);
    expect(first.temperature).toBe(0);
    expect(first.system).toMatch(/intent|achieve/);
    expect(first.system).toMatch(/reasoning/);
    expect(first.user).toContain(
      `<<<LEDGER\n${renderArtifactText({ ...emptyArtifact(), summaryText: 'ledger run 1', structuredState: cycle0.structuredState })}\nLEDGER>>>`,
    );
    expect(first.user).toMatch(/<<<TRANSCRIPT\n[\s\S]*pgloader billing\.load[\s\S]*TRANSCRIPT>>>/);
    expect(first.user).toContain('at most 200 tokens');
    expect(first.user).not.toContain('EARLIER_NOTE');
    expect(cycle0.methodMetadata).toMatchObject({
      promptVersion: 'hybrid/1',
      calls: 1,
      inputTokens: 120,
      outputTokens: 20,
      base: { name: 'fake-ledger', version: '0.1.0', methodMetadata: { runs: 1 } },
    });

    const turns = driftTurns(3, 'Drop pgloader; use pg_dump instead.', 'Switching to pg_dump.');
    const cycle1 = await compactor.compact({ transcript: turns, previousArtifact: cycle0 }, { model });
    // The base gets what it returned last time: its own summary text and metadata, not the note.
    expect(seen[1]!.previousArtifact?.summaryText).toBe('ledger run 1');
    expect(seen[1]!.previousArtifact?.methodMetadata).toEqual({ runs: 1 });
    expect(seen[1]!.previousArtifact?.structuredState).toEqual(cycle0.structuredState);
    expect(seen[1]!.transcript).toEqual(turns);
    const second = sentChat(server.requests[1]!);
    expect(second.user).toContain(
      '<<<EARLIER_NOTE\nThe user is moving billing to Postgres 16 and chose pgloader for speed.\nEARLIER_NOTE>>>',
    );
    expect(second.user).toContain('[turn 3] user: Drop pgloader; use pg_dump instead.');
    expect(second.user).not.toContain('billing.load');
    expect(cycle1.summaryText).toBe(
      'Billing moves to Postgres 16; pg_dump replaced pgloader after type errors.\n\nledger run 2',
    );
    expect(cycle1.structuredState.immutableFacts).toContain('note: Drop pgloader; use pg_dump instead.');
    expect(cycle1.structuredState.forbiddenBehaviors).toEqual([SESSION[0]!.content]);
  });

  it('holds part of a budget back for the note and keeps the whole artifact within it', async () => {
    const seen: CompactorInput[] = [];
    server.enqueue(
      textReply(
        'openai',
        Array.from({ length: 30 }, (_, index) => `Reason ${index} for the plan.`).join('\n'),
      ),
    );
    const compactor = instantiateMethod(createHybridMethod(fakeBase(seen)));
    const artifact = await compactor.compact(
      { transcript: SESSION, budgetTokens: 200 },
      { model: fakeModel(server) },
    );
    expect(seen[0]!.budgetTokens).toBe(150);
    expect(countTextTokens(renderArtifactText(artifact))).toBeLessThanOrEqual(200);
    expect(artifact.summaryText.startsWith('Reason 0 for the plan.')).toBe(true);
    expect(artifact.warnings.join('\n')).toMatch(
      /the note was over \d+ tokens; its last \d+ line\(s\) were cut/,
    );
  });

  it('fails before running the base when there is no model, and fails the case on a server error', async () => {
    const seen: CompactorInput[] = [];
    const compactor = instantiateMethod(createHybridMethod(fakeBase(seen)));
    await expect(compactor.compact({ transcript: SESSION }, {})).rejects.toThrow(
      /^method hybrid needs a language model: pass --method-model <spec>/,
    );
    expect(seen).toHaveLength(0);

    server.enqueue(errorReply('openai', 500, 'overloaded'));
    const error = await compactor.compact({ transcript: SESSION }, { model: fakeModel(server) }).then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect((error as CompactkitError).code).toBe('method_failed');
    expect((error as CompactkitError).message).toMatch(/^method hybrid: model call failed: .*HTTP 500/);
  });

  it('reads an artifact it did not write as an earlier note with no base state text', async () => {
    const seen: CompactorInput[] = [];
    server.enqueue(textReply('openai', 'Updated note.'));
    const foreign: CompactionArtifact = { ...emptyArtifact(), summaryText: 'A note from elsewhere.' };
    await instantiateMethod(createHybridMethod(fakeBase(seen))).compact(
      { transcript: driftTurns(3, 'next', 'ok'), previousArtifact: foreign },
      { model: fakeModel(server) },
    );
    expect(sentChat(server.requests[0]!).user).toContain(
      '<<<EARLIER_NOTE\nA note from elsewhere.\nEARLIER_NOTE>>>',
    );
    expect(seen[0]!.previousArtifact?.summaryText).toBe('');
  });
});
