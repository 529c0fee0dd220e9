import type { Scenario, ScenarioCall } from './scenario-types.js';

const reads = (paths: string[]): ScenarioCall[] => paths.map((path) => ({ tool: 'read', path }));

const PARSE_DATE = `import { ValidationError } from '../errors.js';

/** Parses --since: an ISO 8601 date (2026-10-01) or date-time with a zone; anything else is a one-line error. */
export function parseSinceOption(value: string): string {
  const match = /^\\d{4}-\\d{2}-\\d{2}(T\\d{2}:\\d{2}(:\\d{2})?(\\.\\d+)?(Z|[+-]\\d{2}:\\d{2}))?$/.exec(value);
  const time = match ? Date.parse(value.length === 10 ? \`\${value}T00:00:00Z\` : value) : Number.NaN;
  if (Number.isNaN(time)) {
    throw new ValidationError([
      { where: '--since', message: \`expected an ISO 8601 date such as 2026-10-01 or 2026-10-01T08:00:00Z, got "\${value}"\` },
    ]);
  }
  return new Date(time).toISOString();
}
`;

const TEST_FILE = `import { describe, expect, it } from 'vitest';
import { parseSinceOption } from '../../src/cli/parse-since-option.js';

describe('parseSinceOption', () => {
  it('reads a date as midnight UTC', () => {
    expect(parseSinceOption('2026-10-01')).toBe('2026-10-01T00:00:00.000Z');
  });
  it('keeps the zone of a date-time', () => {
    expect(parseSinceOption('2026-10-01T08:00:00+02:00')).toBe('2026-10-01T06:00:00.000Z');
  });
  it('rejects relative durations with a one-line error', () => {
    expect(() => parseSinceOption('3d')).toThrow('--since: expected an ISO 8601 date');
  });
});
`;

const FIRST_TEST_RUN = ` RUN  v4.1.12 /home/sam/work/compactkit

 ❯ test/cli/parse-since-option.test.ts (3 tests | 1 failed) 14ms
   ✓ parseSinceOption > reads a date as midnight UTC 2ms
   × parseSinceOption > keeps the zone of a date-time 4ms
   ✓ parseSinceOption > rejects relative durations with a one-line error 1ms

 FAIL  test/cli/parse-since-option.test.ts > parseSinceOption > keeps the zone of a date-time
AssertionError: expected '2026-10-01T08:00:00.000Z' to be '2026-10-01T06:00:00.000Z'
 ❯ test/cli/parse-since-option.test.ts:9:58

 Test Files  1 failed (1)
      Tests  1 failed | 2 passed (3)
`;

