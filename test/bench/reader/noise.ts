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

/**
 * A line of a verbatim transcript, of many shapes: tool output, code, markdown, a wide character (stored two
 * bytes a character), a line long enough to be read as sentences, list items, headings that change the
 * section of the lines below, blank lines. Deterministic: line `index` is always the same text.
 */
export function variedLine(index: number): string {
  switch (index % 13) {
    case 0:
      return `assistant: The retry loop in src/sync/queue-${index % 40}.ts — the one with backoff — looks fine.`;
    case 1:
      return `- step ${index}: **rerun** the \`sync\` suite 🚀`;
    case 2:
      return '';
    case 3:
      return index % 39 === 3 ? 'Locked decisions:' : `tool: [warn] cache miss for key-${index % 17}`;
    case 4:
      return index % 52 === 4
        ? 'Forbidden behaviors:'
        : `1. Check [the runbook](https://example.com/run/${index % 9})`;
    case 5:
      return (
        `assistant: I read through the whole exporter (${index} lines changed). It writes CSV files to the ` +
        'reports bucket and never retries on a timeout, which explains the gaps we saw last week. The fix is ' +
        'small: wrap the upload in the shared retry helper, keep the batch size at 500, and log each failed ' +
        'attempt with its key so the next on-call engineer can replay it by hand if the bucket is down again.'
      );
    case 6:
      return index % 65 === 6 ? 'Summary of the day' : `user: Thanks, keep going with item ${index % 5}.`;
    default:
      return noiseLine(index);
  }
}

/** Lines `from` to `to` (inclusive) of `variedLine`, with `inserts` in place of the lines at their indexes. */
export function variedTranscript(from: number, to: number, inserts: Record<number, string> = {}): string[] {
  const lines: string[] = [];
  for (let index = from; index <= to; index++) lines.push(inserts[index] ?? variedLine(index));
  return lines;
}
