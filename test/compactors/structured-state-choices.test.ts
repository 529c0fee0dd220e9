import { describe, expect, it } from 'vitest';
import { renderArtifact } from '../../src/artifact/render-artifact.js';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';
import { assistant, holdsText, tool, user } from '../support/messages.js';

// Issue #12, item 4 (structured-state 1.24.0): choices named without a verb of deciding, a return that restores
// the plan it returns to, rules stated with their carve-out, "typo" as a noun and the files only read. Every
// sentence here is written for this file; none comes from a benchmark template.

const method = instantiateMethod(structuredStateMethod);

const compact = (transcript: Message[]) => method.compact({ transcript }, {});
const has = holdsText;

describe('structured-state: a choice named by itself', () => {
  it('keeps "X it is" as a decision', async () => {
    const artifact = await compact([
      user('The cron box keeps dying overnight. Nomad periodic jobs it is, same cadence as today.', 0),
    ]);
    expect(has(artifact.structuredState.lockedDecisions, 'Nomad periodic jobs it is')).toBe(true);
    // A clause like "that's how it is" names no choice.
    const plain = await compact([user("Deploys wait for the nightly window. That's how it is.", 0)]);
    expect(has(plain.structuredState.lockedDecisions, "That's how it is")).toBe(false);
  });

  it('keeps "X, I\'d say" with the plan it makes concrete, and a return restores both as the newest decision', async () => {
    const artifact = await compact([
      user(
        "Sessions live in process memory and vanish on every deploy. let's move them out of the app. Redis with a 30-minute TTL, I'd say.",
        0,
      ),
      assistant('Noted.', 0),
      user(
        'on second thought, signed cookies are simpler, no extra server to run. go with signed cookies.',
        1,
      ),
      user(
        'hmm, the cookies would blow past 4 KB with a cart in them. on reflection the first approach was better.',
        2,
      ),
    ]);
    const state = artifact.structuredState;
    // One decision holds the plan and its concrete choice; the return makes it current again, written last.
    expect(state.lockedDecisions.at(-1)).toContain(
      "let's move them out of the app. Redis with a 30-minute TTL",
    );
    expect(has(state.forbiddenBehaviors, 'go with signed cookies.')).toBe(true);
    expect(has(state.forbiddenBehaviors, 'Redis')).toBe(false);
  });
});

describe('structured-state: a return that adds to the plan', () => {
  it('writes the plan returned to just before the message that returns to it and adds more', async () => {
    const artifact = await compact([
      user(
        "The importer reads the whole export into memory and falls over on big tenants. let's stream it row by row.",
        0,
      ),
      assistant('Noted.', 0),
      user('thinking about it more, just give the pod 8 GB and keep the code as it is.', 1),
      user(
        'the big tenants keep growing, memory will not keep up. on reflection the first approach was better. flush every 500 rows so the replica keeps up.',
        2,
      ),
    ]);
    const decisions = artifact.structuredState.lockedDecisions;
    expect(decisions.at(-1)).toContain('flush every 500 rows');
    expect(decisions.at(-2)).toContain("let's stream it row by row.");
  });
});

describe('structured-state: rules with their carve-out', () => {
  it('files "treat it as read-only, apart from Y" as a rule, the carve-out kept in its words', async () => {
    const artifact = await compact([
      user(
        'You have write access to the billing replica now; treat it as read-only, apart from the job_locks table, where clearing stale rows is fine.',
        0,
      ),
    ]);
    const state = artifact.structuredState;
    expect(has(state.forbiddenBehaviors, 'treat it as read-only, apart from the job_locks table')).toBe(true);
    expect(has(state.lockedDecisions, 'read-only')).toBe(false);
  });
});