/** Feature work: `compactkit runs list --since DATE`, a new option parser, its test, one doc left to write. */
export const featureScenario: Scenario = {
  name: 'feature-runs-since',
  taskType: 'feature',
  cwd: '/home/sam/work/compactkit',
  model: { claude: 'claude-opus-4-1-20250805', codex: 'gpt-5-codex' },
  steps: [
    {
      kind: 'user',
      text: 'Add a `--since <date>` option to `compactkit runs list` so I can list only the runs created after a date. ISO dates only. It must print a one-line error and exit 2 on a bad date, like every other option. Look at how the store lists runs first.',
    },
    {
      kind: 'assistant',
      text: "Let me look at the runs command, the store's run table and how other options are parsed.",
      calls: [
        ...reads([
          'src/cli/runs-command.ts',
          'src/cli/parse-options.ts',
          'src/store/run-table.ts',
          'src/store/types.ts',
          'src/store/open-store.ts',
          'src/store/sqlite-store.ts',
          'src/store/record-schemas.ts',
          'src/cli/run-cli.ts',
          'src/cli/report-error.ts',
          'src/cli/compact-command.ts',
          'src/cli/bench-run-command.ts',
          'src/cli/report-command.ts',
          'src/cli/models-command.ts',
          'test/cli/compact-command.test.ts',
        ]),
      ],
    },
    {
      kind: 'assistant',
      thinking:
        'Filtering could happen in SQL (WHERE created_at >= ?) or in the CLI after list(). created_at is stored as ISO text in UTC so string comparison works in SQL.',
      text: 'Two ways to filter: in SQL with `WHERE created_at >= ?` inside the run table, or in the CLI after `store.runs.list()`. The store keeps `created_at` as ISO 8601 text in UTC, so a text comparison in SQL is correct and avoids reading every run. Do you want relative durations like `3d` as well?',
    },
    {
      kind: 'user',
      text: 'No relative durations, too many ways to get timezones wrong. Do it in SQL. And no new dependency for date parsing.',
    },
    {
      kind: 'assistant',
      text: 'Decided: ISO 8601 only (a date means midnight UTC), filtering in SQL through a new `since` option of `runs.list`, no date library. Writing the option parser first.',
      calls: [
        {
          tool: 'todo',
          items: [
            { content: 'Write parseSinceOption in src/cli/parse-since-option.ts', status: 'in_progress' },
            { content: 'Add since to runs.list in src/store/run-table.ts', status: 'pending' },
            { content: 'Wire --since into runs-command.ts', status: 'pending' },
            { content: 'Tests for the parser and the command', status: 'pending' },
            { content: 'Document --since in docs/cli.md', status: 'pending' },
          ],
        },
        { tool: 'write', path: 'src/cli/parse-since-option.ts', content: PARSE_DATE },
        { tool: 'write', path: 'test/cli/parse-since-option.test.ts', content: TEST_FILE },
        {
          tool: 'bash',
          command: 'npx vitest run test/cli/parse-since-option.test.ts',
          output: FIRST_TEST_RUN,
          exitCode: 1,
          description: 'Run the new parser test',
        },
      ],
    },
    {
      kind: 'assistant',
      thinking:
        'Date.parse keeps the offset, toISOString converts to UTC... expected 06:00Z. Received 08:00Z means the regex branch... value.length === 10 false... Oh wait: the regex requires seconds optional; "2026-10-01T08:00:00+02:00" matches. Date.parse gives the right instant. Hmm, received 08:00Z: the test expectation is right; so the parser dropped the zone. Actually the fake is that TZ=UTC in CI. Let me just look again at the code.',
      text: 'The zone test fails: `2026-10-01T08:00:00+02:00` came back as 08:00Z. The regex group for the zone is `(Z|[+-]\\d{2}:\\d{2})` but the seconds group before it is optional and greedy, so this works; the bug is that I normalised with `value.length === 10` and then passed the original string. Checking the file again.',
      calls: [
        { tool: 'read', path: 'src/cli/parse-since-option.ts', content: PARSE_DATE },
        ...reads(['src/cli/parse-options.ts', 'test/cli/models-and-runs.test.ts']),
      ],
    },
    {
      kind: 'assistant',
      calls: [
        {
          tool: 'edit',
          path: 'src/cli/parse-since-option.ts',
          oldText: '  return new Date(time).toISOString();',
          newText:
            '  // Compare as UTC text in SQL: the store writes created_at with toISOString().\n  return new Date(time).toISOString();',
        },
        {
          tool: 'edit',
          path: 'src/store/run-table.ts',
          oldText: '  list(): RunRecord[] {',
          newText: '  list(options: { since?: string } = {}): RunRecord[] {',
        },
        {
          tool: 'edit',
          path: 'src/cli/runs-command.ts',
          oldText:
            "    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')\n    .action((options: { db?: string }) => {",
          newText:
            "    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')\n    .option('--since <date>', 'only runs created at or after this ISO 8601 date', parseSinceOption)\n    .action((options: { db?: string; since?: string }) => {",
        },
        {
          tool: 'bash',
          command: 'TZ=Europe/Berlin npx vitest run test/cli/parse-since-option.test.ts',
          output:
            ' RUN  v4.1.12 /home/sam/work/compactkit\n\n ✓ test/cli/parse-since-option.test.ts (3 tests) 9ms\n\n Test Files  1 passed (1)\n      Tests  3 passed (3)\n',
          exitCode: 0,
          description: 'Run the parser test in another time zone',
        },
      ],
    },
    {
      kind: 'user',
      text: 'good. what about the runs command test?',
    },
    {
      kind: 'assistant',
      calls: [
        ...reads([
          'src/store/run-migrations.ts',
          'src/store/migrations/index.ts',
          'test/store/runs.test.ts',
          'test/store/helpers.ts',
        ]),
        {
          tool: 'bash',
          command: 'npx vitest run test/cli/models-and-runs.test.ts',
          output:
            ' RUN  v4.1.12 /home/sam/work/compactkit\n\n ❯ test/cli/models-and-runs.test.ts (8 tests | 1 failed) 2310ms\n   × runs list > lists runs newest first 402ms\n\n FAIL  test/cli/models-and-runs.test.ts > runs list > lists runs newest first\nTypeError: store.runs.list is not a function or its return value is not iterable\n ❯ src/cli/runs-command.ts:14:35\n\n Test Files  1 failed (1)\n      Tests  1 failed | 7 passed (8)\n',
          exitCode: 1,
          description: 'Run the runs command tests',
        },
      ],
    },
    {
      kind: 'assistant',
      text: 'The runs command test fails with `TypeError: store.runs.list is not a function or its return value is not iterable` at src/cli/runs-command.ts:14: I changed the signature of `list` in run-table.ts but not the SQL body, so it returns nothing yet. Next I will write the `WHERE created_at >= ?` query in run-table.ts and pass `options.since` from runs-command.ts. Still open after that: the `--since` line in docs/cli.md.',
    },
  ],
};
