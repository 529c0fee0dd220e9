import { isJsonObject, stringField, tryParseJson } from './json-values.js';

/**
 * A Codex tool output as text and success. Codex has written it three ways: a JSON string
 * `{"output": "...", "metadata": {"exit_code": 1}}`, a plain text `Exit code: 1\nWall time: ...\nOutput:\n...`,
 * or plain text with no status at all (then it is not an error).
 */
export function readCodexOutput(output: unknown): { text: string; isError: boolean } {
  if (isJsonObject(output)) return fromObject(output) ?? { text: JSON.stringify(output), isError: false };
  if (typeof output !== 'string')
    return { text: output === undefined ? '' : JSON.stringify(output), isError: false };
  const parsed = output.startsWith('{') ? tryParseJson(output) : undefined;
  if (isJsonObject(parsed)) {
    const read = fromObject(parsed);
    if (read) return read;
  }
  const exit = /^Exit code: (-?\d+)/.exec(output);
  if (exit) return { text: output, isError: Number(exit[1]) !== 0 };
  return { text: output, isError: false };
}

function fromObject(object: Record<string, unknown>): { text: string; isError: boolean } | undefined {
  const text = stringField(object, 'output');
  if (text === undefined) return undefined;
  const metadata = isJsonObject(object.metadata) ? object.metadata : {};
  const exitCode = metadata.exit_code;
  return { text, isError: typeof exitCode === 'number' && exitCode !== 0 };
}
