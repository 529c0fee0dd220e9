import { documentProse } from './document-passages.js';
import { namesThingOf } from './document-rules.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { toolExchanges } from './tool-exchanges.js';

/**
 * A check that failed and an action that would skip it. When a hook or a check rejected a command ("[turn 3]
 * tool run_command (failed): … must be in a pull request of their own"), running the command again with the
 * check switched off (`--no-verify`, `SKIP=…`, `HUSKY=0`, `--admin`) is doing what the check exists to stop:
 * what its message says is a rule, as if a person had said it.
 */

// Ways to run a command with its checks switched off.
const BYPASS = /(?:^|\s)(?:--no-verify\b|--skip-(?:checks|hooks|ci)\b|SKIP=\S+|HUSKY=0\b|--admin\b)/;

// A failed output's header, as a rendered transcript writes it.
const FAILED = /^(?:\[turn \d+\]\s*)?tool\b\s*\S{0,80} \(failed\):/;

// A sentence of the message that says what is required ("must", "need", "only", "not").
const REQUIRES = /\b(?:must|needs?|required?|requires|only|not|never)\b/i;

/**
 * The passage of the latest failed output of a command the action runs again with its checks switched off:
 * the sentence of its message that says what is required, else its first sentence of prose, else its first
 * passage. Undefined when the action skips no check or no such command failed.
 */
export function bypassedCheck(parsed: ParsedArtifact, action: string): Passage | undefined {
  if (!BYPASS.test(action)) return undefined;
  const { partner, outputEnd } = toolExchanges(parsed);
  const prose = documentProse(parsed);
  const { passages } = parsed;
  for (let start = passages.length - 1; start >= 0; start--) {
    const header = passages[start] as Passage;
    if (!FAILED.test(header.text)) continue;
    const call = passages[partner[start] as number];
    if (call === undefined || !namesThingOf(call.text, action)) continue;
    const output = passages.slice(start, outputEnd[start] as number);
    const sentences = output.filter((passage) => prose[passage.position] === 1);
    return sentences.find((passage) => REQUIRES.test(passage.text)) ?? sentences[0] ?? header;
  }
  return undefined;
}
