import { describe, expect, it } from 'vitest';
import { emptyArtifact } from '../../../src/artifact/index.js';
import type { CaseItem } from '../../../src/bench/case/types.js';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { renderArtifact } from '../../../src/bench/target/index.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(artifactText: string, item: CaseItem) {
  return createLexicalTarget().answer({ artifactText, item });
}

function structuredArtifact(): string {
  const artifact = emptyArtifact();
  artifact.summaryText = 'Migrating the billing service; Dana asked for a careful rollout.';
  const state = artifact.structuredState;
  state.immutableFacts = ['The billing API listens on port 8443', 'Production runs in eu-west-1'];
  state.lockedDecisions = ['Use Postgres 16 for the ledger'];
  state.forbiddenBehaviors = ['force-push to main'];
  state.deferredItems = ['Dark mode for the invoice page'];
  state.unresolvedItems = ['Fix the flaky sync test', 'Rotate the staging API keys'];
  state.entityMap = {
    'Dana Whitfield': 'reviewer of the payments PR',
    'Marco Ruiz': 'owner of the invoice service',
  };
  return renderArtifact(artifact);
}

describe('lexical reader: question items', () => {
  it('answers the newest decision after an override', async () => {
    const artifactText = transcriptArtifact(150, {
      30: "user: Let's do the migration with pg_dump tonight.",
      110: "user: Scratch that, let's instead do the migration with logical replication.",
    });
    const result = await ask(artifactText, makeItem({ prompt: 'What is the current plan?' }));
    expect(result.response).toBe(
      "user: Scratch that, let's instead do the migration with logical replication.",
    );
    expect(result.evidence).toEqual([{ line: 110, section: 'Summary', text: result.response }]);
  });

  it('picks the Entities line for an entity question', async () => {
    const result = await ask(
      structuredArtifact(),
      makeItem({ type: 'entity_integrity', prompt: 'Who reviews the payments PR?' }),
    );
    expect(result.response).toBe('Dana Whitfield: reviewer of the payments PR');
    expect(result.evidence[0]?.section).toBe('Entities');
  });

  it('answers from the section of the item type', async () => {
    const artifactText = structuredArtifact();
    const cases: [CaseItem, string][] = [
      [
        makeItem({ type: 'immutable_fact_recall', prompt: 'Which port does the billing API use?' }),
        'The billing API listens on port 8443',
      ],
      [
        makeItem({ type: 'forbidden_behavior_retention', prompt: 'What must never happen?' }),
        'force-push to main',
      ],
      [
        makeItem({ type: 'locked_decision_retention', prompt: 'Which database did we settle on?' }),
        'Use Postgres 16 for the ledger',
      ],
    ];
    for (const [item, expected] of cases)
      expect((await ask(artifactText, item)).response, item.prompt).toBe(expected);
  });

  it('lists up to five passages in reading order, one per line, with their evidence', async () => {
    const result = await ask(
      structuredArtifact(),
      makeItem({ type: 'unresolved_task_continuity', prompt: 'What is still open?', answerFormat: 'list' }),
    );
    expect(result.response.split('\n')).toEqual([
      'Dark mode for the invoice page',
      'Fix the flaky sync test',
      'Rotate the staging API keys',
    ]);
    expect(result.evidence.map((entry) => entry.line)).toEqual([10, 12, 13]);
  });

  it('says the notes do not say when nothing is relevant', async () => {
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'What is the customer support phone number?',
    });
    expect((await ask('', item)).response).toBe('The notes do not say.');
    expect((await ask('', item)).evidence).toEqual([]);
    const unrelated = await ask('user: Thanks, keep going.\nassistant: Done.', item);
    expect(unrelated.response).toBe('The notes do not say.');
  });

  it('uses the item cues, weighted above the prompt words', async () => {
    const artifactText = transcriptArtifact(100, {
      40: 'user: The weekly report goes to finance.',
      70: 'user: The quarterly audit deadline is 14 March.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'When is it due?',
      cues: ['audit', 'deadline'],
    });
    expect((await ask(artifactText, item)).response).toBe('user: The quarterly audit deadline is 14 March.');
  });

  it('reports line numbers across blank lines and long lines split into sentences', async () => {
    const long = `${'The build pipeline has many stages and we went through each of them in turn. '.repeat(4)}Critical: never disable the license check in CI. ${'Other notes follow here about caching layers. '.repeat(3)}`;
    const artifactText = [
      'First line.',
      '',
      '',
      long.trim(),
      'Forbidden behaviors:',
      '- delete the audit log',
    ].join('\n');
    const result = await ask(
      artifactText,
      makeItem({
        type: 'forbidden_behavior_retention',
        prompt: 'What must never happen to the license check?',
        answerFormat: 'list',
      }),
    );
    expect(result.evidence).toEqual([
      { line: 4, section: 'Summary', text: 'Critical: never disable the license check in CI.' },
      { line: 6, section: 'Forbidden behaviors', text: 'delete the audit log' },
    ]);
  });

  it('finds rules, decisions, tasks and roles however they are phrased', async () => {
    const kinds: [CaseItem, string[]][] = [
      [
        makeItem({ type: 'forbidden_behavior_retention', prompt: 'What must the agent never do?' }),
        [
          'user: Whatever happens, please do not ever touch the billing schema.',
          'user: Touching the billing schema is strictly prohibited.',
          "user: You can't touch the billing schema without sign-off, that's the rule.",
        ],
      ],
      [
        makeItem({
          type: 'locked_decision_retention',
          prompt: 'Which approach did we settle on for caching?',
        }),
        [
          "user: We're going with Redis for caching.",
          'user: Decision made: caching goes through Redis.',
          'user: Caching: Redis it is, final answer.',
          'user: Final call on caching: Redis.',
          'user: We agreed that caching uses Redis.',
        ],
      ],
      [
        makeItem({ type: 'unresolved_task_continuity', prompt: 'What work is still unfinished?' }),
        [
          "user: We haven't finished the CSV export yet.",
          'user: The CSV export is still pending review.',
          'user: Remember we still need to wrap up the CSV export.',
          'user: CSV export: work in progress.',
        ],
      ],
      [
        makeItem({ type: 'entity_integrity', prompt: 'Who is responsible for the invoice service?' }),
        [
          'user: Marco owns the invoice service.',
          'user: For the invoice service, Marco is the point of contact.',
          'user: Marco leads the invoice service team.',
          'user: Marco is who you talk to about the invoice service.',
          'user: Marco looks after the invoice service.',
          'user: Questions about the invoice service go to Marco.',
        ],
      ],
    ];
    for (const [item, phrasings] of kinds) {
      for (const phrasing of phrasings) {
        const result = await ask(transcriptArtifact(120, { 77: phrasing }), item);
        expect(result.response, `${item.type}: ${phrasing}`).toBe(phrasing);
      }
    }
  });

  it('reads a rule in plain speech, without "never" or "don\'t", and quotes it rather than filler', async () => {
    const item = makeItem({ type: 'forbidden_behavior_retention', prompt: 'What must the agent never do?' });
    for (const phrasing of [
      'user: Hands off the billing schema.',
      'user: Leave the billing schema alone, no exceptions.',
    ]) {
      expect((await ask(transcriptArtifact(120, { 77: phrasing }), item)).response).toContain(
        'billing schema',
      );
    }
  });

  it('says the notes do not say, rather than quote filler, when nothing reads as a rule', async () => {
    const item = makeItem({ type: 'forbidden_behavior_retention', prompt: 'What must the agent never do?' });
    const artifactText = transcriptArtifact(120, { 77: 'user: The billing schema has nine tables.' });
    expect((await ask(artifactText, item)).response).toBe('The notes do not say.');
  });
});
