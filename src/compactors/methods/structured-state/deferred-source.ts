/**
 * A value settled by pointing at what the agent read: "trust the file, my memory's bad", "go with what their docs
 * recommend", "use whatever the config says". The user's message names no value; the value is in the output of
 * the file or page read before it. The lines of that output on the session's subject are kept with the message
 * as the decision, so the notes say what "the file" said.
 */

import type { Message, ToolCall } from '../../../messages/types.js';

// Deferring to a source: a verb of following, then the source ("trust the file", "go by the config"), or the
// source doing the telling ("what their docs recommend", "whatever the README says").
const SOURCE = `(?:[\\w.-]+ )?(?:file|config(?:uration)?|settings|docs?|documentation|guide|readme|manifest|spec|page|article|runbook)`;
const DEFERS = new RegExp(
  String.raw`\b(?:trust|go (?:with|by)|use|follow|stick (?:to|with)|believe) (?:the|that|their|our|this) ${SOURCE}\b|\bwhat(?:ever)? (?:the|their|our|that|this) ${SOURCE} (?:says?|recommends?|suggests?|has|lists?|gives?)\b|\b(?:the|their|our) ${SOURCE} (?:is|are|was|were) right\b`,
  'i',
);

// Tools whose output is a file or page read, not a command's result.
const READ_TOOL = /read|open|view|cat|fetch|get_file|show|browse/i;

/** The file or page an agent read last, as the notes name it, with what it returned. */
export interface ReadSource {
  source: string;
  content: string;
}

/** How a read call is named in the notes: the tool with its path or address. */
function sourceName(call: ToolCall): string {
  const args = call.arguments;
  if (args !== null && typeof args === 'object') {
    for (const key of ['path', 'file', 'file_path', 'filePath', 'url', 'uri']) {
      const value = (args as Record<string, unknown>)[key];
      if (typeof value === 'string' && value !== '') return `${call.name} \`${value}\``;
    }
  }
  return call.name;
}

/** The read a tool message answers, or undefined when its call was no read. */
export function readSourceOf(message: Message, calls: ReadonlyMap<string, ToolCall>): ReadSource | undefined {
  if (message.role !== 'tool' || message.toolCallId === undefined) return undefined;
  const call = calls.get(message.toolCallId);
  if (call === undefined || !READ_TOOL.test(call.name)) return undefined;
  return { source: sourceName(call), content: message.content };
}

/** Whether a user's message settles something by deferring to what was read ("trust the file"). */
export function defersToSource(text: string): boolean {
  return DEFERS.test(text.replace(/[’‘ʼ]/g, "'"));
}

// Words that say nothing of a subject, three letters and more.
const PLAIN = new Set(
  'the and for are but not you was our out can had his its may now off one too use all any few how who why what when this that with from have they them then than there their these those will would could should into just also more some such very your yours about after again been before being both does each into only other over same under until were which while'.split(
    ' ',
  ),
);

/** A text's words of three letters or more, split at underscores and dashes ("kms_key" gives kms, key). */
function words(text: string): Set<string> {
  const found = new Set<string>();
  for (const word of text.toLowerCase().match(/\p{L}{3,}/gu) ?? []) {
    if (PLAIN.has(word)) continue;
    found.add(word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return found;
}

// How much of the session's subject a line of the source must name to be on it (a word of the deferring message
// counts twice: "use that KMS key too" says which lines), and how many lines are kept.
const ON_SUBJECT = 4;
const MAX_LINES = 4;
const MAX_LINE_CHARS = 240;

interface Scored {
  line: string;
  at: number;
  score: number;
}

/** The lines of a source on the subject, scored by the words they share with what the user said. */
function scoredLines(source: ReadSource, deferring: string, earlier: string): Scored[] {
  const pointed = words(deferring);
  const subject = words(earlier);
  return source.content
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '' && line.length <= MAX_LINE_CHARS)
    .map((line, at) => {
      let score = 0;
      for (const word of words(line)) score += pointed.has(word) ? 2 : subject.has(word) ? 1 : 0;
      return { line, at, score };
    })
    .filter((row) => row.score >= ON_SUBJECT)
    .sort((a, b) => b.score - a.score || a.at - b.at)
    .slice(0, MAX_LINES)
    .sort((a, b) => a.at - b.at);
}

/**
 * The decision a deferring message makes, in the words of the source it defers to ("Per read_file `x.yaml`:
 * bucket: … | kms_key: …"): among the files and pages read, the one whose lines say most on the subject the user
 * spoke of (the newest among equals). Undefined when no line of any says anything on it.
 */
export function deferredDecision(
  reads: readonly ReadSource[],
  deferring: string,
  earlier: string,
): string | undefined {
  let best: { source: ReadSource; lines: Scored[]; score: number } | undefined;
  for (const source of reads) {
    const lines = scoredLines(source, deferring, earlier);
    const score = lines.reduce((sum, row) => sum + row.score, 0);
    if (lines.length > 0 && (best === undefined || score >= best.score)) best = { source, lines, score };
  }
  if (best === undefined) return undefined;
  return `Per ${best.source.source}: ${best.lines.map((row) => row.line).join(' | ')}`;
}
