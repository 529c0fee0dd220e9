import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = new URL('../..', import.meta.url).pathname;

/** The ```ts blocks of a doc, in order. */
function codeBlocks(doc: string): string[] {
  return [...readFileSync(join(root, doc), 'utf8').matchAll(/```ts\n([\s\S]*?)```/g)].map(
    (match) => match[1] ?? '',
  );
}

describe('docs/integrations.md', () => {
  // The snippets run in ai-sdk.test.ts and langchain.test.ts; the doc must show exactly that code.
  it.each([
    [
      0,
      'test/integrations/snippets/ai-sdk-agent.ts',
      "'../../../src/integrations/ai-sdk/index.js'",
      "'compactkit/ai-sdk'",
    ],
    [
      1,
      'test/integrations/snippets/langchain-agent.ts',
      "'../../../src/integrations/langchain/index.js'",
      "'compactkit/langchain'",
    ],
  ])('block %i is %s as a user imports it', (index, file, from, to) => {
    const snippet = readFileSync(join(root, file), 'utf8').replace(from, to);
    expect(codeBlocks('docs/integrations.md')[index]).toBe(snippet);
  });
});
