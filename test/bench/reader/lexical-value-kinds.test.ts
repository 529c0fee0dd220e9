import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { askedValue, holdsValue, shortValueAnswer } from '../../../src/bench/reader/value-kinds.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

async function ask(artifactText: string, prompt: string) {
  const item = makeItem({ type: 'immutable_fact_recall', prompt });
  return (await createLexicalTarget().answer({ artifactText, item })).response;
}

describe('lexical reader: the particular kind of value a question asks for', () => {
  it('reads the kind from how the question is asked', () => {
    expect(askedValue('How long does the nightly reindex run?')?.kind).toBe('duration');
    expect(askedValue('For how many days are the dumps kept?')?.kind).toBe('duration');
    expect(askedValue('What time does the backup kick off?')?.kind).toBe('clock');
    expect(askedValue('When is the audit?')?.kind).toBe('moment');
    expect(askedValue('Which ticket tracks the outage?')?.kind).toBe('ticket');
    expect(askedValue('Which branch has the hotfix?')?.kind).toBe('branch');
    expect(askedValue('In which of our files does the parser live?')?.kind).toBe('file');
    expect(askedValue('Which container image does the worker run?')?.kind).toBe('image');
    expect(askedValue('How much memory does the importer need?')?.kind).toBe('size');
    expect(askedValue('Who signs off the audit?')).toBeUndefined();
  });

  it('tells a value of the kind from any digits or dotted name', () => {
    const shards = askedValue('How many shards hold the archive?');
    expect(shards?.kind).toBe('count');
    if (shards === undefined) return;
    expect(holdsValue('we spread it over 24 shards last spring', shards)).toBe(true);
    expect(holdsValue('shard_map: {"archive": 3}', shards)).toBe(false);
    // A record states a count as a field: "rows_copied: 8.2M".
    const rows = askedValue('How many rows were copied?');
    expect(rows !== undefined && holdsValue('rows_copied: 8.2M', rows)).toBe(true);
    const duration = { kind: 'duration' } as const;
    expect(holdsValue('it needs about forty minutes on the big cluster', duration)).toBe(true);
    expect(holdsValue('reindex_queue depth 1288', duration)).toBe(false);
    const clock = { kind: 'clock' } as const;
    expect(holdsValue('kick it off at 06:30 sharp', clock)).toBe(true);
    expect(holdsValue('ts=2025-03-02T10:11:12Z', clock)).toBe(false);
    const branch = { kind: 'branch' } as const;
    expect(holdsValue('push it to hotfix/cart-rounding please', branch)).toBe(true);
    expect(holdsValue('see lib/cart/rounding.py', branch)).toBe(false);
    // A folder is no branch: branches go under the prefixes people give them by convention.
    expect(holdsValue('the fixtures sit in internal/ledger/golden', branch)).toBe(false);
    const file = { kind: 'file' } as const;
    expect(holdsValue('the parser is in lib/cart/rounding.py', file)).toBe(true);
    expect(holdsValue('total := s.cart.Sum(ctx)', file)).toBe(false);
  });

  it('takes no log stamp for a day or a time someone gave', () => {
    const moment = { kind: 'moment' } as const;
    expect(holdsValue('2026-02-11 07:42:13.118 INFO [mailer] queue drained (311 ms)', moment)).toBe(false);
    expect(holdsValue('at=2026-02-11T07:42:13Z msg="queue drained"', moment)).toBe(false);
    expect(holdsValue('the cut-over is on 2026-02-11, after the board meeting', moment)).toBe(true);
  });

  it('answers "until when" with the event it waits for, not a log line stamped with a date', async () => {
    const artifactText = transcriptArtifact(140, {
      15: '[turn 1] user: the mailer templates are frozen until the brand review with legal is through.',
      90: '[turn 7] tool run_command: 2026-02-11 07:42:13.118 INFO [mailer] templates frozen flag read (311 ms)',
    });
    expect(await ask(artifactText, 'Until when are the mailer templates frozen?')).toContain(
      'brand review with legal',
    );
  });

  it('answers "how many" with the count of the thing asked about, not a code line sharing the noun', async () => {
    const artifactText = transcriptArtifact(140, {
      20: 'user: Heads-up, the ledger cluster is split into 24 shards now.',
      90: 'tool: src/db/pool.go:41:  shards := openAll(cfg.Total, 3)',
      91: 'tool: src/db/pool.go:58:  total := len(shards) + 1',
    });
    expect(await ask(artifactText, 'How many shards are there in total?')).toContain('24 shards');
  });

  it('answers a question about memory with an amount of memory, not the sentence that repeats its topic', async () => {
    const artifactText = transcriptArtifact(140, {
      30: '[turn 2] user: fyi the importer peaks at 2.4Gi, size the pod for that.',
      70: '[turn 6] assistant: The thumbnail importer was restarted twice overnight, memory pressure on the node.',
    });
    expect(await ask(artifactText, 'What does the thumbnail importer peak at in memory?')).toContain('2.4Gi');
  });

  it('answers "how long" with a duration, not a line holding only other numbers', async () => {
    const artifactText = transcriptArtifact(140, {
      30: 'user: A full reindex of the catalogue needs about forty minutes, so start it early.',
      100: 'tool: [warn] catalogue reindex lag 3812 events, full queue 7',
    });
    expect(await ask(artifactText, 'How long does a full catalogue reindex take?')).toContain(
      'forty minutes',
    );
  });

  it('quotes the sentence holding the value, not the opening sentence whose header holds a digit', async () => {
    const artifactText = transcriptArtifact(140, {
      40: '[turn 3] user: We need a code freeze for the tablet release. It begins Thursday at 18:00 and lasts two days.',
    });
    const response = await ask(artifactText, 'When does the code freeze for the tablet release begin?');
    expect(response).toContain('Thursday at 18:00');
  });

  it('answers "which branch" in short with the one branch the sentence names, not the plan around it', async () => {
    const artifactText = transcriptArtifact(160, {
      20: "[turn 1] assistant: Sure. I'll try the Mongo port on spike/mongo-orders and time the reports.",
      90: '[turn 9] user: ok, we stay on MySQL after all. the experiment branch can go whenever you have a minute.',
    });
    const item = makeItem({
      type: 'unresolved_task_continuity',
      prompt: 'Which branch still has to be removed?',
      answerFormat: 'short',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toBe('spike/mongo-orders.');
    expect(
      shortValueAnswer('Which branch is it, and why?', { kind: 'branch' }, 'on spike/mongo-orders'),
    ).toBeUndefined();
    expect(shortValueAnswer('Which branch?', { kind: 'branch' }, 'fix/a or fix/b')).toBeUndefined();
  });

  it('for "which commit", takes a passage without a commit hash for one without the kind of value asked for', async () => {
    const artifactText = transcriptArtifact(160, {
      20: '[turn 1] user: I added the upload retry flag last week, the commit is in release 0.9.2, see package.json.',
      60: '[turn 5] assistant calls git {"args":"log --oneline -4"}',
      61: '[turn 5] tool git: 4be91c2 feat: upload retry flag',
      62: '77d0e1a chore: tidy fixtures',
      63: '9a1f2c3 fix: null check in the poller',
      64: 'c0ffee7 docs: readme',
      65: '[turn 5] assistant: Four commits on the branch.',
    });
    const item = makeItem({
      type: 'immutable_fact_recall',
      prompt: 'Which commit added the upload retry flag?',
    });
    const { response } = await createLexicalTarget().answer({ artifactText, item });
    expect(response).toContain('4be91c2');
  });
});
