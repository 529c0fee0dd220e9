import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const RULE =
  'tool: # Support handbook\nRefunds are requested in the billing console under Orders > Refund, never via support tickets or direct database edits: those skip the fraud check.';

async function answer(rule: string, prompt: string, temptingDefault: string) {
  const artifactText = transcriptArtifact(150, { 30: rule });
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ type: 'planning_soundness', prompt, temptingDefault }),
  });
}

describe('lexical reader: a way of doing something set against others', () => {
  const TICKET = 'file a ticket in the helpdesk queue asking for a refund of order 5512';

  it('refuses a way the notes set aside, for what they are about, and quotes the way to take', async () => {
    const result = await answer(RULE, 'How do you get order 5512 refunded?', TICKET);
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('billing console');
  });

  it('takes the same way for something else, or when nothing is set aside', async () => {
    const printer = 'file a ticket in the helpdesk queue about the broken office printer';
    expect((await answer(RULE, 'How do you get the office printer fixed?', printer)).response).toBe(
      `Next step: ${printer}.`,
    );
    const plain = RULE.replace(', never via support tickets or direct database edits', '');
    expect((await answer(plain, 'How do you get order 5512 refunded?', TICKET)).response).toBe(
      `Next step: ${TICKET}.`,
    );
    expect((await answer(RULE, 'How do you get order 5512 refunded?', TICKET)).response).toMatch(
      /^I will not /,
    );
  });
});
