import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { parseSession, readSession, readSessions } from '../../src/sessions/index.js';

const root = new URL('../..', import.meta.url).pathname;

describe('session format detection', () => {
  it('reads message transcripts as before', () => {
    const session = parseSession('{"role":"user","content":"hi"}\n{"role":"assistant","content":"hello"}\n', {
      source: 't.jsonl',
    });
    expect(session.format).toBe('compactkit');
    expect(session.messages).toHaveLength(2);
  });

  it('says which formats were tried when a file is in none of them', () => {
    const text = '{"event":"start","at":1}\n{"event":"stop","at":2}\n';
    expect(() => parseSession(text, { source: 'x.jsonl' })).toThrow(
      'x.jsonl:1: not a format compactkit knows: tried Claude Code session, Codex rollout, and compactkit / OpenAI / Anthropic / AI SDK messages; pass --input-format to force one',
    );
  });

  it('says the same for a file, read through readTranscript', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'compactkit-sessions-')), 'x.jsonl');
    writeFileSync(file, '{"event":"start","at":1}\n');
    await expect(readSession(file)).rejects.toThrow(
      `${file}:1: not a format compactkit knows: tried Claude Code session`,
    );
    writeFileSync(file, '{"role":"user","content":"hi"}\n');
    expect((await readSession(file)).format).toBe('compactkit');
  });

  it('keeps the message readers’ own error for a broken message transcript', () => {
    expect(() => parseSession('{"role":"robot","content":"hi"}\n', { source: 't.jsonl' })).toThrow(
      /^t\.jsonl:1: role/,
    );
  });

  it('honours a forced format: a Codex rollout read as Claude Code names the missing uuid', () => {
    const text =
      '{"timestamp":"2026-10-02T08:00:00.000Z","type":"response_item","payload":{"type":"message","role":"user","content":[]}}\n';
    expect(parseSession(text, { source: 'r.jsonl' }).format).toBe('codex');
    expect(() => parseSession(text, { source: 'r.jsonl', format: 'claude-code' })).toThrow(
      /^r\.jsonl: no claude-code conversation in it/,
    );
  });

  it('reads a folder of sessions in name order, all six samples included', async () => {
    const sessions = await readSessions([join(root, 'samples/sessions')]);
    expect(sessions.map((session) => session.format)).toEqual([
      'claude-code',
      'claude-code',
      'claude-code',
      'codex',
      'codex',
      'codex',
    ]);
    for (const session of sessions) expect(session.messages.length).toBeGreaterThan(30);
    const dir = mkdtempSync(join(tmpdir(), 'compactkit-sessions-'));
    mkdirSync(join(dir, 'nested'));
    writeFileSync(join(dir, 'nested', 'b.jsonl'), '{"role":"user","content":"b"}\n');
    writeFileSync(join(dir, 'a.jsonl'), '{"role":"user","content":"a"}\n');
    writeFileSync(join(dir, 'notes.txt'), 'not a session');
    const read = await readSessions([dir]);
    expect(read.map((session) => session.messages[0]?.content)).toEqual(['a', 'b']);
  });
});
