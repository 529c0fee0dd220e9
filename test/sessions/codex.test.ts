import { describe, expect, it } from 'vitest';
import { parseSession } from '../../src/sessions/index.js';

const at = (second: number) => `2026-10-02T08:00:${String(second).padStart(2, '0')}.000Z`;
const line = (second: number, type: string, payload: object) => ({ timestamp: at(second), type, payload });

/** A rollout in Codex CLI's on-disk shape: envelopes, a failing shell call, apply_patch, reasoning, a compaction. */
function rollout(): object[] {
  return [
    line(0, 'session_meta', {
      id: '5b1c0e0e-2222-4c2b-9d55-2e0f6b2b0a22',
      timestamp: at(0),
      cwd: '/srv/api',
      originator: 'codex_cli_rs',
      cli_version: '0.46.0',
      instructions: 'Always run the linter before committing.',
      git: { branch: 'main' },
    }),
    line(1, 'response_item', {
      type: 'message',
      role: 'user',
      content: [
        { type: 'input_text', text: '<environment_context>\n  <cwd>/srv/api</cwd>\n</environment_context>' },
      ],
    }),
    line(2, 'turn_context', {
      cwd: '/srv/api',
      approval_policy: 'on-request',
      model: 'gpt-5-codex',
      effort: 'medium',
      summary: 'auto',
    }),
    line(3, 'response_item', {
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'the /health endpoint returns 500, fix it' }],
    }),
    line(3, 'event_msg', {
      type: 'user_message',
      message: 'the /health endpoint returns 500, fix it',
      images: [],
    }),
    line(4, 'response_item', {
      type: 'reasoning',
      summary: [{ type: 'summary_text', text: '**Checking the handler**' }],
      content: null,
      encrypted_content: 'gAAAAAB',
    }),
    line(5, 'response_item', {
      type: 'function_call',
      name: 'shell',
      arguments: '{"command":["bash","-lc","curl -s localhost:8080/health"],"workdir":"/srv/api"}',
      call_id: 'call_a',
    }),
    line(6, 'response_item', {
      type: 'function_call_output',
      call_id: 'call_a',
      output:
        '{"output":"curl: (7) Failed to connect to localhost port 8080","metadata":{"exit_code":7,"duration_seconds":0.1}}',
    }),
    line(6, 'event_msg', { type: 'token_count', info: null, rate_limits: null }),
    line(7, 'response_item', {
      type: 'custom_tool_call',
      status: 'completed',
      call_id: 'call_b',
      name: 'apply_patch',
      input:
        '*** Begin Patch\n*** Update File: src/health.ts\n@@\n-  return db.ping();\n+  return db.ping().then(() => "ok");\n*** End Patch',
    }),
    line(8, 'response_item', {
      type: 'custom_tool_call_output',
      call_id: 'call_b',
      output:
        '{"output":"Success. Updated the following files:\\nM src/health.ts\\n","metadata":{"exit_code":0,"duration_seconds":0.0}}',
    }),
    line(9, 'response_item', {
      type: 'function_call',
      name: 'shell',
      arguments: '{"command":["bash","-lc","npm test"]}',
      call_id: 'call_c',
    }),
    line(10, 'response_item', {
      type: 'function_call_output',
      call_id: 'call_c',
      output: 'Exit code: 0\nWall time: 2.1 seconds\nOutput:\n12 passing',
    }),
    line(11, 'response_item', {
      type: 'message',
      role: 'assistant',
      content: [{ type: 'output_text', text: 'Fixed: the handler now resolves to "ok".' }],
    }),
    line(11, 'event_msg', { type: 'agent_message', message: 'Fixed: the handler now resolves to "ok".' }),
    line(12, 'compacted', { message: 'User asked to fix /health; src/health.ts patched; tests pass.' }),
    line(13, 'response_item', { type: 'ghost_commit', ghost_commit: {} }),
    line(14, 'response_item', {
      type: 'message',
      role: 'user',
      content: [{ type: 'input_text', text: 'thanks, commit it' }],
    }),
  ];
}

const jsonl = (lines: object[]) => `${lines.map((entry) => JSON.stringify(entry)).join('\n')}\n`;

