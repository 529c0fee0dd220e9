import { describe, expect, it } from 'vitest';
import { renderArtifact } from '../../src/artifact/render-artifact.js';
import { structuredStateMethod } from '../../src/compactors/methods/structured-state/structured-state.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { Message } from '../../src/messages/types.js';

// What a long tool output must not put in the ledger: lines that only look notable (a linter's "warning"
// severity), so they do not crowd out what people said. Every text here is written for this file.

const method = instantiateMethod(structuredStateMethod);

function runCommand(command: string, content: string): Message[] {
  return [
    { role: 'user', content: 'Lint the worker package please.', turn: 0 },
    {
      role: 'assistant',
      content: 'Running the linter.',
      turn: 0,
      toolCalls: [{ id: 'c1', name: 'run_command', arguments: { command } }],
    },
    { role: 'tool', toolCallId: 'c1', toolName: 'run_command', content, turn: 0 },
  ];
}
const compact = async (transcript: Message[]) => renderArtifact(await method.compact({ transcript }, {}));

describe('structured-state: noise in long tool outputs', () => {
  it('does not keep per-position linter and compiler diagnostics as notable lines', async () => {
    const report = [
      'worker/src/queue.ts',
      '  14:7  warning  Unexpected empty block.  no-empty',
      '  88:21  warning  Prefer a template literal.  prefer-template',
      'worker/src/poll.ts(31,9): warning TS6133: Declared but never read.',
      'lib/retry.rb:40:2: warning: shadowing outer local variable',
      'Warning: the `legacy-queue` flag is deprecated and goes away in 4.0.',
      '',
      '4 problems (0 errors, 4 warnings)',
    ].join('\n');
    const text = await compact(runCommand('pnpm lint worker', report));
    expect(text).not.toContain('Unexpected empty block');
    expect(text).not.toContain('Prefer a template literal');
    expect(text).not.toContain('Declared but never read');
    expect(text).not.toContain('shadowing outer local');
    // A warning written as prose still alerts the reader.
    expect(text).toContain('`legacy-queue` flag is deprecated');
  });
});

describe('structured-state: source files and listings read by the agent', () => {
  it('does not keep a definition header named by the conversation, nor a code field as a limit', async () => {
    const source = Array.from(
      { length: 30 },
      (_, i) => `${i + 1}     total += row.amount_cents  # step ${i}`,
    );
    source[11] = '12 def settle_refund_batch(self, batch: RefundBatch) -> None:';
    // A field of an object literal in code is no limit stated in prose.
    source[20] = '21     limit: 7300,';
    const transcript: Message[] = [
      { role: 'user', content: 'Why does settle_refund_batch skip zero rows?', turn: 0 },
      {
        role: 'assistant',
        content: 'Opening it.',
        turn: 0,
        toolCalls: [{ id: 'r1', name: 'read_file', arguments: { path: 'billing/refunds.py' } }],
      },
      { role: 'tool', toolCallId: 'r1', toolName: 'read_file', content: source.join('\n'), turn: 0 },
    ];
    const text = await compact(transcript);
    expect(text).not.toContain('def settle_refund_batch(self');
    expect(text).not.toContain('7300');
  });

  it('does not read a logging call named "warning" as an alert', async () => {
    const source = Array.from({ length: 30 }, (_, i) => `${i + 1}     batch.append(row)  # row ${i}`);
    source[7] = '8         logger.warning("payout batch %s came back partial", batch.ref)';
    const output = [...source, 'WARNING: the payout sandbox resets every Sunday at 02:00 UTC.'];
    const transcript: Message[] = [
      { role: 'user', content: 'Check the payout batching.', turn: 0 },
      {
        role: 'assistant',
        content: 'Running the batch dry run.',
        turn: 0,
        toolCalls: [{ id: 'd1', name: 'run_command', arguments: { command: 'python -m payouts.dry_run' } }],
      },
      { role: 'tool', toolCallId: 'd1', toolName: 'run_command', content: output.join('\n'), turn: 0 },
    ];
    const text = await compact(transcript);
    expect(text).not.toContain('came back partial');
    expect(text).toContain('the payout sandbox resets every Sunday');
  });

  it('keeps a crash in a log and the frames right after it', async () => {
    const log = Array.from(
      { length: 20 },
      (_, i) => `12:00:${String(i).padStart(2, '0')} INFO poller tick ${i}`,
    );
    log.splice(
      9,
      0,
      'fatal error: concurrent map writes',
      'at internal/cache/shard.go:88',
      'at cmd/api/main.go:41',
    );
    const transcript: Message[] = [
      { role: 'user', content: 'The API pods keep restarting, look at the log.', turn: 0 },
      {
        role: 'assistant',
        content: 'Reading the log.',
        turn: 0,
        toolCalls: [{ id: 'g1', name: 'run_command', arguments: { command: 'tail -n 200 api.log' } }],
      },
      { role: 'tool', toolCallId: 'g1', toolName: 'run_command', content: log.join('\n'), turn: 0 },
    ];
    const text = await compact(transcript);
    expect(text).toContain('fatal error: concurrent map writes');
    expect(text).toContain('internal/cache/shard.go:88');
    expect(text).not.toContain('poller tick 12');
  });

  it('keeps only the names of a long listing short enough to keep whole', async () => {
    const listing = [
      '-rw-r--r--  1 kim staff  4211 Mar 14 09:02 invoices.csv',
      '-rw-r--r--  1 kim staff 88120 Feb  2 17:45 ledger-2025.parquet',
      'drwxr-xr-x  5 kim staff   160 Jan 30  2025 archive',
    ].join('\n');
    const transcript: Message[] = [
      { role: 'user', content: 'What is in the exports folder?', turn: 0 },
      {
        role: 'assistant',
        content: 'Listing it.',
        turn: 0,
        toolCalls: [{ id: 'l1', name: 'list_directory', arguments: { path: 'exports' } }],
      },
      { role: 'tool', toolCallId: 'l1', toolName: 'list_directory', content: listing, turn: 0 },
    ];
    const text = await compact(transcript);
    expect(text).toContain('invoices.csv | ledger-2025.parquet | archive');
    expect(text).not.toContain('88120');
  });
});

