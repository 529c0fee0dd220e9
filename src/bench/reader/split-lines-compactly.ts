import { Buffer } from 'node:buffer';

// A character that does not fit in one byte: a string holding one is stored with two bytes per character.
const WIDE_CHARACTER = /[\u0100-\uffff]/g;

/**
 * `text.split('\n')`, with every line that fits in one byte per character stored that way. V8 stores a string
 * with a single wide character (a dash, an emoji) at two bytes per character, and so every line cut from it,
 * and normalising such a line is slower. The runs of lines between wide ones are converted in one go each.
 */
export function splitLinesCompactly(text: string): string[] {
  const lines: string[] = [];
  let start = 0;
  const wide = new RegExp(WIDE_CHARACTER);
  for (let match = wide.exec(text); match !== null; match = wide.exec(text)) {
    const lineStart = text.lastIndexOf('\n', match.index) + 1;
    const next = text.indexOf('\n', match.index);
    const lineEnd = next < 0 ? text.length : next;
    // The run of narrow lines before this wide one, then the wide line as it is.
    if (lineStart > start) pushAll(lines, narrowCopy(text.slice(start, lineStart - 1)).split('\n'));
    lines.push(text.slice(lineStart, lineEnd));
    if (next < 0) return lines;
    start = lineEnd + 1;
    wide.lastIndex = start;
  }
  if (start === 0) return narrowCopy(text).split('\n');
  pushAll(lines, narrowCopy(text.slice(start)).split('\n'));
  return lines;
}

// Not `push(...more)`: a run of a hundred thousand lines would overflow the call stack.
function pushAll(lines: string[], more: readonly string[]): void {
  for (const line of more) lines.push(line);
}

function narrowCopy(text: string): string {
  return Buffer.from(text, 'latin1').toString('latin1');
}

/**
 * A copy of `text` that does not keep the string it was cut from alive: V8 represents `split` and `slice`
 * results as views into their parent, so one cached 60-character line would otherwise pin a 450 KB artifact.
 * Concatenating builds a new string (flattened on first use) and the slice is a view into that one.
 */
export function detachedCopy(text: string): string {
  return ` ${text}`.slice(1);
}
