import { describe, expect, it } from 'vitest';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';
import { assistant, holdsText, tool, user } from '../support/messages.js';

// Open work that a later tool output shows done leaves the open tasks (issue #12, item 4). Every text here is
// written for this file.

const method = instantiateMethod(structuredStateMethod);
const compact = (transcript: Message[]) => method.compact({ transcript }, {});

function withOutput(ask: string, call: Record<string, string>, name: string, output: string): Message[] {
  return [
    user(ask, 0),
    assistant('On it.', 0),
    assistant('Checking.', 1, [{ id: 'c1', name, arguments: call }]),
    tool('c1', name, output, 1),
  ];
}

describe('structured-state: work a tool output shows done', () => {
  it('keeps a labelled checklist as open work', async () => {
    const artifact = await compact([
      user('launch checklist: renew the wildcard cert, and warm the CDN cache.', 0),
      assistant('Noted.', 0),
    ]);
    expect(holdsText(artifact.structuredState.unresolvedItems, 'renew the wildcard cert')).toBe(true);
  });

  it('closes the items of a checklist that commits in a log carry out, keeping the commits', async () => {
    const artifact = await compact(
      withOutput(
        'for 3.2.0 the checklist: regenerate the SDK docs, tag the images, and email the partner list.',
        { args: 'log --oneline -3' },
        'git',
        'b81c0de docs: regenerate SDK docs for 3.2.0\n5a5e77f feat: dark mode toggle\n0c0ffee fix: retry on 429',
      ),
    );
    const { unresolvedItems, immutableFacts } = artifact.structuredState;
    const open = unresolvedItems.join('\n');
    expect(open).toContain('tag the images');
    expect(open).toContain('email the partner list');
    expect(open).not.toContain('regenerate the SDK docs');
    expect(holdsText(immutableFacts, 'regenerate the SDK docs is already done')).toBe(true);
    expect(holdsText(immutableFacts, 'b81c0de docs: regenerate SDK docs for 3.2.0')).toBe(true);
  });

  it('leaves an item open when the commit names another release than the list', async () => {
    const artifact = await compact(
      withOutput(
        'for 3.2.0 the checklist: regenerate the SDK docs, tag the images, and email the partner list.',
        { args: 'log --oneline -2' },
        'git',
        '77aa1e0 docs: regenerate SDK docs for 3.1.9\n5a5e77f feat: dark mode toggle',
      ),
    );
    expect(artifact.structuredState.unresolvedItems.join('\n')).toContain('regenerate the SDK docs');
  });

  it('closes a step whose named job a status line reports over, without its "is running" remark', async () => {
    const artifact = await compact(
      withOutput(
        'Moving search to the new cluster. steps: reindex products (run rx-4410 is doing it), flip the read alias, then retire the old cluster.',
        { command: 'runs show rx-4410' },
        'run_command',
        'run rx-4410\n  phase: succeeded\n  docs: 2.3M\n  took: 41m',
      ),
    );
    const { unresolvedItems, immutableFacts } = artifact.structuredState;
    const open = unresolvedItems.join('\n');
    expect(open).toContain('flip the read alias');
    expect(open).not.toContain('reindex products');
    expect(holdsText(immutableFacts, 'reindex products is already done')).toBe(true);
    expect(immutableFacts.join('\n')).not.toContain('is doing it) is already done');
  });

  it.each([
    [
      'closes a part whose value a lookup about the same name returns, and leaves the rest open',
      'docs.example.org moves next Tuesday. we still need two things: the CNAME pointing at 198.51.100.7, and a redirect for the old wiki.',
    ],
    [
      'reads the list under the innermost lead, and two items a counting lead joins with "and"',
      'Heads-up: docs.example.org moves next Tuesday, we still need two things: the CNAME pointing at 198.51.100.7 and a redirect for the old wiki.',
    ],
  ])('%s', async (_name, task) => {
    const artifact = await compact(
      withOutput(
        task,
        { command: 'host docs.example.org' },
        'run_command',
        'docs.example.org has address 198.51.100.7',
      ),
    );
    const { unresolvedItems, deferredItems, immutableFacts } = artifact.structuredState;
    const open = [...unresolvedItems, ...deferredItems].join('\n');
    expect(open).toContain('a redirect for the old wiki');
    expect(open).not.toContain('198.51.100.7');
    expect(holdsText(immutableFacts, 'the CNAME pointing at 198.51.100.7 is already done')).toBe(true);
  });

  it('closes a part only by a lookup about a name the task gives, not one about another', async () => {
    const artifact = await compact([
      user(
        'we still need two things: the CNAME for docs.example.org pointing at 198.51.100.7, and a redirect for the old wiki.',
        0,
      ),
      assistant('Checking both names.', 1, [
        { id: 'w', name: 'run_command', arguments: { command: 'host wiki.example.org' } },
        { id: 'd', name: 'run_command', arguments: { command: 'host docs.example.org' } },
      ]),
      tool('w', 'run_command', 'wiki.example.org has address 198.51.100.7', 1),
      tool('d', 'run_command', 'docs.example.org has address 198.51.100.7', 1),
    ]);
    const done = artifact.structuredState.immutableFacts.filter((fact) => fact.includes('already done'));
    expect(done).toEqual([
      'the CNAME for docs.example.org pointing at 198.51.100.7 is already done (`host docs.example.org`)',
    ]);
  });
});