describe('structured-state: "typo" as a noun', () => {
  it('does not let "the notes have a typo in …" supersede a plan', async () => {
    const artifact = await compact([
      user("We'll ship the mobile release on Thursday.", 0),
      user('The release notes have a typo in the second paragraph, Chiara spotted it.', 1),
    ]);
    const state = artifact.structuredState;
    expect(state.lockedDecisions).toContain("We'll ship the mobile release on Thursday.");
    expect(has(state.forbiddenBehaviors, 'Superseded')).toBe(false);
    // "my typo" still corrects.
    const corrected = await compact([
      user('The preview server listens on port 5173.', 0),
      user('my typo, the preview server listens on port 5174.', 1),
    ]);
    expect(corrected.structuredState.immutableFacts).toContain(
      'The preview server listens on port 5174 (not 5173).',
    );
  });
});

describe('structured-state: files only read', () => {
  it('keeps them in the method metadata, across a continuation, and out of the text', async () => {
    const read = (id: string, path: string, turn: number): Message[] => [
      assistant(`Reading ${path}.`, turn, [{ id, name: 'read_file', arguments: { path } }]),
      tool(id, 'read_file', 'module.exports = {};', turn),
    ];
    const first = await compact([user('Tidy the webpack setup.', 0), ...read('r1', 'webpack.common.js', 0)]);
    expect(first.methodMetadata.filesRead).toEqual(['webpack.common.js']);
    const second = await method.compact(
      { transcript: read('r2', 'webpack.prod.js', 1), previousArtifact: first },
      {},
    );
    expect(second.methodMetadata.filesRead).toEqual(['webpack.common.js', 'webpack.prod.js']);
    expect(renderArtifact(second)).not.toContain('Files read');
  });
});

describe("structured-state: the agent's tallies", () => {
  it('leaves out counts of what a tool returned, and keeps what the agent measured or found', async () => {
    const artifact = await compact([
      user('Why is the nightly export slow?', 0),
      assistant('The last 12 commits are dependency bumps; none touch the exporter.', 0),
      assistant('4 of 90 specs fail; the first is `exports > keeps the header row`.', 0),
      assistant('The patch touches 3 files: +40 / -12 lines.', 0),
      assistant('The export spends 41 seconds sorting in memory.', 0),
    ]);
    const text = renderArtifact(artifact);
    expect(text).not.toContain('12 commits');
    expect(text).not.toContain('4 of 90 specs');
    expect(text).not.toContain('+40 / -12');
    expect(has(artifact.structuredState.immutableFacts, '41 seconds sorting in memory')).toBe(true);
  });
});

describe('structured-state: a short guide', () => {
  it('is kept sentence by sentence, not also whole on one line', async () => {
    const artifact = await compact([
      user('Skim the contributing notes before you open the PR.', 0),
      assistant('Reading it.', 0, [{ id: 'g1', name: 'read_file', arguments: { path: 'CONTRIBUTING.md' } }]),
      tool(
        'g1',
        'read_file',
        '# Contributing\nNever force-push to a shared branch.\nEvery PR needs one review from the docs team.',
        0,
      ),
    ]);
    const state = artifact.structuredState;
    expect(has(state.forbiddenBehaviors, 'Never force-push to a shared branch.')).toBe(true);
    expect(renderArtifact(artifact)).not.toContain('→');
  });
});

describe('structured-state: a purpose is no prohibition', () => {
  it('does not file "read X so we don\'t get Y" as a rule, and keeps "never X so we don\'t Y"', async () => {
    const artifact = await compact([
      user('go through the style guide so we do not get nitpicked in review.', 0),
      user("Never bump the base image on a Friday, so we don't spend the weekend on rollbacks.", 1),
    ]);
    const rules = artifact.structuredState.forbiddenBehaviors;
    expect(has(rules, 'style guide')).toBe(false);
    expect(has(rules, 'Never bump the base image on a Friday')).toBe(true);
  });
});

describe('structured-state: search hits', () => {
  it('does not keep a search hit for holding the term searched for', async () => {
    const hits = Array.from(
      { length: 40 },
      (_, index) => `lib/orders/part_${index}.rb:${index + 3}:  total_cents = line.total_cents`,
    );
    const artifact = await compact([
      user('Where is `total_cents` computed?', 0),
      assistant('Searching.', 0, [{ id: 's1', name: 'search', arguments: { pattern: 'total_cents' } }]),
      tool('s1', 'search', hits.join('\n'), 0),
      assistant('`total_cents` is summed in lib/orders/part_7.rb.', 0),
    ]);
    expect(renderArtifact(artifact)).not.toContain('part_0.rb');
  });
});

