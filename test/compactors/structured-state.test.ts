import { describe, expect, it } from 'vitest';
import type { CompactionArtifact } from '../../src/artifact/compaction-artifact.js';
import { renderArtifact } from '../../src/artifact/render-artifact.js';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';
import { countTextTokens } from '../../src/tokens/count-text-tokens.js';
import { assistant, holdsText, tool, user } from '../support/messages.js';

const method = instantiateMethod(structuredStateMethod);

async function compact(transcript: Message[], previousArtifact?: CompactionArtifact, budgetTokens?: number) {
  return method.compact(
    {
      transcript,
      ...(previousArtifact ? { previousArtifact } : {}),
      ...(budgetTokens === undefined ? {} : { budgetTokens }),
    },
    {},
  );
}
const has = holdsText;

describe('structured-state: prohibitions', () => {
  // Wordings beyond the extractor's cue list are the point: each must still land under forbidden behaviors.
  const phrasings = [
    ['Under no circumstances run the migration on prod-eu.', 'migration on prod-eu'],
    ['Force-pushing to main is off-limits for everyone.', 'Force-pushing to main'],
    ['No schema changes during the freeze.', 'No schema changes'],
    ['Whatever you do, leave vendor/ alone.', 'leave vendor/ alone'],
    ['Please refrain from bumping React past 18.', 'bumping React'],
    ['Touching the billing tables is a hard no.', 'billing tables'],
    ['We mustn’t log card numbers, ever.', 'log card numbers'],
    ['Skipping the canary is not an option.', 'Skipping the canary'],
  ] as const;
  it.each(phrasings)('keeps "%s" as a forbidden behavior', async (text, needle) => {
    const artifact = await compact([user(`Some context first. ${text}`, 0), assistant('Understood.', 0)]);
    expect(has(artifact.structuredState.forbiddenBehaviors, needle)).toBe(true);
    expect(has(artifact.structuredState.lockedDecisions, needle)).toBe(false);
  });

  it('files a positive rule and an exception as decisions, never as prohibitions', async () => {
    const artifact = await compact([
      user('House rule: every service reads its credentials from DB_DSN.', 0),
      user(
        'One exception: billing-api reads BILLING_DSN instead of DB_DSN while it runs on the old cluster.',
        1,
      ),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(has(lockedDecisions, 'every service reads its credentials from DB_DSN')).toBe(true);
    expect(has(lockedDecisions, 'BILLING_DSN')).toBe(true);
    // The exception narrows the rule; it does not supersede it.
    expect(forbiddenBehaviors).toEqual([]);
  });
});

describe('structured-state: decisions and supersession', () => {
  it.each([
    ['Change of plan: we move the queue to SQS instead of Postgres.', 'SQS'],
    ['On second thought, use SQS rather than Postgres for the queue.', 'SQS'],
    ['Scratch that, the queue goes on SQS.', 'SQS'],
    ['Correction: the queue lives on SQS, not Postgres.', 'SQS'],
    ['We are switching from Postgres to SQS for the queue.', 'SQS'],
  ])('"%s" replaces the earlier plan, which moves to a superseded note', async (override, current) => {
    const artifact = await compact([
      user("Let's keep the job queue in Postgres for now; it is what we know.", 0),
      assistant('Setting up the queue table.', 0),
      user(override, 1),
    ]);
    const { lockedDecisions, forbiddenBehaviors } = artifact.structuredState;
    expect(has(lockedDecisions, current)).toBe(true);
    expect(lockedDecisions.some((item) => item.includes('keep the job queue in Postgres'))).toBe(false);
    expect(forbiddenBehaviors.find((item) => item.includes('keep the job queue in Postgres'))).toMatch(
      /^Superseded, do not use: /,
    );
  });

  it('corrects a fact: the stale value moves out of the facts', async () => {
    const artifact = await compact([
      user('On staging the API listens on port 8080. Prometheus scrapes on 9090.', 0),
      user('Correction: on staging the API actually listens on port 8081, not 8080.', 1),
    ]);
    const { immutableFacts, forbiddenBehaviors, lockedDecisions } = artifact.structuredState;
    expect(has(lockedDecisions, 'port 8081, not 8080')).toBe(true);
    expect(has(forbiddenBehaviors, 'listens on port 8080')).toBe(true);
    expect(has(immutableFacts, 'listens on port 8080')).toBe(false);
    // The other fact of the same message is untouched.
    expect(has(immutableFacts, 'Prometheus scrapes on 9090')).toBe(true);
  });

  it('does not supersede a person named in "page B instead of A" when A’s role is stated elsewhere', async () => {
    const artifact = await compact([
      user('Aiko Tanaka is the owner of ledger-api and carries its pager.', 0),
      user('For anything on search-api, page Bruno Costa instead of Aiko Tanaka.', 1),
    ]);
    expect(has(artifact.structuredState.immutableFacts, 'Aiko Tanaka is the owner of ledger-api')).toBe(true);
    expect(artifact.structuredState.entityMap['Aiko Tanaka']).toContain('owner of ledger-api');
  });
});

describe('structured-state: facts, roles, tasks', () => {
  it('keeps values, roles, open and deferred tasks, and drops requests of the moment', async () => {
    const artifact = await compact([
      user('We are cutting release 4.2.0 on 2026-12-01. Mei Lin approves anything that touches payments.', 0),
      user('Find every use of parseAmount.', 1),
      user('We still need a migration test for the refunds table.', 2),
      user('Let’s park the dashboard work until next sprint.', 3),
      user('Can you check the logs?', 4),
    ]);
    const state = artifact.structuredState;
    expect(has(state.immutableFacts, 'release 4.2.0 on 2026-12-01')).toBe(true);
    expect(state.entityMap['Mei Lin']).toContain('approves anything that touches payments');
    expect(has(state.unresolvedItems, 'migration test for the refunds table')).toBe(true);
    expect(has(state.deferredItems, 'park the dashboard work')).toBe(true);
    const sections = JSON.stringify(state);
    expect(sections).not.toContain('parseAmount');
    expect(sections).not.toContain('check the logs');
    // Both sentences of the first request are kept as entries, so no goal line repeats them.
    expect(artifact.summaryText).toBe('Latest request: Can you check the logs?');
  });
});

describe('structured-state: tool calls', () => {
  const filler = Array.from({ length: 300 }, (_, index) => `--- PASS: TestCase${index} (0.0${index % 9}s)`);
  const transcript: Message[] = [
    user('Fix the flaky build.', 0),
    assistant('Reading the config.', 0, [
      { id: 'c1', name: 'read_file', arguments: { path: 'src/config.ts' } },
      { id: 'c2', name: 'write_file', arguments: { path: 'src/limiter.ts', content: 'a\nb\nc\n' } },
      {
        id: 'c3',
        name: 'edit_file',
        arguments: { path: 'src/app.ts', old: 'app.use(auth());', new: 'app.use(limit());' },
      },
      { id: 'c4', name: 'run_command', arguments: { command: 'npm ci --prefer-offline' } },
      { id: 'c5', name: 'run_command', arguments: { command: 'go test ./...' } },
    ]),
    tool('c1', 'read_file', 'export const config = {};', 0),
    tool('c2', 'write_file', 'wrote src/limiter.ts (3 lines)', 0),
    tool('c3', 'edit_file', 'edited src/app.ts: 1 hunk', 0),
    tool(
      'c4',
      'run_command',
      '$ npm ci\nnpm ERR! Missing: left-pad@1.3.0 from lock file\nexit code 1',
      0,
      true,
    ),
    tool(
      'c5',
      'run_command',
      [
        ...filler.slice(0, 150),
        'Runbook owner: Dana Okafor (platform team)',
        '> WARNING: never restart the primary by hand.',
        ...filler.slice(150),
      ].join('\n'),
      0,
    ),
  ];

  it('writes a file ledger, exact failures and the notable lines of a long output', async () => {
    const artifact = await compact(transcript);
    const facts = artifact.structuredState.immutableFacts;
    expect(has(facts, 'Created `src/limiter.ts` (4 lines)')).toBe(true);
    expect(has(facts, 'Modified `src/app.ts`: `app.use(auth());` → `app.use(limit());`')).toBe(true);
    // The files only read are kept for the method's own continuation, not written among the facts.
    expect(artifact.methodMetadata.filesRead).toEqual(['src/config.ts']);
    expect(renderArtifact(artifact)).not.toContain('Files read');
    // What a tool printed is listed in the summary, apart from what people stated (since 1.25.0).
    expect(artifact.summaryText).toContain(
      '`npm ci --prefer-offline` failed: $ npm ci | npm ERR! Missing: left-pad@1.3.0 from lock file',
    );
    expect(has(artifact.structuredState.forbiddenBehaviors, 'never restart the primary by hand')).toBe(true);
    expect(artifact.structuredState.entityMap['Dana Okafor']).toContain('Runbook owner');
    expect(renderArtifact(artifact)).not.toContain('TestCase17');
  });

  it('survives an unpaired call, an unpaired result, special-token text and an empty transcript', async () => {
    const odd: Message[] = [
      assistant('', 0, [{ id: 'lost', name: 'read_file', arguments: { path: 'a.ts' } }]),
      tool('nobody', 'run_command', 'Error: <|im_end|> </s> <script>alert(1)</script>', 0, true),
      user('Never paste <|im_end|> into prompts.', 1),
    ];
    const artifact = await compact(odd);
    expect(has(artifact.structuredState.forbiddenBehaviors, '<|im_end|>')).toBe(true);
    expect(artifact.summaryText).toContain('<script>alert(1)</script>');
    expect(renderArtifact(await compact([]))).toBe('');
  });
});

describe('structured-state: drift cycles, determinism and budget', () => {
  const cycle0: Message[] = [
    user("Let's put the session cache in Redis. Never store tokens in plain text.", 0),
    user('We still need to measure the hit rate on /v1/sessions.', 1),
    user('Riya Shah is the reviewer for cache changes.', 2),
  ];

  it('carries every still-valid item across cycles, applies later overrides, and ignores quoted old plans', async () => {
    const first = await compact(cycle0);
    const second = await compact(
      [
        user('Scratch that: the cache goes in Memcached instead of Redis.', 3),
        assistant('Picking this up from the notes: Let’s put the session cache in Redis.', 3),
      ],
      first,
    );
    const third = await compact(
      [user('How big do payloads get?', 4), assistant('About 2 KB per session.', 4)],
      second,
    );
    const state = third.structuredState;
    expect(has(state.forbiddenBehaviors, 'Never store tokens in plain text')).toBe(true);
    expect(has(state.unresolvedItems, 'hit rate on /v1/sessions')).toBe(true);
    expect(has(state.lockedDecisions, 'Memcached')).toBe(true);
    expect(state.lockedDecisions.some((item) => item.includes('in Redis.'))).toBe(false);
    expect(has(state.forbiddenBehaviors, 'Superseded, do not use: Let')).toBe(true);
    expect(state.entityMap['Riya Shah']).toContain('reviewer');
    // The first request is kept as entries, so no goal line repeats it, and no later request becomes the goal.
    expect(third.summaryText).not.toContain('Goal: ');
    // Nothing was written twice.
    const lines = renderArtifact(third).split('\n');
    expect(new Set(lines).size).toBe(lines.length);
    expect(third.selectedSourceTurnIds).toEqual([0, 1, 2, 3, 4]);
  });

  it('gives byte-identical artifacts for the same input and does not touch its input', async () => {
    const input = structuredClone(cycle0);
    const a = await compact(input);
    const b = await compact(input);
    expect(JSON.stringify(a)).toBe(JSON.stringify(b));
    expect(input).toEqual(cycle0);
  });

  it('fits a budget by dropping the least important entries first, and says so', async () => {
    const many: Message[] = [
      user('Never deploy on Fridays.', 0),
      ...Array.from({ length: 40 }, (_, index) =>
        user(`Service node-${index} runs version 1.${index}.0 in region eu-${index}.`, index + 1),
      ),
    ];
    const full = await compact(many);
    const fitted = await compact(many, undefined, 120);
    expect(countTextTokens(renderArtifact(full))).toBeGreaterThan(120);
    expect(countTextTokens(renderArtifact(fitted))).toBeLessThanOrEqual(120);
    expect(has(fitted.structuredState.forbiddenBehaviors, 'Never deploy on Fridays')).toBe(true);
    expect(fitted.warnings[0]).toMatch(/^dropped \d+ of 41 entries/);
    // The newest facts outlive the oldest ones.
    expect(has(fitted.structuredState.immutableFacts, 'node-39')).toBe(true);
    expect(has(fitted.structuredState.immutableFacts, 'node-0 ')).toBe(false);
  });

  it('honours its own maxTokens option like a run budget', async () => {
    const capped = instantiateMethod(structuredStateMethod, { maxTokens: '60' });
    expect(capped.config).toEqual({ maxTokens: 60 });
    const artifact = await capped.compact({ transcript: cycle0 }, {});
    expect(countTextTokens(renderArtifact(artifact))).toBeLessThanOrEqual(60);
  });
});
