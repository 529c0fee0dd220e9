/**
 * Lines like the filler of a verbatim transcript: test runs, code, logs and short exchanges that state no rule,
 * decision or task. Deterministic: line `index` is always the same text.
 */
export function noiseLine(index: number): string {
  switch (index % 6) {
    case 0:
      return `tool: PASS test/sync/queue-${index}.test.ts (${12 + (index % 50)} ms)`;
    case 1:
      return `tool: src/handlers/route-${index}.ts:${(index % 90) + 1}:  const value${index} = await load(config.key${index});`;
    case 2:
      return `assistant: Reading src/services/cache-${index}.ts to see how entries expire.`;
    case 3:
      return `tool: [info] worker ${index % 8} processed batch ${index} in ${(index * 3) % 97} ms`;
    case 4:
      return `assistant: Looking at src/jobs/export-${index}.ts next.`;
    default:
      return 'user: Thanks, keep going.';
  }
}

/** A transcript-like artifact: `count` noise lines with `inserts` placed at their 1-based line numbers. */
export function transcriptArtifact(count: number, inserts: Record<number, string>): string {
  const lines: string[] = [];
  for (let line = 1; line <= count; line++) lines.push(inserts[line] ?? noiseLine(line));
  return lines.join('\n');
}
