/** Splits prose into sentences and lines, the units probes quote. */
export function sentencesOf(text: string): string[] {
  return text
    .split(/\n+|(?<=[.!?])\s+(?=[A-Z`"(])/)
    .map((sentence) => sentence.replace(/^[-*•]\s+/, '').trim())
    .filter((sentence) => sentence.length > 0);
}

/**
 * The line of a command's output that says what went wrong: an `XxxError:` or `Exception:` line first (the
 * message itself), else a FAIL / error / fatal line, else the first non-empty line.
 */
export function errorLineOf(output: string): string | undefined {
  const lines = output
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return (
    lines.find((line) => /\b\w*(Error|Exception)\b:/.test(line)) ??
    lines.find(
      (line) => /^(FAIL|ERROR|error|fatal|panic)\b|\bfailed\b/i.test(line) && !/^exit code/i.test(line),
    ) ??
    lines.find((line) => !/^exit code/i.test(line))
  );
}

/** `name 1.2.3` / `name v1.2` mentions: tools and dependencies with the versions the people named. */
export function versionMentions(text: string): string[] {
  const found: string[] = [];
  for (const match of text.matchAll(/\b([A-Za-z][\w.@/-]*[A-Za-z])\s+v?(\d+\.\d+(?:\.\d+)?)\b/g)) {
    const name = match[1] ?? '';
    if (/^(line|lines|step|section|version|and|or|at|of|to|is|in|on|with|from)$/i.test(name)) continue;
    found.push(`${name} ${match[2]}`);
  }
  return found;
}

/** Spans in backticks, the names people write as code (functions, options, paths). */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`\n]{2,80})`/g)].map((match) => match[1] ?? '');
}

/** A test's title from a runner's failure line (`FAIL file > suite > title`, `× suite > title 12ms`). */
export function failingTestTitles(output: string): string[] {
  const titles = new Set<string>();
  for (const line of output.split('\n')) {
    const fail = /^\s*(?:FAIL|×|✕|✗)\s+(.+?)(?:\s+\d+ms)?\s*$/.exec(line);
    if (!fail?.[1]) continue;
    const parts = fail[1].split(' > ');
    if (parts.length < 2) continue;
    titles.add((parts[parts.length - 1] ?? '').trim());
  }
  return [...titles];
}
