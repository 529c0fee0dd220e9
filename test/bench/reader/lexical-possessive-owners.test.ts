import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

// A message long enough to be read sentence by sentence: the second sentence names the vendor only by "their".
const message =
  '[turn 3] user: Quick context before you start on the carrier work: we signed with Brightline Freight last ' +
  'month for the pallet shipments. Our contact at Brightline Freight is Marta Okafor, ask her for the API ' +
  'keys and the test pallets. Jonas Berg handles their billing disputes on our side, integration questions ' +
  'are not for him. The go-live is not fixed yet.';

describe('lexical reader: a sentence that names its subject by a possessive or a pronoun', () => {
  it('is read with the words of the sentence before it, at a share', async () => {
    const artifactText = transcriptArtifact(200, {
      40: message,
      90: 'tool: src/billing/disputes-handler.ts:12:  handles billing disputes for every carrier',
      120: 'tool: src/billing/disputes-queue.ts:30:  // handles retries of billing disputes',
    });
    const item = makeItem({
      type: 'entity_integrity',
      answerFormat: 'short',
      prompt: "Who handles Brightline Freight's billing disputes on our side?",
    });
    const result = await createLexicalTarget().answer({ artifactText, item });
    expect(result.response).toContain('Jonas Berg');
    expect(result.response).not.toContain('Marta Okafor');
  });

  it('leaves the sentence that names the thing first-hand ahead for what it says itself', async () => {
    const artifactText = transcriptArtifact(200, { 40: message });
    const item = makeItem({
      type: 'entity_integrity',
      answerFormat: 'short',
      prompt: 'Who do we ask at Brightline Freight for the API keys?',
    });
    const result = await createLexicalTarget().answer({ artifactText, item });
    expect(result.response).toContain('Marta Okafor');
  });

  it('reads "it" in the middle of a sentence as the thing the sentence before named', async () => {
    const artifactText = transcriptArtifact(200, {
      40:
        '[turn 4] user: Quick note before lunch: release/2.14-hotfix is the branch the support team tests ' +
        'against, Hana Ito and Dev Patel both deploy from it to their sandboxes every morning and again after ' +
        'lunch when the nightly data lands. Please get the flaky upload test green before ' +
        "it's merged for the 2031-03-14 cut. Nothing else on this for now.",
      90: '[turn 9] tool git: a1f3c09..b72e4d1  release/2.14-hotfix -> release/2.14-hotfix',
      91: '[turn 9] assistant calls git {"args":"log -1 release/2.14-hotfix"}',
      92: '[turn 9] tool git: Date: 2031-02-27 merged main into release/2.14-hotfix',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which cut is release/2.14-hotfix being merged for?',
    });
    const result = await createLexicalTarget().answer({ artifactText, item });
    expect(result.response).toContain('2031-03-14');
  });
});
