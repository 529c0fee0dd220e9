import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const CI_NOTES = {
  30: 'tool: # Build notes',
  31: 'Branches named release/* build signed installers that go out to customers.',
  32: 'Branches named preview/* build unsigned installers for the design team to try.',
};
const BRANCH = 'git checkout -b release/onboarding-flow';

async function answer(prompt: string, temptingDefault = BRANCH) {
  const artifactText = transcriptArtifact(150, {
    ...CI_NOTES,
    110: 'user: the design team wants to click through the onboarding flow. give them a build',
  });
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ type: 'planning_soundness', prompt, temptingDefault }),
  });
}

describe('lexical reader: a name whose pattern sends the thing elsewhere', () => {
  it('refuses the name and gives the one the notes name for the case, with the same variable part', async () => {
    const result = await answer('Which branch do you create for the onboarding build?');
    expect(result.response).toMatch(/^I will not /);
    expect(result.response).toContain('Next step: git checkout -b preview/onboarding-flow.');
  });

  it('takes the name when its pattern is the one for the case, or names nothing a pattern covers', async () => {
    const customers = await answer(
      'Which branch do you create for the customer release of the onboarding flow?',
    );
    // Not refused (a question for a value may be answered from the notes instead of with the step).
    expect(customers.response).not.toMatch(/^I will not /);
    const plain = 'git checkout -b onboarding-flow';
    const unpatterned = await answer('Which branch do you create for the onboarding build?', plain);
    expect(unpatterned.response).not.toMatch(/^I will not /);
    expect((await answer('Which branch do you create for the onboarding build?')).response).toMatch(
      /^I will not /,
    );
  });
});
