import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractProbes } from '../../src/probes/extract-probes.js';
import { readSession } from '../../src/sessions/index.js';

const root = new URL('../..', import.meta.url).pathname;
const files = (name: string) => [
  join(root, 'samples/sessions/claude-code', `${name}.jsonl`),
  join(root, 'samples/sessions/codex', `rollout-2026-10-14T09-12-03-${name}.jsonl`),
];

/** Expected probes, listed by hand from reading each scenario: id, the start of the question, facts it must hold. */
const EXPECTED: Record<string, { id: string; question: string; facts: string[] }[]> = {
  'debugging-retry-attempts': [
    {
      id: 'recall-1',
      question: 'What was the original error message',
      facts: ['AssertionError: expected ProviderError{ …(9) } to have property "attempts" with value 4'],
    },
    {
      id: 'recall-2',
      question: 'What was the exact command that failed first?',
      facts: ['npx vitest run test/llm/retry.test.ts'],
    },
    { id: 'recall-3', question: 'Which versions', facts: ['vitest 4.1.12', 'Node 20.19'] },
    { id: 'recall-4', question: 'Which functions', facts: ['wrapRetry', 'withAttempts'] },
    {
      id: 'artifact-1',
      question: 'Which files did we modify?',
      facts: ['src/llm/wrap-retry.ts', 'test/llm/retry.test.ts'],
    },
    {
      id: 'artifact-2',
      question: 'Which files did we read or inspect without changing them?',
      facts: [
        'src/llm/provider-error.ts',
        'src/llm/to-provider-error.ts',
        'src/llm/wrap-limits.ts',
        'src/llm/with-defaults.ts',
        'src/llm/token-bucket.ts',
      ],
    },
    {
      id: 'continuation-1',
      question: 'Where did we leave off?',
      facts: ['Ask Priya about wrapLimits overwriting attempts (529 test in provider-wire.test.ts)'],
    },
    {
      id: 'continuation-2',
      question: 'Which tests are still failing, and why?',
      facts: [
        'a 529 overloaded is retryable and counted',
        'AssertionError: expected 1 to be 3 // Object.is equality',
      ],
    },
    {
      id: 'decision-1',
      question: 'What did we decide about to-provider-error.ts',
      facts: [
        'Decision: change wrapRetry to `const counted = error.withAttempts(attempt);` and keep to-provider-error.ts as it is.',
      ],
    },
  ],
  'feature-runs-since': [
    {
      id: 'recall-1',
      question: 'What was the original error message',
      facts: ["AssertionError: expected '2026-10-01T08:00:00.000Z' to be '2026-10-01T06:00:00.000Z'"],
    },
    {
      id: 'recall-2',
      question: 'What was the exact command that failed first?',
      facts: ['npx vitest run test/cli/parse-since-option.test.ts'],
    },
    { id: 'recall-3', question: 'Which functions', facts: ['runs.list', 'created_at'] },
    {
      id: 'artifact-1',
      question: 'Which files did we modify?',
      facts: ['src/cli/parse-since-option.ts', 'src/store/run-table.ts', 'src/cli/runs-command.ts'],
    },
    {
      id: 'artifact-2',
      question: 'Which new files did we create',
      facts: ['src/cli/parse-since-option.ts', 'test/cli/parse-since-option.test.ts'],
    },
    {
      id: 'artifact-3',
      question: 'Which files did we read',
      facts: ['src/cli/parse-options.ts', 'src/store/sqlite-store.ts', 'test/store/runs.test.ts'],
    },
    {
      id: 'continuation-1',
      question: 'Where did we leave off?',
      facts: ['Document --since in docs/cli.md', 'Still open after that: the `--since` line in docs/cli.md.'],
    },
    {
      id: 'continuation-2',
      question: 'Which tests are still failing',
      facts: [
        'lists runs newest first',
        'TypeError: store.runs.list is not a function or its return value is not iterable',
      ],
    },
    {
      id: 'decision-1',
      question: 'What did we decide in turn',
      facts: [
        'Decided: ISO 8601 only (a date means midnight UTC), filtering in SQL through a new `since` option of `runs.list`, no date library.',
      ],
    },
  ],
  'review-store-import': [
    { id: 'recall-1', question: 'Which versions', facts: ['tag 0.2.0'] },
    { id: 'recall-2', question: 'Which functions', facts: ['importRun', 'parseRunFile', 'readFile'] },
    { id: 'artifact-1', question: 'Which new files did we create', facts: ['REVIEW-store.md'] },
    {
      id: 'artifact-2',
      question: 'Which files did we read',
      facts: [
        'src/store/export-run.ts',
        'src/store/import-run.ts',
        'src/store/parse-run-file.ts',
        'test/store/export-import.test.ts',
      ],
    },
    {
      id: 'continuation-1',
      question: 'Where did we leave off?',
      facts: [
        'Still to do: open issues for R2 and R3, and the two-pass streaming design for R1 needs an owner.',
      ],
    },
    {
      id: 'decision-1',
      question: 'What did we decide when asked "For R1, would you stream',
      facts: [
        'Validate everything first in a streaming pass, then insert in a second streaming pass inside one transaction.',
      ],
    },
    {
      id: 'decision-2',
      question: 'What did we decide about export/import',
      facts: ['Agree on R1 as the blocker.'],
    },
  ],
};

describe('probe extraction on the sample sessions', () => {
  it.each(Object.keys(EXPECTED))('%s: both agent formats give the hand-listed probes', async (name) => {
    const expected = EXPECTED[name] ?? [];
    for (const file of files(name)) {
      const session = await readSession(file);
      const probes = extractProbes(
        session.messages,
        session.metadata.cwd ? { cwd: session.metadata.cwd } : {},
      );
      expect(
        probes.map((probe) => probe.id),
        file,
      ).toEqual(expected.map((probe) => probe.id));
      for (const want of expected) {
        const probe = probes.find((candidate) => candidate.id === want.id);
        expect(probe?.question.startsWith(want.question), `${file} ${want.id}: ${probe?.question}`).toBe(
          true,
        );
        for (const fact of want.facts) expect(probe?.groundTruth.facts, `${file} ${want.id}`).toContain(fact);
        // Every truth points back at messages that exist in the history.
        const ids = new Set(session.messages.map((message) => message.id));
        expect(probe?.groundTruth.messageIds.length).toBeGreaterThan(0);
        for (const id of probe?.groundTruth.messageIds ?? []) expect(ids.has(id), id).toBe(true);
      }
    }
  });

  it('never gives the answer away in a decision question, and is deterministic', async () => {
    for (const name of Object.keys(EXPECTED)) {
      const session = await readSession(files(name)[0] as string);
      const probes = extractProbes(session.messages, { cwd: session.metadata.cwd ?? '' });
      expect(extractProbes(session.messages, { cwd: session.metadata.cwd ?? '' })).toEqual(probes);
      for (const probe of probes.filter((candidate) => candidate.type === 'decision')) {
        for (const fact of probe.groundTruth.facts) expect(probe.question).not.toContain(fact);
      }
    }
  });

  it('draws only from the history it is given: a probe about a later error does not exist yet', async () => {
    const session = await readSession(files('debugging-retry-attempts')[0] as string);
    const early = session.messages.slice(0, 10);
    const probes = extractProbes(early, { cwd: session.metadata.cwd ?? '' });
    const facts = probes.flatMap((probe) => probe.groundTruth.facts).join('\n');
    expect(facts).toContain('npx vitest run test/llm/retry.test.ts');
    expect(facts).not.toContain('529');
    expect(facts).not.toContain('Ask Priya');
  });
});
