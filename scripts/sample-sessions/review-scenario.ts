import type { Scenario, ScenarioCall } from './scenario-types.js';

const reads = (paths: string[]): ScenarioCall[] => paths.map((path) => ({ tool: 'read', path }));

const REVIEW_NOTES = `# Review: run export / import (store)

Reviewed: src/store/export-run.ts, import-run.ts, parse-run-file.ts, run-file-lines.ts, sqlite-store.ts.
Verdict: approve after R1 is fixed; R2 and R3 can be follow-up issues.

- R1 (blocker): importRun reads the whole export with readFile; a 2 GB export needs 2 GB of memory. Stream
  it line by line (readline), keeping the one-transaction rule.
- R2: parseRunFile reports only the first bad line; report every bad line with file:line like the transcript
  reader does.
- R3: export writes llm_calls after cases; an import of a file cut in the middle fails with "file cut short"
  but does not say which section was missing.
`;

/** A code review with a sub-agent: mostly reading, one notes file created, two follow-ups left open. */
export const reviewScenario: Scenario = {
  name: 'review-store-import',
  taskType: 'review',
  cwd: '/home/lee/code/compactkit',
  model: { claude: 'claude-sonnet-4-5-20250929', codex: 'gpt-5' },
  steps: [
    {
      kind: 'user',
      text: 'Please review the run export/import path in src/store before we tag 0.2.0. Read only, do not change any source file. Put your findings in REVIEW-store.md at the repo root, ranked, and say which one blocks the release.',
    },
    {
      kind: 'assistant',
      text: 'I will read the export and import path end to end, then the store and its tests.',
      calls: reads([
        'src/store/export-run.ts',
        'src/store/import-run.ts',
        'src/store/parse-run-file.ts',
        'src/store/run-file-lines.ts',
        'src/store/json-text.ts',
        'src/store/validate-input.ts',
      ]),
    },
    {
      kind: 'assistant',
      calls: [
        {
          tool: 'task',
          description: 'Check store tests',
          prompt:
            'List which behaviours of exportRun and importRun the tests in test/store cover, and which they do not. Read only.',
          result:
            'Covered: round trip of a finished run (export-import.test.ts), an existing run id is refused and nothing changes, a malformed line names file:line. Not covered: a file cut short in the middle of the llm_calls section, an export larger than memory, importing into a read-only store.',
        },
        ...reads([
          'src/store/sqlite-store.ts',
          'src/store/case-rows.ts',
          'src/store/llm-call-table.ts',
          'src/store/run-table.ts',
          'src/store/store-error.ts',
          'src/store/sqlite-error.ts',
          'test/store/export-import.test.ts',
          'test/store/crash-safety.test.ts',
          'test/store/write-case.test.ts',
          'test/store/migrations.test.ts',
          'test/store/llm-calls.test.ts',
          'src/store/index.ts',
        ]),
      ],
    },
    {
      kind: 'assistant',
      thinking:
        'importRun uses readFile on the whole export, then parseRunFile(text). Big exports load fully. That is the biggest risk. The one-transaction rule can be kept with streaming by validating first then inserting in a transaction.',
      text: 'Findings so far: (1) `importRun` reads the whole export with `readFile` before parsing, so memory grows with the export; (2) `parseRunFile` stops at the first bad line; (3) a file cut short says "file cut short" without the missing section. I would block on (1): exports of real bench runs with recorded LLM calls reach gigabytes.',
    },
    {
      kind: 'user',
      text: 'Agree on R1 as the blocker. For R1, would you stream and insert as you go, or validate everything first?',
    },
    {
      kind: 'assistant',
      text: 'Validate everything first in a streaming pass, then insert in a second streaming pass inside one transaction. Inserting as we go would need a rollback on the first bad line, and with better-sqlite3 a transaction cannot span an async readline loop, so we would have to buffer anyway. Rejected: loading into a temporary table (doubles disk use) and splitting the import into several transactions (breaks the all-or-nothing promise in the docs).',
      calls: [
        ...reads([
          'src/store/open-store.ts',
          'src/store/run-migrations.ts',
          'src/store/types.ts',
          'docs/architecture.md',
        ]),
        {
          tool: 'grep',
          pattern: 'readFile\\(',
          path: 'src/store',
          output: "src/store/import-run.ts:25:    text = await readFile(path, 'utf8');",
        },
      ],
    },
    {
      kind: 'assistant',
      calls: [
        { tool: 'write', path: 'REVIEW-store.md', content: REVIEW_NOTES },
        {
          tool: 'bash',
          command: 'git status --short',
          output: '?? REVIEW-store.md\n',
          exitCode: 0,
          description: 'Check that only the review notes changed',
        },
      ],
      text: 'Wrote REVIEW-store.md with R1 (blocker: importRun reads the whole file), R2 (only the first bad line reported) and R3 (cut-short file does not name the section). No source file was changed; `git status` shows only the new notes. Still to do: open issues for R2 and R3, and the two-pass streaming design for R1 needs an owner.',
    },
    {
      kind: 'user',
      text: 'Thanks. I will take R1 myself tomorrow. Open the issues for R2 and R3 next time.',
    },
  ],
};
