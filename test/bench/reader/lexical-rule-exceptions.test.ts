import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const ACTION = 'no tag, draft builds skip the smoke tests';

async function answer(message: string, prompt: string) {
  const artifactText = transcriptArtifact(150, { 40: message });
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({
      type: 'planning_soundness',
      prompt,
      temptingDefault: ACTION,
      check: { kind: 'contains_normalized', value: 'smoke-please' },
    }),
  });
}

// A rule and its exception in one message: the default restates the rule, the prompt's case is the exception.
const WITH_EXCEPTION =
  "user: build rules: draft builds skip the smoke tests, they take an hour. unless the build touches src/payments/: then they run anyway, add the 'smoke-please' tag.";

describe('lexical reader: a rule with an exception for the case at hand', () => {
  it('refuses the rule and quotes the exception when the prompt is the excepted case', async () => {
    const result = await answer(
      WITH_EXCEPTION,
      'Start a draft build for src/payments/refund.ts: which tag does it get, if any?',
    );
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('smoke-please');
  });

  it('takes the rule when the prompt is not the excepted case', async () => {
    const result = await answer(
      WITH_EXCEPTION,
      'Start a draft build for docs/readme.md: which tag does it get, if any?',
    );
    expect(result.response).toBe(`Next step: ${ACTION}.`);
  });

  it('takes the rule when the message makes no exception', async () => {
    const result = await answer(
      "user: build rules: draft builds skip the smoke tests, they take an hour. src/payments/ has the 'smoke-please' tag defined.",
      'Start a draft build for src/payments/refund.ts: which tag does it get, if any?',
    );
    expect(result.response).toBe(`Next step: ${ACTION}.`);
  });
});

describe('lexical reader: a rule and its exception in a message long enough to be read as several sentences', () => {
  it('refuses the rule for the excepted case, though the exception is a sentence of its own', async () => {
    const long =
      "user: build rules, since people keep asking and the wiki page is out of date again after the migration to the new runners last month: draft builds skip the smoke tests, they take an hour and block a runner for everyone else while they run. unless the build touches src/payments/: then they run anyway, add the 'smoke-please' tag to trigger them, or run make smoke locally first.";
    const result = await createLexicalTarget().answer({
      artifactText: transcriptArtifact(150, { 40: long }),
      item: makeItem({
        type: 'planning_soundness',
        prompt: 'Start a draft build for src/payments/refund.ts: which tag does it get, if any?',
        temptingDefault: 'draft builds skip the smoke tests',
      }),
    });
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('smoke-please');
  });
});