describe('structured-state: work asked for by pointing back, and parts set aside', () => {
  it('keeps a statement that the next sentence asks the agent to work through as open work', async () => {
    const artifact = await compact([
      user(
        'QA left three notes on the signup page: fix the tab order, label the email field, and drop the second captcha. could you take care of those?',
        0,
      ),
      assistant('Sure.', 0),
    ]);
    expect(holdsText(artifact.structuredState.unresolvedItems, 'label the email field')).toBe(true);
  });

  it('sets aside the one part of an open list that a later rule is against, leaving the rest open', async () => {
    const artifact = await compact([
      user(
        'QA left three notes on the signup page: fix the tab order, label the email field, and drop the second captcha. could you take care of those?',
        0,
      ),
      assistant('Sure.', 0),
      user('the captcha dropping waits for security to weigh in, leave that alone for now.', 1),
    ]);
    const { unresolvedItems, forbiddenBehaviors } = artifact.structuredState;
    const open = unresolvedItems.join('\n');
    expect(open).toContain('label the email field');
    expect(open).not.toContain('captcha');
    expect(holdsText(forbiddenBehaviors, 'drop the second captcha')).toBe(true);
  });
});

describe('structured-state: a remark with no subject of its own', () => {
  it('keeps "worth a look" with the sentence it speaks of, as open work', async () => {
    const artifact = await compact([
      user(
        'The nightly export to the warehouse skipped Sunday again. Worth a look after the migration lands.',
        0,
      ),
      assistant('Noted.', 0),
    ]);
    expect(artifact.structuredState.unresolvedItems).toContain(
      'The nightly export to the warehouse skipped Sunday again. Worth a look after the migration lands.',
    );
  });
});

describe('structured-state: rules a guide gives', () => {
  const guide = [
    '# Working here',
    '',
    '- Lint: `just lint` checks the staged files only. Running `just lint-all` takes twenty minutes; only the nightly job runs it.',
    '- Keep pull requests small.',
    '',
    'Release branches are cut by the train bot and named `train/<week>`; never push to them by hand.',
  ].join('\n');

  it('keeps one item of its list whole, the rule with what to do instead', async () => {
    const artifact = await compact(
      withOutput('read the guide first', { path: 'GUIDE.md' }, 'read_file', guide),
    );
    expect(artifact.structuredState.forbiddenBehaviors).toContain(
      'Lint: `just lint` checks the staged files only. Running `just lint-all` takes twenty minutes; only the nightly job runs it. (read_file `GUIDE.md`)',
    );
  });

  it('files a rule that carries a value among the facts as well', async () => {
    const artifact = await compact(
      withOutput('read the guide first', { path: 'GUIDE.md' }, 'read_file', guide),
    );
    const rule =
      'Release branches are cut by the train bot and named `train/<week>`; never push to them by hand. (read_file `GUIDE.md`)';
    expect(artifact.structuredState.forbiddenBehaviors).toContain(rule);
    expect(artifact.structuredState.immutableFacts).toContain(rule);
  });
});

describe('structured-state: a requirement on a whole class of things', () => {
  it.each([
    'the bot can merge dependency bumps on its own now. anything touching the payments schema needs a DBA review first.',
    'Every public endpoint has to carry a rate limit of 120 requests a minute.',
  ])('keeps "%s" as a rule, not as one task', async (said) => {
    const artifact = await compact([user(said, 0), assistant('Understood.', 0)]);
    const { forbiddenBehaviors, unresolvedItems } = artifact.structuredState;
    expect(forbiddenBehaviors).toContain(said);
    expect(unresolvedItems).not.toContain(said);
  });
});

describe('structured-state: what the agent reports it found', () => {
  it.each([
    'Turns out the importer reads the delimiter from config/import.yml and ignores the flag.',
    'The culprit is the retry loop in lib/http/backoff.rb, which never resets its counter.',
  ])('keeps "%s" as a fact', async (said) => {
    const artifact = await compact([user('why does the import ignore --delimiter?', 0), assistant(said, 0)]);
    expect(artifact.structuredState.immutableFacts).toContain(said);
  });
});

describe('structured-state: who reviewed', () => {
  it.each([
    ['Priya Raman requested changes on the schema PR, mostly naming.', 'Priya Raman'],
    ['Tomasz Wojcik left comments on #512 this morning.', 'Tomasz Wojcik'],
  ])('keeps the reviewer of "%s" among the entities', async (said, name) => {
    const artifact = await compact([user(said, 0), assistant('Looking.', 0)]);
    expect(Object.keys(artifact.structuredState.entityMap)).toContain(name);
  });
});