describe('Codex CLI rollouts', () => {
  it('reads response items as messages: exit codes become errors, patches stay as text, event_msg not doubled', () => {
    const session = parseSession(jsonl(rollout()), { source: 'rollout.jsonl' });
    expect(session.format).toBe('codex');
    expect(session.messages.map((message) => message.role)).toEqual([
      'system',
      'system',
      'user',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'tool',
      'assistant',
      'user',
      'user',
    ]);
    const [
      instructions,
      environment,
      request,
      first,
      curl,
      second,
      patch,
      third,
      tests,
      reply,
      summary,
      last,
    ] = session.messages;
    expect(instructions?.content).toBe('Always run the linter before committing.');
    expect(environment?.content).toContain('<environment_context>');
    expect(request?.content).toBe('the /health endpoint returns 500, fix it');
    // Each call after a result is a new step: a new assistant message, as the model produced it.
    expect(first?.toolCalls).toEqual([
      {
        id: 'call_a',
        name: 'shell',
        arguments: { command: ['bash', '-lc', 'curl -s localhost:8080/health'], workdir: '/srv/api' },
      },
    ]);
    expect(second?.toolCalls).toEqual([
      {
        id: 'call_b',
        name: 'apply_patch',
        arguments: expect.stringContaining('*** Update File: src/health.ts'),
      },
    ]);
    expect(third?.toolCalls).toEqual([
      { id: 'call_c', name: 'shell', arguments: { command: ['bash', '-lc', 'npm test'] } },
    ]);
    expect(curl).toMatchObject({
      toolCallId: 'call_a',
      toolName: 'shell',
      isError: true,
      content: 'curl: (7) Failed to connect to localhost port 8080',
    });
    expect(patch).toMatchObject({
      toolCallId: 'call_b',
      content: 'Success. Updated the following files:\nM src/health.ts\n',
    });
    expect(patch?.isError).toBeUndefined();
    expect(tests?.isError).toBeUndefined();
    expect(reply?.content).toBe('Fixed: the handler now resolves to "ok".');
    expect(summary?.content).toMatch(/^\[Codex compaction summary\]\nUser asked to fix \/health/);
    expect(last?.content).toBe('thanks, commit it');
    expect(session.metadata).toEqual({
      sessionId: '5b1c0e0e-2222-4c2b-9d55-2e0f6b2b0a22',
      cwd: '/srv/api',
      agentVersion: '0.46.0',
      model: 'gpt-5-codex',
    });
    const warnings = session.warnings.map((warning) => `${warning.where}: ${warning.message}`).join('\n');
    expect(warnings).toContain('rollout.jsonl:16: Codex compacted the conversation here');
    expect(warnings).toContain('rollout.jsonl:6: dropped reasoning items');
    expect(warnings).toContain('rollout.jsonl:17: skipped lines of unknown item ghost_commit: 1 line');
    expect(warnings).toContain('skipped event_msg lines (UI events repeating the response items): 3 lines');
  });

  it('reads the older layout: a bare session meta line, then bare response items', () => {
    const text = jsonl([
      { id: '5b1c0e0e-3333-4c2b-9d55-2e0f6b2b0a33', timestamp: '2025-05-01T08:00:00.000Z', instructions: '' },
      { type: 'message', role: 'user', content: [{ type: 'input_text', text: 'list files' }] },
      { record_type: 'state' },
      { type: 'function_call', name: 'shell', arguments: '{"command":["ls"]}', call_id: 'call_1' },
      {
        type: 'function_call_output',
        call_id: 'call_1',
        output: '{"output":"README.md\\n","metadata":{"exit_code":0}}',
      },
    ]);
    const session = parseSession(text, { source: 'old.jsonl' });
    expect(session.format).toBe('codex');
    expect(session.messages.map((message) => [message.role, message.content])).toEqual([
      ['user', 'list files'],
      ['assistant', ''],
      ['tool', 'README.md\n'],
    ]);
  });

  it('names the line of a malformed item and of a corrupt line', () => {
    const lines = rollout();
    lines[6] = line(5, 'response_item', { type: 'function_call', name: 'shell', arguments: '{}' });
    expect(() => parseSession(jsonl(lines), { source: 'r.jsonl' })).toThrow(
      /^r\.jsonl:7: payload\.call_id: expected a string$/,
    );
    const text = jsonl(rollout()).replace('"type":"compacted"', '"type":"compacted"}{');
    expect(() => parseSession(text, { source: 'r.jsonl' })).toThrow(/^r\.jsonl:16: not valid JSON/);
  });
});
