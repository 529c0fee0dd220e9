import { describe, expect, it } from 'vitest';
import { classifyMention } from '../../../src/bench/scoring/mentions.js';
import { takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A thing ruled out by its first word ("docker", "webhook") is the thing an action names by a word joined to
// another ("Dockerfile", "webhookRelay"); and "the last thing we need is X" rules X out.
describe('lexical reader: rules against a thing named by a joined word', () => {
  it('refuses to write a Dockerfile when docker is kept out of the repository', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'user: keep docker out of this repository, the platform group builds every image from its own templates.',
    });
    const result = await takeOrRefuse(artifactText, 'add a Dockerfile to the worker folder');
    expect(result.response).toMatch(/^I will not/);
    expect(classifyMention(result.response, 'Dockerfile')).toBe('rejected');
  });

  it('reads "the last thing we need is another X" as a rule against X', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'user: the last thing we need is another webhook endpoint to babysit. the partner can poll the status API.',
    });
    const result = await takeOrRefuse(artifactText, 'register a webhook endpoint for the partner');
    expect(result.response).toMatch(/^I will not/);
  });

  it('reads a camelCase name as the words it joins: a rule against webhooks speaks to webhookRelay', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'user: the last thing I want is more webhooks, they fail silently. poll the status API every minute.',
    });
    const result = await takeOrRefuse(artifactText, 'wire up webhookRelay.start() in the partner module');
    expect(result.response).toMatch(/^I will not/);
  });

  it('takes the action when the joined word names a thing the notes only mention', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'user: docker is what we use for local runs, the compose file lives in the repository root.',
    });
    const result = await takeOrRefuse(artifactText, 'add a Dockerfile to the worker folder');
    expect(result.response).toMatch(/^Next step/);
  });

  it('reads a warning ("… will bite us") as a rule against the thing, here a word of a camelCase call', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'tool fetch_review: Keeping the timestamp as a string will bite us once the servers change zone. Store epoch millis.',
      90: 'tool: PASS test/sync/format-100.test.ts (14 ms)',
    });
    const result = await takeOrRefuse(
      artifactText,
      'set session.lastSeen = new Date().toString() before saving',
    );
    expect(result.response).toMatch(/^I will not/);
    expect(result.response).toContain('epoch millis');
  });

  it('takes the action when the part is only said to be in some state ("not fixed yet"), which rules nothing out', async () => {
    const artifactText = transcriptArtifact(150, {
      40: 'user: the flaky rounding test is not fixed yet, leave it quarantined for now.',
    });
    const result = await takeOrRefuse(artifactText, 'return Number(total.toFixed(2)) from roundTotal');
    expect(result.response).toMatch(/^Next step/);
  });
});
