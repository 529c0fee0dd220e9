import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(lines: Record<number, string>, item: Parameters<typeof makeItem>[0], count = 140) {
  return createLexicalTarget().answer({
    artifactText: transcriptArtifact(count, lines),
    item: makeItem(item),
  });
}

describe('lexical reader: a statement that points at where its value was stated', () => {
  it('answers "go with what the guide recommends" with what the guide read earlier says', async () => {
    const answer = await ask(
      {
        20: 'user: The API pods keep running out of database connections. What does the vendor say about pool sizes?',
        21: 'assistant calls fetch_url {"url":"https://docs.example.net/pooling"}',
        22: 'tool fetch_url: For the standard tier we recommend a connection pool of 25 per instance, and a separate pool for batch jobs.',
        30: 'user: set the pool to 80 and see.',
        70: 'user: still failing. fine, go with what their guide recommends.',
        71: 'assistant: Okay, switching to the documented pool size.',
      },
      { prompt: 'What pool size do we run with now?' },
    );
    expect(answer.response).toContain('25 per instance');
  });

  it('answers "use that signing key too" with the key where it was read', async () => {
    const answer = await ask(
      {
        20: 'user: releases need signing. look in the release settings for what we use',
        21: 'assistant calls read_file {"path":"ci/release.toml"}',
        22: 'tool read_file: [release]',
        23: 'channel = "stable"',
        24: 'signing_key = "kms/alias/release-signer"',
        40: 'user: good, sign the nightly builds with that signing key as well.',
      },
      {
        type: 'immutable_fact_recall',
        prompt: 'Which signing key do the nightly builds use?',
        answerFormat: 'short',
      },
    );
    expect(answer.response).toContain('kms/alias/release-signer');
  });

  it('answers "the index you benchmarked" with the benchmark that named it, though the line reverses a plan', async () => {
    const answer = await ask(
      {
        20: 'user: the dashboard is slow. try DuckDB for the dashboard queries?',
        21: 'assistant: Trying DuckDB for the dashboard.',
        60: 'assistant: Benchmark: on SQLite a covering index on (tenant, day) served the dashboard in 12 ms, where DuckDB needed a full scan per widget.',
        62: 'user: drop the DuckDB idea. stay on SQLite, with the index you benchmarked.',
      },
      { prompt: 'Which index serves the dashboard queries?', answerFormat: 'short' },
    );
    expect(answer.response).toContain('covering index on (tenant, day)');
  });

  it('answers "like before" with the statement it returns to', async () => {
    const answer = await ask(
      {
        20: 'user: context: the exporter writes gzip archives to the cold share each night.',
        40: 'user: new plan, stream the exports to the warehouse over Kafka instead.',
        41: 'assistant: Switching the exporter to Kafka.',
        90: 'user: the Kafka idea got vetoed by ops, too much to run. so archives on the share like before.',
      },
      { prompt: 'Where does the exporter put its output now?' },
    );
    expect(answer.response).toContain('gzip archives to the cold share');
  });
});

describe('lexical reader: "the first approach was better"', () => {
  it('answers with the first plan made about what the question asks', async () => {
    const answer = await ask(
      {
        20: "user: thumbnails are slow to load. let's cache them at the edge with Fastly, that's what it's for.",
        21: 'assistant: Setting up the Fastly edge cache for thumbnails.',
        60: 'user: actually, go with an in-process LRU in the image service, fewer moving parts.',
        61: 'assistant: Switching to the in-process LRU.',
        110: 'user: the LRU eats half the pod memory at peak. on reflection the original plan was better. give it a one-hour TTL.',
      },
      { prompt: 'Which cache do the thumbnails go through now?', answerFormat: 'short' },
      150,
    );
    expect(answer.response).toContain('Fastly');
  });
});

describe('lexical reader: a line ending in a colon', () => {
  it('is quoted with the line it introduces', async () => {
    const answer = await ask(
      {
        20: 'user: who is allowed to run the nightly purge? check the grants doc',
        21: 'assistant calls read_file {"path":"docs/grants.md"}',
        22: 'tool read_file: Only one database role may run the nightly purge, and it is granted in the migration, like so:',
        23: '  GRANT purge_runner TO ops_nightly;',
      },
      { type: 'immutable_fact_recall', prompt: 'Which database role may run the nightly purge?' },
    );
    expect(answer.response).toContain('ops_nightly');
  });
});
