import { describe, expect, it } from 'vitest';
import { renderArtifact } from '../../src/artifact/render-artifact.js';
import { stripOpener } from '../../src/compactors/methods/structured-state/split-sentences.js';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';
import { assistant, holdsText, tool, user } from '../support/messages.js';

// Issue #12, item 4: text phrased without the extractor's usual cue words. Every sentence here is written for
// this file; none comes from a benchmark template.

const method = instantiateMethod(structuredStateMethod);

const compact = (transcript: Message[]) => method.compact({ transcript }, {});
const has = holdsText;

describe('structured-state: openers', () => {
  it.each([
    ['Right now the cache is cold.', 'Right now the cache is cold.'],
    ['Good call, we keep the cron job.', 'Good call, we keep the cron job.'],
    ['yes, do that', 'yes, do that'],
    ['Sure, ship the hotfix tonight.', 'Sure, ship the hotfix tonight.'],
    ['Well-tested modules stay as they are.', 'Well-tested modules stay as they are.'],
    [
      'Heads up from Lina Brandt: the vault rotates on Sunday.',
      'Heads up from Lina Brandt: the vault rotates on Sunday.',
    ],
    ['Right, the cache is cold.', 'the cache is cold.'],
    ['So, about the importer: it leaks file handles.', 'about the importer: it leaks file handles.'],
    ['For the record: staging runs Postgres 15.', 'staging runs Postgres 15.'],
  ])('"%s" keeps its content words', (sentence, kept) => {
    expect(stripOpener(sentence)).toBe(kept);
  });

  it('keeps a decision that carries a "not" whole, with its evaluative opener, as a decision', async () => {
    const artifact = await compact([
      user('Great news, we agreed: we won’t migrate the ledger service this quarter.', 0),
      assistant('Noted.', 0),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(lockedDecisions).toEqual([
      'Great news, we agreed: we won’t migrate the ledger service this quarter.',
    ]);
    expect(forbiddenBehaviors).toEqual([]);
  });
});

describe('structured-state: roles only where a person is given a responsibility', () => {
  it('does not keep a dropped plan as a role, and marks the role it stated as superseded', async () => {
    const artifact = await compact([
      user('Plan for the launch: Hana Sato reviews every migration by hand before it runs.', 0),
      assistant('OK.', 0),
      user('Thinking about it more, hand review of each migration is shelved; a CI check gates them now.', 1),
    ]);
    const { lockedDecisions, forbiddenBehaviors, entityMap } = artifact.structuredState;
    expect(has(lockedDecisions, 'a CI check gates them now')).toBe(true);
    expect(has(lockedDecisions, 'Hana Sato reviews')).toBe(false);
    expect(has(forbiddenBehaviors, 'Superseded, do not use: Plan for the launch: Hana Sato reviews')).toBe(
      true,
    );
    expect(entityMap['Hana Sato'] ?? '').toMatch(/^Superseded, do not use: /);
  });

  it.each([
    ['Going forward, Omar Haddad owns the payment webhooks.', 'Omar Haddad'],
    ['The release manager for 3.2 is Greta Lind.', 'Greta Lind'],
    ['Pager duty this week (primary): Tariq Mensah', 'Tariq Mensah'],
    ['Rosa Ibarra, our database lead, signs off on schema changes.', 'Rosa Ibarra'],
    ['Check with Femi Adeyemi before touching the exporter.', 'Femi Adeyemi'],
    ['If the export breaks, ask Priya, she owns the exporter.', 'Priya'],
    ['The release manager, Tom Becker, wants a code freeze on Friday.', 'Tom Becker'],
  ])('gives "%s" a role', async (sentence, name) => {
    const artifact = await compact([user(sentence, 0)]);
    expect(artifact.structuredState.entityMap[name]).toBe(sentence);
  });

  it.each([
    ['You may only deploy from the CI pipeline.'],
    ['Only the release bot gets to push tags.'],
    ['Nobody edits the lockfile by hand.'],
    ['The billing schema is frozen until March.'],
    ['Leave the DNS records to the infra team.'],
    ['We’re not touching the auth middleware this sprint.'],
    ['Keep analytics scripts out of the checkout page.'],
    ['Let’s leave the legacy importer as it is.'],
    ['That’s a no from me on upgrading React.'],
    ['Rewriting the router isn’t happening.'],
  ])('keeps the restriction "%s" as a forbidden behavior', async (sentence) => {
    const artifact = await compact([user(sentence, 0)]);
    expect(artifact.structuredState.forbiddenBehaviors).toEqual([sentence]);
  });

  it('does not read "a no-brainer" or a report of what nobody did as a restriction', async () => {
    const artifact = await compact([
      user('It’s a no-brainer to cache the tenant list. Nobody has looked at the flaky upload test yet.', 0),
    ]);
    expect(artifact.structuredState.forbiddenBehaviors).toEqual([]);
  });

  it('reads a surname that is also a verb as a name, not as a plan being parked', async () => {
    const artifact = await compact([user('Ask Joel Park about the signing keys.', 0)]);
    expect(artifact.structuredState.forbiddenBehaviors).toEqual([]);
    expect(artifact.structuredState.entityMap['Joel Park']).toBe('Ask Joel Park about the signing keys.');
  });
});

describe('structured-state: revisions without cue words', () => {
  it.each([
    [
      'We’ll cache thumbnails on the local disk.',
      'Come to think of it, local disk won’t survive redeploys; an S3 bucket it is.',
      'an S3 bucket it is',
    ],
    ['Let’s generate the API client with openapi-generator.', 'Scratch that. Orval it is.', 'Orval it is'],
    [
      'The plan is to shard the jobs table by tenant.',
      'Forget the sharding idea, a partial index on tenant_id covers it.',
      'a partial index on tenant_id',
    ],
    [
      'We’re going to port the CLI to Go this month.',
      'Park the Go port; we tidy the Python CLI and ship that.',
      'we tidy the Python CLI',
    ],
    [
      'Let’s email the weekly report as a PDF.',
      'Email as PDF won’t fly with the auditors; a shared dashboard link it is.',
      'a shared dashboard link',
    ],
  ])('"%s" then "%s": the new plan is current, the old one superseded', async (old, revision, current) => {
    const artifact = await compact([user(old, 0), assistant('Sure.', 0), user(revision, 1)]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(has(lockedDecisions, current)).toBe(true);
    expect(lockedDecisions).not.toContain(old);
    expect(forbiddenBehaviors).toContain(`Superseded, do not use: ${old}`);
  });

  it('going back to an earlier plan makes it current again and supersedes the one in between', async () => {
    const artifact = await compact([
      user('Use esbuild for the bundle.', 0),
      user('Use Rollup instead of esbuild.', 1),
      user('Hmm, back to esbuild, build times matter more.', 2),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(lockedDecisions).toContain('Use esbuild for the bundle.');
    expect(forbiddenBehaviors).toContain('Superseded, do not use: Use Rollup instead of esbuild.');
    expect(has(forbiddenBehaviors, 'Use esbuild for the bundle')).toBe(false);
  });

  it('a plan dropped with nothing in its place is ruled out, and a reset supersedes every decision', async () => {
    const dropped = await compact([
      user('We rebuild the search index every night.', 0),
      user('Having slept on it, the nightly rebuild is scrapped.', 1),
    ]);
    expect(dropped.structuredState.forbiddenBehaviors).toContain(
      'Having slept on it, the nightly rebuild is scrapped.',
    );
    const reset = await compact([
      user('Let’s deploy with Helm. We’ll keep secrets in Vault.', 0),
      user('Disregard what we planned so far. New plan: a single docker compose file on one VM.', 1),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = reset.structuredState;
    expect(lockedDecisions).toEqual(['New plan: a single docker compose file on one VM.']);
    expect(forbiddenBehaviors).toContain('Superseded, do not use: Let’s deploy with Helm.');
    expect(forbiddenBehaviors).toContain('Superseded, do not use: We’ll keep secrets in Vault.');
  });

  it.each([['Invoices are kept for 30 days.', 'Invoices are kept for 90 days, not 30 days.']])(
    'a correction of a value the user gave ("%s", then "%s") supersedes it',
    async (stated, correction) => {
      const artifact = await compact([user(stated, 0), assistant('OK.', 0), user(correction, 1)]);
      const { immutableFacts, lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
      expect(lockedDecisions).toEqual([correction]);
      expect(forbiddenBehaviors).toEqual([`Superseded, do not use: ${stated}`]);
      expect(immutableFacts).not.toContain(stated);
    },
  );

  it.each([
    ['The staging port is 8080.', 'Sorry, I meant 8081 for staging.', 'The staging port is 8081 (not 8080).'],
    // A day is a value as much as a number is: "make that Friday" corrects it in place.
    [
      'We release on Thursday.',
      'Make that Friday, QA needs another day.',
      'We release on Friday (not Thursday).',
    ],
  ])(
    'a correction of a number the user gave ("%s", then "%s") is written in place',
    async (stated, correction, corrected) => {
      const artifact = await compact([user(stated, 0), assistant('OK.', 0), user(correction, 1)]);
      const { immutableFacts, lockedDecisions } = artifact.structuredState;
      // Written in place, the correction reports a change: a fact beside the statement, not a plan of its own.
      expect(lockedDecisions).toEqual([]);
      expect(immutableFacts).toEqual([corrected, correction]);
      expect(immutableFacts).not.toContain(stated);
    },
  );

  it('a correction naming a person ("page B instead of A") does not supersede what A owns', async () => {
    const artifact = await compact([
      user('Joana Silva owns the backup job and carries its pager.', 0),
      user('For the ledger queue, page Malik Osei instead of Joana Silva.', 1),
    ]);
    expect(artifact.structuredState.forbiddenBehaviors).toEqual([]);
    expect(artifact.structuredState.entityMap['Joana Silva']).toBe(
      'Joana Silva owns the backup job and carries its pager.',
    );
  });

  it('"the first approach was better" brings back the plan before the one it replaces', async () => {
    const artifact = await compact([
      user('Let’s try approach A: one queue per tenant.', 0),
      user('Actually approach B, a single shared queue with priorities.', 1),
      user('On reflection the first approach was better.', 2),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(lockedDecisions).toContain('Let’s try approach A: one queue per tenant.');
    expect(forbiddenBehaviors).toEqual([
      'Superseded, do not use: Actually approach B, a single shared queue with priorities.',
    ]);
  });

  it('a question about an earlier topic revises nothing', async () => {
    const artifact = await compact([
      user('Let’s pin the SDK to 4.2.1.', 0),
      user('Back to this morning: how is the pinning going?', 1),
    ]);
    expect(artifact.structuredState.lockedDecisions).toContain('Let’s pin the SDK to 4.2.1.');
    expect(artifact.structuredState.forbiddenBehaviors).toEqual([]);
  });
});

describe('structured-state: rules inside tool outputs', () => {
  const readCall = (path: string) => [{ id: 'r1', name: 'read_file', arguments: { path } }];

  it('keeps the rules of a guide the agent reads, as rules, with where they came from', async () => {
    const guide = [
      '# Working on this repo',
      'Thanks for pitching in!',
      '- Nothing lands on main without a green pipeline.',
      '- Migrations are append-only; never edit one that has shipped.',
      '- Run `make fmt` before you push.',
      '```sh',
      'make fmt && make test',
      '```',
    ].join('\n');
    const artifact = await compact([
      user('Set up the repo for me.', 0),
      assistant('Reading the guide first.', 0, readCall('docs/CONTRIBUTING.md')),
      tool('r1', 'read_file', guide, 0),
    ]);
    const { forbiddenBehaviors, lockedDecisions } = artifact.structuredState;
    const source = '(read_file `docs/CONTRIBUTING.md`)';
    expect(forbiddenBehaviors).toContain(`Nothing lands on main without a green pipeline. ${source}`);
    expect(forbiddenBehaviors).toContain(
      `Migrations are append-only; never edit one that has shipped. ${source}`,
    );
    expect(forbiddenBehaviors).toContain(`Run \`make fmt\` before you push. ${source}`);
    expect(lockedDecisions).toEqual([]);
    expect(renderArtifact(artifact)).not.toContain('Thanks for pitching in');
  });

  it('keeps a rule written as a comment in a config file, and leaves comments that only describe', async () => {
    const workflow = [
      'jobs:',
      '  test:',
      '    # Stay on node 18 until the native addon ships a 20 build; do not bump it.',
      '    runs-on: ubuntu-latest',
      '    # check out the repository first',
      '    steps:',
      '      - uses: actions/checkout@v4',
    ].join('\n');
    const artifact = await compact([
      user('Bump the node image in CI.', 0),
      assistant('Reading the workflow.', 0, readCall('.github/workflows/ci.yml')),
      tool('r1', 'read_file', workflow, 0),
    ]);
    expect(artifact.structuredState.forbiddenBehaviors).toEqual([
      'Stay on node 18 until the native addon ships a 20 build; do not bump it. (read_file `.github/workflows/ci.yml`)',
    ]);
    expect(renderArtifact(artifact)).not.toContain('check out the repository first');
  });

  it('keeps the rule of a review comment and of a ticket, but reads no rules into source code', async () => {
    const artifact = await compact([
      user('Deal with the review on PR 41, then the ticket.', 0),
      assistant('Fetching.', 0, [
        { id: 'c1', name: 'bash', arguments: { command: 'gh pr view 41 --comments' } },
      ]),
      tool('c1', 'bash', 'mkowal: Please don’t add another singleton here; pass the client in.', 0),
      assistant('And the ticket.', 1, [{ id: 'c2', name: 'fetch_ticket', arguments: { id: 'PAY-88' } }]),
      tool(
        'c2',
        'fetch_ticket',
        'PAY-88: refunds stuck\nThe refund queue must be drained before any deploy.',
        1,
      ),
      assistant('Reading the service.', 2, readCall('src/ticket_service.go')),
      tool('r1', 'read_file', 'func (s *Service) Only() error {\n\treturn nil // only when ready\n}', 2),
    ]);
    const { forbiddenBehaviors } = artifact.structuredState;
    expect(forbiddenBehaviors).toContain(
      'mkowal: Please don’t add another singleton here; pass the client in. (`gh pr view 41 --comments`)',
    );
    expect(has(forbiddenBehaviors, 'The refund queue must be drained before any deploy. (fetch_ticket')).toBe(
      true,
    );
    expect(JSON.stringify(artifact.structuredState)).not.toContain(
      'return nil // only when ready (read_file',
    );
  });
});

describe('structured-state: proposals the user accepts', () => {
  it.each([
    [
      'Two options: we could shard the export by tenant, or we could stream rows to a writer. I’d lean to sharding.',
      'yes, do that',
      'shard the export by tenant',
      'stream rows to a writer',
    ],
    [
      'Option one: cache tenant lookups in memory. Option two: batch the inserts in groups of 500.',
      'sounds good, go with your second option',
      'batch the inserts in groups of 500',
      'cache tenant lookups in memory',
    ],
    [
      '1. Quarantine the flaky test and file a ticket.\n2. Rewrite it against a local fake S3.',
      'the latter',
      'Rewrite it against a local fake S3',
      'Quarantine the flaky test',
    ],
    [
      'We can keep the flags in the config repo, or move them to a hosted flag service.',
      'Config repo works for me.',
      'keep the flags in the config repo',
      'hosted flag service',
    ],
    [
      'The cleanest fix is probably to move the backoff into the HTTP client. The alternative is patching each call site.',
      'Patch the call sites for now, we are short on time.',
      'patching each call site',
      'backoff into the HTTP client',
    ],
    [
      'Do you want me to add an index on created_at, or denormalise the totals into a summary table?',
      'The index, please.',
      'add an index on created_at',
      'denormalise the totals',
    ],
  ])('after "%s", "%s" records the chosen option', async (proposal, reply, chosen, passedOver) => {
    const artifact = await compact([
      user('How should we tackle this?', 0),
      assistant(proposal, 0),
      user(reply, 1),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(lockedDecisions).toHaveLength(1);
    expect(lockedDecisions[0]).toMatch(/^Accepted proposal: /);
    expect(lockedDecisions[0]).toContain(chosen);
    expect(lockedDecisions[0]).not.toContain(passedOver);
    expect(has(forbiddenBehaviors, `Not chosen: `)).toBe(true);
    expect(has(forbiddenBehaviors, passedOver)).toBe(true);
  });

  it('records a single proposal accepted in passing, and nothing when the reply refuses', async () => {
    const accepted = await compact([
      user('The login test flakes.', 0),
      assistant('Here’s what I’d do: mock the clock so token expiry is fixed, and drop the sleep call.', 0),
      user('Go for it.', 1),
    ]);
    expect(accepted.structuredState.lockedDecisions).toEqual([
      'Accepted proposal: mock the clock so token expiry is fixed, and drop the sleep call.',
    ]);
    const refused = await compact([
      user('The login test flakes.', 0),
      assistant('I could add a retry around the login call.', 0),
      user('No, not that.', 1),
    ]);
    expect(refused.structuredState.lockedDecisions).toEqual([]);
  });
});

describe('structured-state: determinism on the new paths', () => {
  it('gives byte-identical artifacts for the same input', async () => {
    const transcript = [
      user('Plan for the launch: Hana Sato reviews every migration by hand.', 0),
      assistant('Either we keep that, or we gate migrations in CI. I’d gate them in CI.', 0),
      user('Agreed.', 1),
      assistant('Reading.', 1, [{ id: 'r1', name: 'read_file', arguments: { path: 'AGENTS.md' } }]),
      tool('r1', 'read_file', '- Never force-push a shared branch.\n- Keep PRs under 400 lines.', 1),
    ];
    const first = JSON.stringify(await compact(transcript));
    expect(JSON.stringify(await compact(transcript))).toBe(first);
  });
});

describe('structured-state: a rule or plan that carries a value is a fact too', () => {
  it('files the statement under the facts as well, and drops the copy with a superseded plan', async () => {
    const artifact = await compact([
      user('Ledger exports are handled by the nightly job, and each archive is retained for seven years.', 0),
      user("We'll cap uploads at 25 MB per file.", 1),
      user('Keep the audit_trail table out of the cleanup script.', 2),
      user('Nothing else to add today.', 3),
    ]);
    const state = artifact.structuredState;
    expect(has(state.lockedDecisions, '25 MB')).toBe(true);
    expect(has(state.immutableFacts, '25 MB')).toBe(true);
    expect(has(state.forbiddenBehaviors, 'audit_trail')).toBe(true);
    expect(has(state.immutableFacts, 'audit_trail')).toBe(true);
    const revised = await compact([
      user("We'll cap uploads at 25 MB per file.", 0),
      user('Scratch that: cap uploads at 40 MB instead of 25 MB.', 1),
    ]);
    expect(has(revised.structuredState.immutableFacts, 'at 25 MB per file')).toBe(false);
    expect(has(revised.structuredState.immutableFacts, '40 MB')).toBe(true);
  });
});

describe('structured-state: requests for later and statements before a question', () => {
  it('keeps a request for work after the current one as an open task', async () => {
    const artifact = await compact([
      user('The login page throws on Safari 17.', 0),
      user(
        'Noor Rahimi spotted the same crash in the admin panel, could you look at that one too once this is fixed?',
        1,
      ),
    ]);
    expect(has(artifact.structuredState.unresolvedItems, 'admin panel')).toBe(true);
  });

  it('keeps what is stated before a question typed in lower case', async () => {
    const artifact = await compact([
      user('We migrate the billing tables first.', 0),
      user('the archive bucket is purged on 2031-03-14 by the retention job. anything else blocking us?', 1),
    ]);
    expect(has(artifact.structuredState.immutableFacts, 'purged on 2031-03-14')).toBe(true);
    expect(has(artifact.structuredState.immutableFacts, 'anything else')).toBe(false);
  });
});

describe('structured-state: the summary does not repeat an entry', () => {
  it('leaves out a goal line an entry holds whole, and takes no later request as the goal', async () => {
    const first = await compact([
      user('The nightly export must finish before 06:00 UTC.', 0),
      user('Something short.', 1),
    ]);
    expect(first.summaryText).not.toContain('Goal: ');
    expect(has(first.structuredState.lockedDecisions, 'before 06:00 UTC')).toBe(true);
    const second = await method.compact(
      { transcript: [user('Also look into why the export logs are empty.', 2)], previousArtifact: first },
      {},
    );
    expect(second.summaryText).not.toContain('Goal: Also look');
    const signedOff = await compact([
      user('We are moving the queue to Postgres.', 0),
      user('The export must finish before 06:00 UTC. Hope that makes sense.', 1),
    ]);
    expect(signedOff.summaryText).not.toContain('Latest request: ');
    const kept = await compact([
      user('Please tidy up the import module and its tests when you can, thanks', 0),
    ]);
    expect(kept.summaryText).toContain('Goal: ');
  });
});

describe('structured-state: reports, refusals, failures and short statements', () => {
  it('records who reported or refused something, but not a company', async () => {
    const artifact = await compact([
      user('Tomasz Wilk noticed the invoices come out twice on the first of the month.', 0),
      user('Yara Celik refused to open the firewall for the vendor, so that route is closed.', 1),
      user('Brookfield Logistics reported the same duplicate invoices last week.', 2),
    ]);
    const entities = artifact.structuredState.entityMap;
    expect(entities['Tomasz Wilk']).toContain('noticed the invoices');
    expect(entities['Yara Celik']).toContain('refused to open the firewall');
    expect(entities['Brookfield Logistics']).toBeUndefined();
  });

  it('keeps an agent report of something that never arrives as a failure', async () => {
    const artifact = await compact([
      user('Hook the label service up to staging.', 0),
      assistant(
        'The staging hook at https://labels.test/v1 rejects our key, and the parcel.scanned event never arrives.',
        0,
      ),
    ]);
    expect(has(artifact.structuredState.immutableFacts, 'parcel.scanned event never arrives')).toBe(true);
  });

  it('keeps a short statement that names a product, and reads a path holding "policy" as no rule', async () => {
    const artifact = await compact([
      user('Orders get mirrored into BigQuery nightly.', 0),
      user('How is `src/billing/refund-policy.ts` laid out?', 1),
    ]);
    expect(has(artifact.structuredState.immutableFacts, 'mirrored into BigQuery')).toBe(true);
    expect(has(artifact.structuredState.lockedDecisions, 'refund-policy')).toBe(false);
  });
});

describe('structured-state: proposals compared by order, and "typo" as a noun', () => {
  it('takes "the latter" as the last option offered, not a sentence comparing the two', async () => {
    const artifact = await compact([
      user('The nightly report times out. ideas?', 0),
      assistant(
        'Two options. We can add an index on events.created_at and keep the query. Or we can precompute the totals into a rollup table every hour. The first is quick; the second takes a day but scales.',
        0,
      ),
      user('the latter, please', 1),
    ]);
    const state = artifact.structuredState;
    expect(has(state.lockedDecisions, 'Accepted proposal: precompute the totals into a rollup table')).toBe(
      true,
    );
    expect(has(state.forbiddenBehaviors, 'Not chosen: add an index on events.created_at')).toBe(true);
  });

  it('reads "every typo fix" as a statement and "sorry, typo" as a correction', async () => {
    const artifact = await compact([
      user('The docs build listens on port 4100.', 0),
      user('every typo fix in docs/ reruns the whole pipeline, 27 minutes each.', 1),
      user('sorry, typo: the docs build listens on port 4010.', 2),
    ]);
    const state = artifact.structuredState;
    expect(has(state.immutableFacts, 'every typo fix')).toBe(true);
    expect(has(state.lockedDecisions, 'every typo fix')).toBe(false);
    expect(state.immutableFacts).toContain('The docs build listens on port 4010 (not 4100).');
  });
});
