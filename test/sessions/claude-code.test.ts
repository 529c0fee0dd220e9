import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ValidationError } from '../../src/errors.js';
import { parseSession, readSession } from '../../src/sessions/index.js';

const base = {
  isSidechain: false,
  userType: 'external',
  cwd: '/home/ann/shop',
  sessionId: '0f4c2a7e-1111-4c2b-9d55-2e0f6b2b0a11',
  version: '2.0.31',
  gitBranch: 'main',
};
const usage = {
  input_tokens: 4,
  cache_creation_input_tokens: 10,
  cache_read_input_tokens: 900,
  output_tokens: 40,
};
const assistant = (uuid: string, parentUuid: string, id: string, block: object, timestamp: string) => ({
  ...base,
  parentUuid,
  message: {
    id,
    type: 'message',
    role: 'assistant',
    model: 'claude-sonnet-4-5-20250929',
    content: [block],
    stop_reason: null,
    stop_sequence: null,
    usage,
  },
  requestId: `req_${id}`,
  type: 'assistant',
  uuid,
  timestamp,
});
const user = (
  uuid: string,
  parentUuid: string | null,
  content: unknown,
  timestamp: string,
  extra: object = {},
) => ({
  ...base,
  parentUuid,
  type: 'user',
  message: { role: 'user', content },
  uuid,
  timestamp,
  ...extra,
});

/** A session in Claude Code's on-disk shape: split replies, a failed tool, a branch, a sidechain, a compaction. */
function sessionLines(): object[] {
  return [
    { type: 'summary', summary: 'Fix checkout rounding', leafUuid: 'u9' },
    user('u1', null, 'checkout totals are off by one cent, fix it', '2026-10-01T10:00:00.000Z'),
    {
      type: 'file-history-snapshot',
      messageId: 'u1',
      snapshot: { messageId: 'u1', trackedFileBackups: {}, timestamp: '2026-10-01T10:00:00.100Z' },
      isSnapshotUpdate: false,
    },
    assistant(
      'a1',
      'u1',
      'msg_1',
      { type: 'thinking', thinking: 'probably float math', signature: 'sig' },
      '2026-10-01T10:00:02.000Z',
    ),
    assistant(
      'a2',
      'a1',
      'msg_1',
      { type: 'text', text: 'Let me run the tests.' },
      '2026-10-01T10:00:03.000Z',
    ),
    assistant(
      'a3',
      'a2',
      'msg_1',
      {
        type: 'tool_use',
        id: 'toolu_1',
        name: 'Bash',
        input: { command: 'npm test', description: 'Run tests' },
      },
      '2026-10-01T10:00:04.000Z',
    ),
    user(
      'u2',
      'a3',
      [
        {
          tool_use_id: 'toolu_1',
          type: 'tool_result',
          content: 'Exit code 1\nexpected 10.01 to be 10.02',
          is_error: true,
        },
      ],
      '2026-10-01T10:00:09.000Z',
      { toolUseResult: 'Error: Exit code 1\nexpected 10.01 to be 10.02' },
    ),
    {
      ...base,
      parentUuid: 'u2',
      type: 'system',
      subtype: 'informational',
      content: 'Running PostToolUse hooks',
      isMeta: false,
      timestamp: '2026-10-01T10:00:09.500Z',
      uuid: 's1',
      level: 'info',
    },
    // The first wording of the next request, answered, then edited: an abandoned branch from s1.
    user('b1', 's1', 'use decimals', '2026-10-01T10:01:00.000Z'),
    assistant(
      'b2',
      'b1',
      'msg_b',
      { type: 'text', text: 'Switching everything to decimal.js.' },
      '2026-10-01T10:01:05.000Z',
    ),
    user('u3', 's1', 'round with Math.round on cents instead', '2026-10-01T10:02:00.000Z'),
    // A Task sub-agent's own traffic.
    {
      ...user('side1', null, 'find every place that sums prices', '2026-10-01T10:02:10.000Z'),
      isSidechain: true,
    },
    {
      ...assistant(
        'side2',
        'side1',
        'msg_s',
        { type: 'text', text: 'cart.ts and invoice.ts' },
        '2026-10-01T10:02:20.000Z',
      ),
      isSidechain: true,
    },
    assistant(
      'a4',
      'u3',
      'msg_2',
      {
        type: 'tool_use',
        id: 'toolu_2',
        name: 'Edit',
        input: {
          file_path: '/home/ann/shop/src/cart.ts',
          old_string: 'a + b',
          new_string: 'Math.round((a + b) * 100) / 100',
        },
      },
      '2026-10-01T10:02:30.000Z',
    ),
    user(
      'u4',
      'a4',
      [
        {
          tool_use_id: 'toolu_2',
          type: 'tool_result',
          content: [{ type: 'text', text: 'The file /home/ann/shop/src/cart.ts has been updated.' }],
        },
      ],
      '2026-10-01T10:02:31.000Z',
      {
        toolUseResult: {
          filePath: '/home/ann/shop/src/cart.ts',
          oldString: 'a + b',
          newString: 'Math.round((a + b) * 100) / 100',
        },
      },
    ),
    { type: 'progress', data: { type: 'hook_progress' }, uuid: 'p1', timestamp: '2026-10-01T10:02:32.000Z' },
    // A compaction: a new root that points back at the conversation it replaced.
    {
      ...base,
      parentUuid: null,
      logicalParentUuid: 'u4',
      type: 'system',
      subtype: 'compact_boundary',
      content: 'Conversation compacted',
      isMeta: false,
      timestamp: '2026-10-01T10:03:00.000Z',
      uuid: 'c1',
      level: 'info',
      compactMetadata: { trigger: 'manual', preTokens: 41234 },
    },
    user(
      'u5',
      'c1',
      'This session is being continued from a previous conversation. Summary: cart.ts rounds cents.',
      '2026-10-01T10:03:01.000Z',
      { isCompactSummary: true },
    ),
    user('u6', 'u5', [{ type: 'text', text: 'now add a test' }], '2026-10-01T10:04:00.000Z'),
    assistant(
      'a5',
      'u6',
      'msg_3',
      { type: 'text', text: 'Adding test/cart.test.ts next.' },
      '2026-10-01T10:04:05.000Z',
    ),
  ];
}