describe('structured-state: names in a guide', () => {
  it('keeps double underscores that are part of a path, and drops those of emphasis', async () => {
    const artifact = await compact([
      user('Look at the contributor notes first.', 0),
      assistant('Reading them.', 0, [{ id: 'n1', name: 'read_file', arguments: { path: 'NOTES.md' } }]),
      tool(
        'n1',
        'read_file',
        'Snapshots live in `spec/__snapshots__/` and are rewritten with `yarn snap`.\nNever edit a snapshot __by hand__.',
        0,
      ),
    ]);
    const text = renderArtifact(artifact);
    expect(text).toContain('spec/__snapshots__/');
    expect(text).not.toContain('spec/snapshots/');
    expect(text).toContain('Never edit a snapshot by hand.');
  });
});

describe("structured-state: the day's list", () => {
  it('keeps "two things for today: A, and B" as open work', async () => {
    const artifact = await compact([
      user('two things for today: chase the flaky login test, and refresh the API keys in the vault.', 0),
    ]);
    expect(has(artifact.structuredState.unresolvedItems, 'refresh the API keys in the vault')).toBe(true);
  });
});

describe('structured-state: names the agent only counted', () => {
  it('does not keep later lines for a name the agent only reported hits of', async () => {
    const source = Array.from({ length: 60 }, (_, index) =>
      index === 30 ? '    retry_budget: int = 3' : `    # line ${index} of the scheduler module`,
    );
    const artifact = await compact([
      user('Give me an overview of the scheduler.', 0),
      assistant('`retry_budget` turns up 14 times in 9 files.', 0),
      assistant('Reading it.', 0, [{ id: 'f1', name: 'read_file', arguments: { path: 'app/scheduler.py' } }]),
      tool('f1', 'read_file', source.join('\n'), 0),
    ]);
    expect(renderArtifact(artifact)).not.toContain('retry_budget: int = 3');
  });
});

describe('structured-state: "nothing that …"', () => {
  it('reads "please, nothing that X" as a prohibition and "there\'s nothing that X" as a statement', async () => {
    const artifact = await compact([
      user('fine, tidy it up. but nothing that drops the audit columns, finance reads them.', 0),
      user("there's nothing that needs changing in the nginx config.", 1),
    ]);
    const rules = artifact.structuredState.forbiddenBehaviors;
    expect(has(rules, 'nothing that drops the audit columns')).toBe(true);
    expect(has(rules, 'nginx')).toBe(false);
  });
});

describe('structured-state: names in source code', () => {
  it('does not keep lines of a source file for a name the user mentioned', async () => {
    const source = Array.from({ length: 60 }, (_, index) =>
      index === 20 ? '    settled_at = None' : `    step_${index}()`,
    );
    const artifact = await compact([
      user('Why is `settled_at` sometimes empty on refunds?', 0),
      assistant('Reading it.', 0, [
        { id: 'p1', name: 'read_file', arguments: { path: 'billing/refunds.py' } },
      ]),
      tool('p1', 'read_file', source.join('\n'), 0),
    ]);
    expect(renderArtifact(artifact)).not.toContain('settled_at = None');
  });
});

describe('structured-state: limits in source code', () => {
  it('does not read a field named Limit with an integer type as a limit', async () => {
    const source = Array.from({ length: 60 }, (_, index) =>
      index === 12 ? '\tLimit int64 `json:"limit"`' : `\t// field ${index}`,
    );
    const artifact = await compact([
      user('Look at the paging code.', 0),
      assistant('Reading it.', 0, [
        { id: 'g1', name: 'read_file', arguments: { path: 'internal/page/page.go' } },
      ]),
      tool('g1', 'read_file', source.join('\n'), 0),
    ]);
    expect(renderArtifact(artifact)).not.toContain('Limit int64');
  });
});
