import { withoutHeader } from './message-header.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { transcriptMessages } from './transcript-messages.js';

export { withoutHeader };

// How a rendered transcript writes a tool call ("[turn 5] assistant calls git {…}") and the start of a tool's
// output ("[turn 5] tool git: …", "[turn 5] tool git (failed): …"), each a message of its own (see
// `transcriptMessages`).
const CALL = /^(?:\[turn (\d+)\]\s*)?assistant calls (\S+)/;
const OUTPUT = /^(?:\[turn (\d+)\]\s*)?tool\b\s*([^\s:]{0,80})(?: \(failed\))?:/;

/** The tool exchanges of a transcript-shaped artifact, by passage position. */
export interface ToolExchanges {
  /** For a call, the position of its output's first passage; for a passage of an output, the call's; else -1. */
  partner: Int32Array;
  /** 1 for each passage inside a tool's output (its first passage included). */
  inOutput: Uint8Array;
  /** For an output's first passage, the position past its last passage; else -1. */
  outputEnd: Int32Array;
}

const cache = new WeakMap<ParsedArtifact, ToolExchanges>();

/**
 * Pairs each tool call with its output: within a turn, the k-th call of a tool with the k-th output of that
 * tool (calls are often written together, then their outputs). An output is the message its header opens.
 * Read once per parsed artifact; all -1 and 0 for notes that are no transcript.
 */
export function toolExchanges(parsed: ParsedArtifact): ToolExchanges {
  const known = cache.get(parsed);
  if (known !== undefined) return known;
  const { passages } = parsed;
  const partner = new Int32Array(passages.length).fill(-1);
  const inOutput = new Uint8Array(passages.length);
  const outputEnd = new Int32Array(passages.length).fill(-1);
  const waiting = new Map<string, number[]>();
  let turn = '';
  let afterCall = false;
  for (const message of transcriptMessages(parsed)) {
    const text = message.role === 'other' ? (passages[message.start]?.text ?? '') : '';
    const call = CALL.exec(text);
    const output = call === null ? OUTPUT.exec(text) : null;
    const header = call ?? output;
    if (header === null) {
      afterCall = false;
      continue;
    }
    if ((header[1] ?? '') !== turn) {
      turn = header[1] ?? '';
      waiting.clear();
    }
    const tool = header[2] as string;
    if (call !== null) {
      // Calls written together are answered by the outputs after them: a call after an output or a message
      // starts a new batch, and a call of an earlier batch left without output is answered by none.
      if (!afterCall) waiting.clear();
      afterCall = true;
      waiting.set(tool, [...(waiting.get(tool) ?? []), message.start]);
      continue;
    }
    afterCall = false;
    outputEnd[message.start] = message.end;
    const called = waiting.get(tool)?.shift();
    if (called !== undefined) partner[called] = message.start;
    for (let position = message.start; position < message.end; position++) {
      inOutput[position] = 1;
      if (called !== undefined) partner[position] = called;
    }
  }
  const exchanges = { partner, inOutput, outputEnd };
  cache.set(parsed, exchanges);
  return exchanges;
}
