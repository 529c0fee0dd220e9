import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(artifactText: string, prompt: string) {
  const item = makeItem({ type: 'immutable_fact_recall', prompt });
  return (await createLexicalTarget().answer({ artifactText, item })).response;
}

describe('lexical reader: a sentence that points back to the one before it', () => {
  it('quotes the sentence that names what "worth a look" is about', async () => {
    const artifactText = transcriptArtifact(150, {
      50: "[turn 4] tool read_file: Also the 'drops trailing zeros on refunds' check has been failing since Monday.",
      51: 'Worth a look once the parser patch lands.',
      52: '[turn 4] assistant: Noted.',
    });
    const response = await ask(artifactText, 'Which check needs a look once the parser patch lands?');
    expect(response).toContain('drops trailing zeros on refunds');
  });

  it('reads "It belongs to …" with the words of the thing the sentence before names', async () => {
    const artifactText = transcriptArtifact(150, {
      60: '[turn 5] tool fetch_ticket: Out of scope for this ticket:',
      61:
        '- the quarterly statement mailer. It belongs to Harbor Crew, and they batch their changes monthly, so ' +
        'anything we need from it goes through their intake form at least two weeks before a release window. ' +
        'Everything else in the billing area, the receipts page, the dunning emails and the tax summary export ' +
        'included, is fair game for this ticket.',
      62: '[turn 5] assistant: Read the ticket.',
      100: '[turn 9] user: The statement mailer retries are noisy again, can you mute the alert for today?',
    });
    const response = await ask(artifactText, 'Which team looks after the quarterly statement mailer?');
    expect(response).toContain('Harbor Crew');
  });
});
