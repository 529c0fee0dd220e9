import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem, takeOrRefuse } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A plan for the status page, overtaken by a setup someone reports having made in the meantime.
const lines = {
  10: "[turn 1] user: for the public status page, let's host it on Netlify, the free tier is plenty.",
  11: "[turn 1] assistant: I'll prepare a Netlify deploy for the status page.",
  70: '[turn 9] user: quick update: ops wanted the status page inside our own account, so I spun up an S3 bucket with CloudFront for it last week. DNS already points there.',
};

describe('lexical reader: a plan overtaken by a setup someone reports having made', () => {
  it('answers where the thing lives with the setup reported since, not the plan', async () => {
    const item = makeItem({
      type: 'locked_decision_retention',
      prompt: 'Where is the public status page hosted?',
    });
    const { response } = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(120, lines),
      item,
    });
    expect(response).toContain('S3 bucket with CloudFront');
    expect(response).not.toContain('Netlify');
  });

  it('refuses a next step that follows the overtaken plan', async () => {
    const { response } = await takeOrRefuse(
      transcriptArtifact(120, lines),
      'create a Netlify site for the status page and deploy it',
    );
    expect(response).toMatch(/^I will not/);
    expect(response).toContain('CloudFront');
  });

  it('keeps the plan when the later setup is a habit, not something done', async () => {
    const habit = {
      10: lines[10],
      70: '[turn 9] user: for the status page I set up a reminder each sprint to review the incident templates.',
    };
    const item = makeItem({
      type: 'locked_decision_retention',
      prompt: 'Where is the public status page hosted?',
    });
    const { response } = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(120, habit),
      item,
    });
    expect(response).toContain('Netlify');
  });
});