const jsonl = (lines: object[]) => `${lines.map((line) => JSON.stringify(line)).join('\n')}\n`;

describe('Claude Code sessions', () => {
  it('reads the live chain: split replies joined, failed tools flagged, branch and sidechain left out, compaction followed', () => {
    const session = parseSession(jsonl(sessionLines()), { source: 'c.jsonl' });
    expect(session.format).toBe('claude-code');
    expect(session.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'checkout totals are off by one cent, fix it'],
      ['assistant', 'Let me run the tests.'],
      ['tool', 'Exit code 1\nexpected 10.01 to be 10.02'],
      ['user', 'round with Math.round on cents instead'],
      ['assistant', ''],
      ['tool', 'The file /home/ann/shop/src/cart.ts has been updated.'],
      [
        'user',
        '[Claude Code compaction summary]\nThis session is being continued from a previous conversation. Summary: cart.ts rounds cents.',
      ],
      ['user', 'now add a test'],
      ['assistant', 'Adding test/cart.test.ts next.'],
    ]);
    const [, reply, failed, , edit, edited] = session.messages;
    expect(reply?.toolCalls).toEqual([
      { id: 'toolu_1', name: 'Bash', arguments: { command: 'npm test', description: 'Run tests' } },
    ]);
    expect(reply?.id).toBe('a2');
    expect(failed).toMatchObject({ toolCallId: 'toolu_1', toolName: 'Bash', isError: true, id: 'u2' });
    expect(edit?.toolCalls?.[0]?.name).toBe('Edit');
    expect(edited?.isError).toBeUndefined();
    expect(session.metadata).toEqual({
      sessionId: base.sessionId,
      cwd: '/home/ann/shop',
      agentVersion: '2.0.31',
      model: 'claude-sonnet-4-5-20250929',
    });
    const warnings = session.warnings.map((warning) => `${warning.where}: ${warning.message}`).join('\n');
    expect(warnings).toContain('c.jsonl:16: skipped lines of unknown type progress: 1 line');
    expect(warnings).toContain('c.jsonl:4: dropped thinking blocks');
    expect(warnings).toContain('2 conversation line(s) on abandoned branches');
    expect(warnings).toContain('2 sidechain line(s)');
    expect(session.messages.map((message) => message.content).join(' ')).not.toMatch(
      /decimal\.js|invoice\.ts/,
    );
  });

  it('streams a file to the same result as parsing its text', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'compactkit-sessions-')), 'session.jsonl');
    writeFileSync(path, jsonl(sessionLines()));
    const streamed = await readSession(path);
    const parsed = parseSession(jsonl(sessionLines()), { source: path });
    expect(streamed).toEqual(parsed);
  });

  it('names the line and the problem for a corrupt line and for a malformed block', () => {
    const lines = jsonl(sessionLines()).split('\n');
    lines[4] = lines[4]?.slice(0, 40) ?? '';
    expect(() => parseSession(lines.join('\n'), { source: 'c.jsonl' })).toThrow(
      /^c\.jsonl:5: not valid JSON \(.+\); the line is cut or corrupt$/,
    );
    const broken = sessionLines();
    broken[6] = user('u2', 'a3', [{ type: 'tool_result', content: 'x' }], '2026-10-01T10:00:09.000Z');
    const error = captureError(() => parseSession(jsonl(broken), { source: 'c.jsonl' }));
    expect(error.message).toBe('c.jsonl:7: message.content[0].tool_use_id: expected a string');
    broken[6] = user('u2', 'a3', ['not a block'], '2026-10-01T10:00:09.000Z');
    expect(captureError(() => parseSession(jsonl(broken), { source: 'c.jsonl' })).message).toBe(
      'c.jsonl:7: message.content[0]: expected a block object, found a string',
    );
    broken[6] = user('u2', 'a3', 42 as never, '2026-10-01T10:00:09.000Z');
    expect(captureError(() => parseSession(jsonl(broken), { source: 'c.jsonl' })).message).toBe(
      'c.jsonl:7: message.content: expected a string or an array of blocks, found a number',
    );
  });

  it('chooses the newest leaf by timestamp, not by file position', () => {
    const lines = [
      user('r', null, 'start', '2026-10-01T10:00:00.000Z'),
      user('late', 'r', 'the edited request', '2026-10-01T10:05:00.000Z'),
      user('early', 'r', 'the first request', '2026-10-01T10:01:00.000Z'),
    ];
    const session = parseSession(jsonl(lines), { source: 'c.jsonl' });
    expect(session.messages.map((message) => message.content)).toEqual(['start', 'the edited request']);
  });
});

function captureError(action: () => unknown): ValidationError {
  try {
    action();
  } catch (error) {
    if (error instanceof ValidationError) return error;
    throw error;
  }
  throw new Error('expected a ValidationError');
}
