import { describe, expect, it } from 'vitest';
import { takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const poolSizes = {
  20: 'user: The API keeps exhausting Postgres connections. Set the pool to 40 connections per pod.',
  21: 'assistant: Pool set to 40 connections.',
  50: 'user: Still errors at the evening peak. Make it 25 connections.',
  51: 'assistant: Changed to 25 connections.',
};

describe('lexical reader: every option just given turned down at once', () => {
  it('refuses a step with one of the values the person turned down together', async () => {
    const action = 'set pool.max to 25 connections';
    const rejected = {
      ...poolSizes,
      80: 'user: Neither of those, honestly. Put PgBouncer in front in transaction mode and leave the pools alone.',
    };
    const refusal = await takeOrRefuse(transcriptArtifact(120, rejected), action);
    expect(refusal.response).toMatch(/^I will not/);
    expect(refusal.response).toContain('PgBouncer');
    // Given again by the person after the line, the value stands.
    const again = { ...rejected, 100: 'user: PgBouncer is out after all, go with 25 connections.' };
    expect((await takeOrRefuse(transcriptArtifact(120, again), action)).response).toMatch(/^Next step:/);
  });
});
