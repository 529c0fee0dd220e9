import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// An ownership file the assistant read, and later a person naming who speaks for one of its teams.
const ARTIFACT = transcriptArtifact(150, {
  40: 'assistant calls read_file {"path":"OWNERS"}',
  41: 'tool read_file: # Later lines win.',
  42: '*                     @northwind/platform',
  43: '/apps/checkout/       @northwind/payments mara.lindgren@example.org',
  44: '/apps/checkout/*.md   @northwind/docs',
  45: '/infra/               @northwind/sre',
  120: 'user: heads-up, anything for @northwind/payments goes through Oskar Brandt first, he leads them',
});

async function answer(prompt: string, temptingDefault?: string) {
  const item = makeItem({ type: 'immutable_fact_recall', prompt, answerFormat: 'short', temptingDefault });
  return (await createLexicalTarget().answer({ artifactText: ARTIFACT, item })).response;
}

describe('lexical reader: who owns a path, from an ownership file', () => {
  it('answers with the last line whose pattern holds the path, and who speaks for those owners', async () => {
    const response = await answer(
      'Which team approves a change to /apps/checkout/cart.ts?',
      '@northwind/platform',
    );
    expect(response).toContain('@northwind/payments');
    expect(response).toContain('Oskar Brandt');
    expect(response).not.toContain('@northwind/platform');
  });

  it('lets a later, narrower line decide', async () => {
    const response = await answer('Who reviews /apps/checkout/README.md?');
    expect(response).toContain('@northwind/docs');
    expect(response).not.toContain('@northwind/payments');
  });

  it('refuses to wait on an owner the file does not list for the path', async () => {
    const response = await answer(
      'Lay out how you get a retry fix in /infra/dns/ merged.',
      'open the PR and wait for @northwind/platform to approve',
    );
    expect(response).toMatch(/^I will not open the PR and wait for @northwind\/platform to approve: /);
    expect(response).toContain('@northwind/sre');
  });
});

describe('lexical reader: a handle answers "who"', () => {
  it('takes a team handle in a message for the kind of answer "who" asks for', async () => {
    const artifactText = transcriptArtifact(150, {
      50: 'tool run_command: Changes under db/migrations/ need sign-off from @northwind/dba before merge.',
      51: 'tool run_command: Migrations under db/migrations/ run in name order during the deploy job.',
      90: 'user: Priya Raman asked about the changes under db/migrations/ yesterday, no rush',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Who has to sign off on changes under db/migrations/?',
      answerFormat: 'short',
    });
    const response = (await createLexicalTarget().answer({ artifactText, item })).response;
    expect(response).toContain('@northwind/dba');
  });

  it('takes an on-call alias for the kind of answer "who" asks for', async () => {
    const artifactText = transcriptArtifact(150, {
      50: 'tool read_file: 1. Page search-oncall. Reindexing a live cluster is theirs alone.',
      51: 'tool read_file: 2. After the reindex: check the shard sizes, then reopen writes.',
      90: 'user: Priya Raman asked about the reindex yesterday, no rush',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Who do you page for a reindex?',
      answerFormat: 'short',
    });
    const response = (await createLexicalTarget().answer({ artifactText, item })).response;
    expect(response).toContain('search-oncall');
  });
});
