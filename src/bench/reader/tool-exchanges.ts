import type { ParsedArtifact } from './parse-artifact-text.js';

// How a rendered transcript writes a tool call ("[turn 5] assistant calls git {…}"), the start of a tool's
// output ("[turn 5] tool git: …") and any other message ("[turn 6] user: …").
const CALL = /^(?:\[turn (\d+)\]\s*)?assistant calls (\S+)/;
const OUTPUT = /^(?:\[turn (\d+)\]\s*)?tool\b\s*([^\s:]{0,80}):/;
const MESSAGE = /^(?:\[turn \d+\]\s*)?(?:user|assistant|system)\b/;

/** The tool exchanges of a transcript-shaped artifact, by passage position. */
export interface ToolExchanges {
  /** For a call, the position of its output's first passage; for a passage of an output, the call's; else -1. */
  partner: Int32Array;
  /** 1 for each passage inside a tool's output (its first passage included). */
  inOutput: Uint8Array;
  /** For a passage of an output, the position of the output's first passage; else -1. */
  outputStart: Int32Array;
  /** For an output's first passage, the position past its last passage; else -1. */
  outputEnd: Int32Array;
}

const cache = new WeakMap<ParsedArtifact, ToolExchanges>();

/**
 * Pairs each tool call with its output: within a turn, the k-th call of a tool with the k-th output of that
 * tool (calls are often written together, then their outputs). An output runs from its header to the next
 * message, call or section. Read once per parsed artifact; all -1 and 0 for notes that are no transcript.
 */
export function toolExchanges(parsed: ParsedArtifact): ToolExchanges {
  const known = cache.get(parsed);
  if (known !== undefined) return known;
  const { passages } = parsed;
  const partner = new Int32Array(passages.length).fill(-1);
  const inOutput = new Uint8Array(passages.length);
  const outputStart = new Int32Array(passages.length).fill(-1);
  const outputEnd = new Int32Array(passages.length).fill(-1);
  const waiting = new Map<string, number[]>();
  let start = -1;
  let turn = '';
  let afterCall = false;
  const close = (end: number) => {
    if (start >= 0) outputEnd[start] = end;
    start = -1;
  };
  passages.forEach((passage, position) => {
    const call = CALL.exec(passage.text);
    const output = call === null ? OUTPUT.exec(passage.text) : null;
    const header = call ?? output;
    if (header !== null && (header[1] ?? '') !== turn) {
      turn = header[1] ?? '';
      waiting.clear();
    }
    if (call !== null) {
      // Calls written together are answered by the outputs after them: a call after an output or a message
      // starts a new batch, and a call of an earlier batch left without output is answered by none.
      if (!afterCall) waiting.clear();
      afterCall = true;
      close(position);
      const key = call[2] as string;
      waiting.set(key, [...(waiting.get(key) ?? []), position]);
      return;
    }
    afterCall = false;
    if (output !== null) {
      close(position);
      start = position;
      const called = waiting.get(output[2] as string)?.shift();
      if (called !== undefined) {
        partner[called] = position;
        partner[position] = called;
      }
    } else if (start >= 0 && (MESSAGE.test(passage.text) || passage.section !== passages[start]?.section)) {
      close(position);
    }
    if (start < 0) return;
    inOutput[position] = 1;
    outputStart[position] = start;
    if (position !== start) partner[position] = partner[start] as number;
  });
  close(passages.length);
  const exchanges = { partner, inOutput, outputStart, outputEnd };
  cache.set(parsed, exchanges);
  return exchanges;
}

// "[turn 5] tool read_file: ", "[turn 5] assistant calls git ", "[turn 6] user: ": who speaks, not what is said.
const HEADER =
  /^(?:\[turn \d+\]\s*)?(?:tool\b\s*[^\s:]{0,80}:|assistant calls \S+|(?:user|assistant|system):)\s*/;

/** A passage's text without the transcript header that says who speaks (a tool's name is no value of it). */
export function withoutHeader(text: string): string {
  return text.replace(HEADER, '');
}
