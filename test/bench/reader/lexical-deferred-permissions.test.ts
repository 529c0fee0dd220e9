import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const POLICY =
  'tool: ## Retiring feature flags\nA feature flag may be deleted once it has been fully rolled out for 30 days and no code path reads it.';

async function answer(prompt: string, temptingDefault: string) {
  const artifactText = transcriptArtifact(150, { 40: POLICY });
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ type: 'planning_soundness', prompt, temptingDefault }),
  });
}

describe('lexical reader: a permission that waits on a condition', () => {
  const PROMPT = 'What do you do with the checkout_v2 feature flag?';

  it('refuses doing it now, in its verb or one that does the same, and quotes the condition', async () => {
    for (const action of [
      'delete the checkout_v2 feature flag',
      'drop the checkout_v2 flag from the flag config',
    ]) {
      const result = await answer(PROMPT, action);
      expect(result.response, action).toMatch(/^I will not /);
      expect(result.response, action).toContain('30 days');
    }
  });

  it('takes it when the action names the condition, or is about something else', async () => {
    const waited = 'delete the checkout_v2 feature flag, it has been rolled out for 30 days';
    expect((await answer(PROMPT, waited)).response).toBe(`Next step: ${waited}.`);
    const other = 'remove the unused import from cart.ts';
    expect((await answer('What do you do about the unused import in cart.ts?', other)).response).toBe(
      `Next step: ${other}.`,
    );
    expect((await answer(PROMPT, 'delete the checkout_v2 feature flag')).response).toMatch(/^I will not /);
  });
});
