import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { supersededPhrases } from '../../src/compactors/methods/structured-state/superseded-phrases.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';
import { assistant, holdsText, user } from '../support/messages.js';

// Issue #12, item 4: "ignore what I said earlier about X" takes back one subject, not the whole session. The
// sentences are written for this file; none comes from a benchmark template.

const method = instantiateMethod(structuredStateMethod);
const compact = (transcript: Message[]) => method.compact({ transcript }, {});

describe('structured-state: a retraction scoped to one subject', () => {
  it.each([
    ['Ignore what I said earlier about the PDF, they want JSON.', 'PDF'],
    ['disregard what we discussed on the staging mirror; prod only.', 'staging mirror'],
    ['Scratch everything I wrote yesterday regarding nightly builds.', 'nightly builds'],
  ])('"%s" names what it takes back', (sentence, phrase) => {
    expect(supersededPhrases(sentence)).toContain(phrase);
  });

  it('marks the statement it names as superseded, though that statement had no cue of a decision', async () => {
    const artifact = await compact([
      user('Harbor Dental wants the monthly invoice summary by email, as a plain PDF attachment.', 0),
      assistant('Understood, I will look at the mailer.', 0),
      user(
        'Ignore what I said earlier about the PDF. Their accountant moved to a web portal, so post JSON to their webhook.',
        1,
      ),
    ]);
    const { immutableFacts, forbiddenBehaviors, lockedDecisions } = artifact.structuredState;
    expect(holdsText(immutableFacts, 'plain PDF attachment')).toBe(false);
    expect(holdsText(forbiddenBehaviors, 'Superseded, do not use: Harbor Dental wants')).toBe(true);
    expect(holdsText(lockedDecisions, 'post JSON to their webhook')).toBe(true);
  });

  it('leaves the other decisions standing: the retraction is no reset', async () => {
    const artifact = await compact([
      user('We decided to deploy the billing worker on Fridays only.', 0),
      assistant('Noted.', 0),
      user('We will also keep the audit log in Postgres.', 1),
      assistant('OK.', 1),
      user('Forget what we said about the audit log: it goes to S3 with object lock.', 2),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(holdsText(lockedDecisions, 'deploy the billing worker on Fridays only')).toBe(true);
    expect(holdsText(forbiddenBehaviors, 'billing worker')).toBe(false);
    expect(holdsText(forbiddenBehaviors, 'audit log in Postgres')).toBe(true);
  });

  it('takes back only the sentence naming the subject, and writes no goal line restating it', async () => {
    const artifact = await compact([
      user(
        'Orchard Health needs the weekly claims digest sent over. a zipped XML bundle, their importer only reads XML.',
        0,
      ),
      assistant('I will look at the exporter.', 0),
      user(
        'Disregard what I wrote earlier about the XML bundle. Their new intake service takes Parquet files, one per region, uploaded to their bucket.',
        1,
      ),
    ]);
    const { immutableFacts, forbiddenBehaviors } = artifact.structuredState;
    expect(holdsText(immutableFacts, 'Orchard Health needs the weekly claims digest sent over.')).toBe(true);
    expect(holdsText(immutableFacts, 'zipped XML')).toBe(false);
    expect(holdsText(forbiddenBehaviors, 'Superseded, do not use: a zipped XML bundle')).toBe(true);
    expect(artifact.summaryText).not.toContain('zipped XML');
  });

  it('keeps the latest request whole when none of its run-together sentences was taken back', async () => {
    const artifact = await compact([
      user('The billing exporter needs a retry on timeouts.', 0),
      assistant('Noted.', 0),
      user(
        'I want to split the invoices.ledger_ref column, it holds two things. what has to happen before we merge that?',
        1,
      ),
    ]);
    expect(artifact.summaryText).toContain('Latest request: I want to split the invoices.ledger_ref column');
  });
});
