import { describe, expect, it } from 'vitest';
import { readsAsProse } from '../../../src/bench/reader/document-passages.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

/** A transcript where the user asks for a document to be read and the assistant reads it at line 61. */
function transcriptWithDocument(userLine: string, call: string, documentLines: readonly string[]): string {
  const [first, ...rest] = documentLines;
  return transcriptArtifact(160, {
    60: call,
    61: `tool read_file: ${first}`,
    ...Object.fromEntries(rest.map((line, index) => [62 + index, line])),
    140: userLine,
  });
}

async function ask(artifactText: string, prompt: string) {
  const item = makeItem({ type: 'immutable_fact_recall', prompt, answerFormat: 'short' });
  return (await createLexicalTarget().answer({ artifactText, item })).response;
}

describe('lexical reader: questions answered by a document the agent read', () => {
  it('answers from the sentence of the document, not the message that asked for it to be read', async () => {
    const artifact = transcriptWithDocument(
      'user: before the release goes out, read the maintainers guide so the release bot does not reject us',
      'assistant calls read_file {"path":"MAINTAINERS-GUIDE.md"}',
      [
        '# Maintainers',
        'Every release needs a changelog entry written by its author, reviewed with the pull request.',
        'Tags are cut from the default branch by the release bot.',
      ],
    );
    const response = await ask(artifact, 'What does each release need, according to the maintainers guide?');
    expect(response).toContain('changelog entry');
  });

  it("reads a sentence in a failed command's message as part of that output", async () => {
    const artifact = transcriptArtifact(160, {
      60: 'assistant calls run_command {"command":"git push origin HEAD"}',
      61: 'tool run_command (failed): remote: rejected by policy hook',
      62: 'Changes under billing/ require the finance-review label and a second approver from that team.',
      140: 'user: the push touching billing/ got rejected, sort it out please',
    });
    const response = await ask(artifact, 'Which label does a push touching billing/ need?');
    expect(response).toContain('finance-review');
  });

  it("reads a long comment wrapped over lines as prose, and answers with it rather than the output's first line", async () => {
    const artifact = transcriptArtifact(160, {
      60: 'assistant calls read_file {"path":"deploy/Dockerfile"}',
      61: 'tool read_file: # syntax=registry.example.com/frontend:1.7',
      62: '# The runtime image is pinned to node:20.11-alpine3.18 on purpose: the native addons we ship are compiled against',
      63: '# that musl release and crash on anything newer.',
      64: 'FROM node:20.11-alpine3.18',
      65: 'COPY package.json pnpm-lock.yaml ./',
    });
    const response = await ask(artifact, 'Which runtime image is the Dockerfile pinned to?');
    // The short answer names the one image the comment pins, as a person would ("node:20.11-alpine3.18.").
    expect(response).toContain('node:20.11-alpine3.18');
    expect(response).not.toContain('frontend:1.7');
  });
});

describe('lexical reader: a question that names where its answer is written', () => {
  /** Log lines of the kind a document read through a noisy tool comes buried in. */
  const logLines = (count: number) =>
    Array.from(
      { length: count },
      (_, index) => `{"level":"info","msg":"warmed shard ${index}","ms":${index * 7}}`,
    );

  it('answers from the handbook the agent read, not the message that names the handbook', async () => {
    const artifact = transcriptWithDocument(
      'user: new here, my first tag in this repo. go through the release handbook so the tag bot leaves us alone',
      'assistant calls read_file {"path":"docs/RELEASE-HANDBOOK.md"}',
      [
        ...logLines(12),
        'A tag is only cut from a green main build, and its changelog line is written before the tag exists.',
        ...logLines(6),
      ],
    );
    const response = await ask(
      artifact,
      'What does a tag in this repo need, according to the release handbook?',
    );
    expect(response).toContain('changelog line');
  });

  it('answers "what does TICKET list as …" with the items under that label of the ticket', async () => {
    const artifact = transcriptArtifact(160, {
      30: 'user: I picked up OPS-4410, can you pull it up?',
      31: 'assistant calls fetch_ticket {"id":"OPS-4410"}',
      32: 'tool fetch_ticket: OPS-4410: Move the nightly export to the new bucket',
      33: 'Blockers:',
      34: '- the bucket policy review by security. It has been waiting since last sprint.',
      35: '',
      36: 'Reporter: data platform',
      90: 'user: blockers on the other ticket are cleared, by the way',
    });
    const item = makeItem({ type: 'immutable_fact_recall', prompt: 'What does OPS-4410 list as blockers?' });
    const { response } = await createLexicalTarget().answer({ artifactText: artifact, item });
    expect(response).toContain('bucket policy review');
  });
});

describe('lexical reader: "what did the user say" names a person, not a document', () => {
  it('answers from the conversation though a tool read a file whose name holds the same word', async () => {
    const artifact = transcriptArtifact(160, {
      20: 'user: during the upgrade nobody runs the seed script against the shared database, it wipes the fixtures.',
      60: 'assistant calls read_file {"path":"src/user/profile.ts"}',
      61: 'tool read_file: export function upgradeUser(user: User) { return migrate(user); }',
      62: 'The upgrade helper runs for every user during the nightly job, and nothing else changes here.',
    });
    const response = await ask(artifact, 'What did the user say must never be done during the upgrade?');
    expect(response).toContain('seed script');
  });
});

describe('lexical reader: a diagnostic is no sentence of a document', () => {
  it('reads a line that opens with a source location as a record, however it is worded', () => {
    expect(
      readsAsProse(
        "src/ledger/close.ts(88,14): error TS2322: Type 'number' is not assignable to type 'Cents'.",
      ),
    ).toBe(false);
    expect(
      readsAsProse('lib/ledger/close.go:88:14: the variable total is never read after this point.'),
    ).toBe(false);
    expect(readsAsProse('Every ledger close runs in the evening batch, after the bank files arrive.')).toBe(
      true,
    );
  });
});