describe('structured-state: what the agent found, by its source', () => {
  it('keeps a finding the agent attributes to what it looked at, and not its plain narration', async () => {
    const transcript: Message[] = [
      { role: 'user', content: 'Which shard should take the migration first?', turn: 0 },
      {
        role: 'assistant',
        content:
          'Looked at the capacity board. shard-east carries the least write traffic according to the capacity board. I will keep going.',
        turn: 0,
      },
    ];
    const text = await compact(transcript);
    expect(text).toContain('shard-east carries the least write traffic');
    expect(text).not.toContain('I will keep going');
  });

  it('keeps a measurement the agent reports, not its counts of hits and tests', async () => {
    const transcript: Message[] = [
      { role: 'user', content: 'How heavy is the nightly reindex?', turn: 0 },
      {
        role: 'assistant',
        content:
          'Measured it. The reindex runs for 38 minutes and holds 6 GB of heap at its peak. `Tenant` turns up 14 times in 9 files.',
        turn: 0,
      },
    ];
    const text = await compact(transcript);
    expect(text).toContain('runs for 38 minutes and holds 6 GB of heap');
    expect(text).not.toContain('turns up 14 times');
  });
});

describe('structured-state: errors a program raised in a long output', () => {
  it('keeps an exception that says "does not" as a fact, and a refusal that says "not allowed" as a rule', async () => {
    const lines = Array.from({ length: 40 }, (_, i) => `ok ${i + 1} - ledger sums row ${i + 1}`);
    lines[17] =
      "TypeError: the loader does not provide an export named 'settleBatch' (imported by src/jobs/nightly.mjs)";
    lines[25] = 'ERROR: force pushes to the release branch are not allowed by the repository settings.';
    const text = await compact(runCommand('node --test', lines.join('\n')));
    const facts = text.slice(text.indexOf('Immutable facts:'));
    const rules = text.slice(text.indexOf('Forbidden behaviors:'));
    expect(facts.split('\n').some((line) => line.includes("export named 'settleBatch'"))).toBe(true);
    expect(rules.split('\n').some((line) => line.includes("export named 'settleBatch'"))).toBe(false);
    expect(rules).toContain('force pushes to the release branch are not allowed');
  });
});

describe('structured-state: the block of a long output that the conversation names', () => {
  const manifest = [
    ...Array.from({ length: 30 }, (_, i) => `# generated line ${i + 1} of the rendered chart`),
    'workers:',
    '  ledger-exporter:',
    '    replicas: 2',
    '    env:',
    '      FLUSH_EVERY: 45s',
    '  invoice-renderer:',
    '    replicas: 5',
    '    env:',
    '      PDF_TIMEOUT: 9s',
    ...Array.from({ length: 20 }, (_, i) => `# trailing note ${i + 1}`),
  ].join('\n');
  const transcript = (ask: string): Message[] => [
    { role: 'user', content: ask, turn: 0 },
    {
      role: 'assistant',
      content: 'Rendering the chart.',
      turn: 0,
      toolCalls: [{ id: 'c1', name: 'run_command', arguments: { command: 'helm template ./chart' } }],
    },
    { role: 'tool', toolCallId: 'c1', toolName: 'run_command', content: manifest, turn: 0 },
  ];

  it('keeps the settings nested under a key the user named, and not those of its neighbours', async () => {
    const text = await compact(
      transcript('Render the chart; I need to know how often ledger-exporter flushes.'),
    );
    expect(text).toContain('ledger-exporter: | replicas: 2 | env: | FLUSH_EVERY: 45s');
    expect(text).not.toContain('PDF_TIMEOUT');
  });

  it('keeps no block when the conversation names none of its keys', async () => {
    const text = await compact(transcript('Render the chart and tell me if it still builds.'));
    expect(text).not.toContain('FLUSH_EVERY');
  });
});
