import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readTranscript } from '../../src/messages/index.js';
import { decodeUtf8, invalidUtf8Offsets } from '../../src/validation/decode-utf8.js';
import { runBuiltCli } from '../support/built-cli.js';

/*
 * Bytes that are not UTF-8 in a transcript or a template are still read (as U+FFFD, as before) but never
 * silently: a warning names the file and the byte offset of the first bad sequence and how many there are.
 */

const root = new URL('../..', import.meta.url).pathname;
const directory = mkdtempSync(join(tmpdir(), 'compactkit-invalid-utf8-'));
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/** `text` as UTF-8 with `bad` bytes put in place of the marker `@@`. */
function withBytes(text: string, bad: readonly number[]): Buffer {
  const [before = '', after = ''] = text.split('@@');
  return Buffer.concat([Buffer.from(before), Buffer.from(bad), Buffer.from(after)]);
}

describe('invalid UTF-8 is reported with its byte offset', () => {
  it('finds one offset per replacement character a decoder writes, the first where the valid prefix ends', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (raw) => {
        // No encoded U+FFFD (EF BF BD) in the input, so every U+FFFD in the output is a replacement.
        const bytes = raw.map((byte) => (byte === 0xbd ? 0xbe : byte));
        const offsets = invalidUtf8Offsets(bytes);
        const replaced = (lenient.decode(bytes).match(/\uFFFD/g) ?? []).length;
        expect(offsets).toHaveLength(replaced);
        const first = offsets[0];
        if (first !== undefined) {
          expect(() => new TextDecoder('utf-8', { fatal: true }).decode(bytes.slice(0, first))).not.toThrow();
        }
      }),
      { numRuns: 2000 },
    );
    expect(
      invalidUtf8Offsets(Buffer.from([0x61, 0xe9, 0x62, 0xe2, 0x82, 0x63, 0xf0, 0x9f, 0x98, 0x80])),
    ).toEqual([1, 3]);
    expect(decodeUtf8(Buffer.from('plain é text'), 'x.json')).toEqual({ text: 'plain é text' });
  });

  it('warns about a transcript with a Latin-1 byte, naming file and offset, and keeps reading', async () => {
    const file = join(directory, 'latin1.jsonl');
    const bytes = withBytes(
      `${JSON.stringify({ role: 'user', content: 'hello' })}\n{"role":"assistant","content":"caf@@ ok"}\n`,
      [0xe9],
    );
    writeFileSync(file, bytes);
    const offset = bytes.indexOf(0xe9);
    const transcript = await readTranscript(file);
    expect(transcript.messages.map((message) => message.content)).toEqual(['hello', 'caf\uFFFD ok']);
    expect(transcript.warnings[0]).toEqual({
      where: file,
      message: `invalid UTF-8 at byte ${offset}; read as U+FFFD (�); save the file as UTF-8`,
    });
    const cli = runBuiltCli(['compact', file], { cwd: directory });
    expect(cli.code).toBe(0);
    expect(`${cli.stdout}${cli.stderr}`).toContain(`warning: ${file}: invalid UTF-8 at byte ${offset};`);
  }, 60_000);

  it('warns about a template with cut multi-byte characters, and still generates from it', () => {
    const base = readFileSync(join(root, 'test/bench/fixtures/mini-suite/plan_flip.yaml'), 'utf8');
    // A truncated "é" (C3 without its continuation) twice, in the assistant's line.
    const bytes = withBytes(base.replace('Sounds good.', 'Sounds @@ good.'), [0xc3, 0x20, 0xc3]);
    const file = join(directory, 'cut.yaml');
    writeFileSync(file, bytes);
    const offset = bytes.indexOf(0xc3);
    const result = runBuiltCli(['bench', 'generate', '--suite', file, '--template', 'plan_flip']);
    expect(result.stderr).toBe(
      `compactkit: warning: ${file}: invalid UTF-8 at byte ${offset} (and 1 more place); read as U+FFFD (�); save the file as UTF-8\n`,
    );
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('Sounds \uFFFD \uFFFD good.');
  }, 60_000);
});
