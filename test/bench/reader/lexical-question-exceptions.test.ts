import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A long message is read as sentences; an exception in the sentence after a rule belongs to that rule.
const RULE =
  'user: build rules for the monorepo, written down once so nobody has to ask again: draft builds skip the smoke tests, the whole run takes an hour and blocks the shared runners for everyone else on the team.';

async function answer(next: string) {
  const artifactText = transcriptArtifact(150, { 40: `${RULE} ${next}` });
  return createLexicalTarget().answer({
    artifactText,
    item: makeItem({ prompt: 'Which draft builds skip the smoke tests?', answerFormat: 'short' }),
  });
}

describe('lexical reader: a rule quoted with the exception that narrows it', () => {
  it('quotes the exception sentence after the rule', async () => {
    const result = await answer(
      'Unless the build touches src/payments/, in which case the smoke tests run anyway, even on a draft.',
    );
    expect(result.response).toContain('draft builds skip the smoke tests');
    expect(result.response).toContain('src/payments/');
  });

  it('does not add the next sentence when it makes no exception', async () => {
    const result = await answer(
      // Long enough that the message is read and quoted sentence by sentence (see `restOfMessageLine`).
      'The build for src/payments/ is the slowest one of all of them, by a long way, on every single runner we have. The runners were moved to the new rack last week and the cache warms up slowly after a move, so the first runs of the day are slower still, which is why the morning queue looks so long on the dashboard. Nobody has had time to look into the warm-up yet, and it is not on the list for this sprint either.',
    );
    expect(result.response).toContain('draft builds skip the smoke tests');
    expect(result.response).not.toContain('src/payments/');
  });
});
