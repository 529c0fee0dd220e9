import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { labelledSuperseded } from '../../../src/bench/reader/superseded-labels.js';
import { makeItem, takeOrRefuse } from './make-item.js';

describe('lexical reader: notes labelled superseded are never quoted as current', () => {
  it('reads the labels and markers notes use, and not prose that merely opens with the same word', () => {
    expect(labelledSuperseded('Superseded, do not use: host the docs on Netlify.')).toBe(true);
    expect(labelledSuperseded('- Obsolete: the importer reads CSV only.')).toBe(true);
    expect(labelledSuperseded('Not chosen: a second Redis for sessions.')).toBe(true);
    expect(labelledSuperseded('pin pandas to 1.5 (superseded by the 2.1 upgrade)')).toBe(true);
    expect(labelledSuperseded('[obsolete] run migrations by hand')).toBe(true);
    expect(labelledSuperseded('Dropped the unused index, queries are fast again.')).toBe(false);
    expect(labelledSuperseded('Rejected by CI because the lockfile changed.')).toBe(false);
    expect(labelledSuperseded('The connection (dropped twice yesterday) is back.')).toBe(false);
  });

  it('does not take a note labelled superseded as the next step', async () => {
    const notes = [
      'Forbidden behaviors:',
      '- Never email customers from the staging environment.',
      'Locked decisions:',
      '- Renewal reminders go out from production through the mailer queue.',
      '- Superseded, do not use: we decided to send the renewal reminders from staging.',
    ].join('\n');
    const result = await takeOrRefuse(notes, 'email customers from the staging environment');
    expect(result.response).toMatch(/^I will not email customers from the staging environment: /);
    expect(result.response).toContain('Next step: Renewal reminders go out from production');
    expect(result.response).not.toContain('Next step: Superseded');
  });

  it('quotes the change of plan that stands, not a set-aside one, as the reason to refuse', async () => {
    const notes = [
      'Locked decisions:',
      "- Let's cache the exchange rates in Redis.",
      '- On second thought, switch to fetching the rates at invoice time instead.',
      'Forbidden behaviors:',
      '- Superseded, do not use: actually, go with a nightly rates file instead.',
    ].join('\n');
    const result = await takeOrRefuse(notes, 'cache the exchange rates in Redis');
    expect(result.response).toMatch(/^I will not cache the exchange rates in Redis: On second thought/);
    expect(result.response).not.toContain('nightly rates file');
  });

  it('answers a question from a current note before one labelled superseded that holds the value asked for', async () => {
    const notes = [
      'Locked decisions:',
      '- Staging points at the replica on port 5433.',
      '- Superseded, do not use: point staging at the primary on port 6543 (old pooler).',
    ].join('\n');
    const item = makeItem({ prompt: 'Which port does staging point at?' });
    const result = await createLexicalTarget().answer({ artifactText: notes, item });
    expect(result.response).toContain('5433');
    expect(result.response).not.toContain('6543');
    const facts = [
      'Immutable facts:',
      '- The nightly export writes to the bucket acme-exports-eu.',
      '- The nightly export wrote to acme-exports-us (superseded).',
    ].join('\n');
    const asked = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which bucket does the nightly export write to?',
    });
    const answered = await createLexicalTarget().answer({ artifactText: facts, item: asked });
    expect(answered.response).toContain('acme-exports-eu');
  });

  it('still answers from a note labelled superseded when asked what was ruled out', async () => {
    const notes = [
      'Immutable facts:',
      '- Loading the company CA bundle in the API client fixed the certificate error.',
      '- Not chosen: turning certificate verification off for the certificate error.',
    ].join('\n');
    const item = makeItem({
      type: 'forbidden_behavior_retention',
      prompt: 'Which quick fix for the certificate error was turned down?',
    });
    const result = await createLexicalTarget().answer({ artifactText: notes, item });
    expect(result.response).toContain('turning certificate verification off');
  });
});
