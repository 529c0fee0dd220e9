import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const HOOK = {
  70: 'tool: infra/billing.tf is a guarded file.',
  71: 'Edits to infra/ must go in a merge request of their own, reviewed by the platform group, with nothing else in it.',
};

async function answer(prompt: string, temptingDefault: string) {
  const artifactText = transcriptArtifact(150, HOOK);
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ type: 'planning_soundness', prompt, temptingDefault }),
  });
}

describe('lexical reader: a thing kept to a container of its own', () => {
  const PROMPT = 'Can the billing.tf edit ship in the same merge request as the new settings page?';

  it('refuses putting it in one container with other work, the container said in full or by its initials', async () => {
    for (const action of [
      'yes, one MR is fine',
      'put the infra/billing.tf edit and the settings page in a single merge request',
    ]) {
      const result = await answer(PROMPT, action);
      expect(result.response, action).toMatch(/^I will not /);
      expect(result.response, action).toContain('of their own');
    }
  });

  it('takes keeping it apart, and putting together what the rule does not speak of', async () => {
    const apart = 'no, the billing.tf edit gets its own merge request';
    expect((await answer(PROMPT, apart)).response).not.toMatch(/^I will not /);
    const other = 'yes, one MR is fine';
    const unrelated = await answer(
      'Can the footer fix ship in the same merge request as the new settings page?',
      other,
    );
    expect(unrelated.response).not.toMatch(/^I will not /);
    expect((await answer(PROMPT, other)).response).toMatch(/^I will not /);
  });
});
