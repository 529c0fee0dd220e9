import { describe, expect, it } from 'vitest';
import { truncateToolOutput } from '../../src/compaction/index.js';

describe('truncateToolOutput', () => {
  const lines = Array.from({ length: 200 }, (_, index) => `ok line ${index}`);

  it('keeps head and tail and says how much was cut', () => {
    const text = truncateToolOutput(lines.join('\n'), { maxLines: 10, maxChars: 100_000 });
    const kept = text.split('\n');
    expect(kept[0]).toBe('ok line 0');
    expect(kept.at(-1)).toBe('ok line 199');
    expect(text).toContain('[... 190 lines omitted by compaction ...]');
  });

  it('rescues error lines from the omitted middle', () => {
    const withError = [...lines];
    withError[120] = 'TypeError: cannot read properties of undefined (reading "id")';
    const text = truncateToolOutput(withError.join('\n'), { maxLines: 10, maxChars: 100_000 });
    expect(text).toContain('error lines from it:');
    expect(text).toContain('TypeError: cannot read properties of undefined');
  });

  it('caps a single enormous line by characters', () => {
    const text = truncateToolOutput('x'.repeat(1_000_000), { maxLines: 50, maxChars: 8000 });
    expect(text.length).toBeLessThan(8100);
    expect(text).toContain('characters omitted by compaction');
  });

  it('leaves short output alone', () => {
    expect(truncateToolOutput('a\nb', { maxLines: 50, maxChars: 8000 })).toBe('a\nb');
  });
});
