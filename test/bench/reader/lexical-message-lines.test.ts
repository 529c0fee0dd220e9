import { describe, expect, it } from 'vitest';
import type { CaseItem } from '../../../src/bench/case/types.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

/** The reader's answer to `prompt` with `message` said at line 30 of a long transcript. */
async function answerWith(message: string, prompt: string, type: CaseItem['type']) {
  const artifactText = transcriptArtifact(120, { 30: message });
  return createLexicalTarget().answer({ artifactText, item: makeItem({ type, prompt }) });
}

describe('lexical reader: a long message of the user is quoted whole', () => {
  it('quotes what the next sentence says about the thing the best sentence names', async () => {
    const message =
      'user: Unrelated, the coffee order goes in on Fridays now. One more for the list: we plan to start shipping the support chat logs to Lumen Analytics next quarter. their data agreement probably has something to say about the onward-transfer clause. who should I ask about it, and could you write up the question? Thanks in advance.';
    expect(message.length).toBeGreaterThan(300);
    const result = await answerWith(
      message,
      'What needs checking before the support chat logs go to Lumen Analytics?',
      'unresolved_task_continuity',
    );
    expect(result.response).toContain('onward-transfer clause');
  });

  it('quotes the decision a short sentence points at ("use that") with the ban before it', async () => {
    const message =
      'user: Side remark, the build cache got cleared last night. On the exchange rates for the pricing page: scraping them from the central bank site by hand is not allowed, legal said the terms forbid automated access. we have a paid feed from Ratewise, use that. Let me know if anything is unclear, I am around.';
    const result = await answerWith(
      message,
      'Where do the exchange rates for the pricing page come from?',
      'locked_decision_retention',
    );
    expect(result.response).toContain('Ratewise');
  });

  it("quotes a sentence of the assistant's long message alone: it weighs options, one of them not taken", async () => {
    const message =
      "assistant: I measured both queue settings on the staging cluster this morning. A prefetch of 200 clears the backlog in about four minutes but doubles the memory of each worker. A prefetch of 20 takes about eleven minutes and keeps memory flat, which is what I'd pick given the small nodes. Raising the node size is the other way out, but that needs a budget approval first.";
    expect(message.length).toBeGreaterThan(300);
    const result = await answerWith(
      message,
      'Which prefetch keeps the worker memory flat?',
      'immutable_fact_recall',
    );
    expect(result.response).toContain('prefetch of 20 ');
    expect(result.response).not.toContain('prefetch of 200');
  });

  it('quotes the sentence about the person a question names, not the others the message assigns work to', async () => {
    const message =
      'user: Random aside, the plants by the window need water again. For the launch week, so everyone knows who does what: Ingrid Salo -> rotate the signing certificates on the edge proxies. Tomas Brandt -> purge the stale rows from the sessions table. Same project, separate tasks, please do not swap them around. Thanks!';
    expect(message.length).toBeGreaterThan(300);
    const result = await answerWith(message, "What is Ingrid Salo's task?", 'entity_integrity');
    expect(result.response).toContain('rotate the signing certificates');
    expect(result.response).not.toContain('purge the stale rows');
  });
});
