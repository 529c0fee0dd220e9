import type { Message, ToolCall } from '../messages/types.js';
import { splitSentences } from './key-sentences.js';
import type { Step } from './split-steps.js';
import { describeCall } from './summarize-turn.js';
import { clip, findErrorLine } from './truncate-tool-output.js';

const MAX_ERROR_CHARS = 240;
const MAX_FOUND_CHARS = 200;
const READ_TOOL = /read|view|cat|open|get_?file|fetch|load|show/i;
const WRITE_TOOL = /write|create|save|new_?file/i;
const EDIT_TOOL = /edit|patch|replace|apply|update|modify|insert|str_replace|delete|remove|move|rename/i;
const COMMAND_TOOL = /bash|shell|exec|run|command|terminal|test|build|lint|compile|deploy/i;
const SEARCH_TOOL = /grep|search|find|glob|list|ls\b/i;
const EXIT_STATUS =
  /\b(?:exit(?:ed)?(?: with)?(?: code| status)?|exit_code|returncode|return code)\s*[:=]?\s*(-?\d+)/i;

/**
 * One deterministic line saying what a step did: each tool call with what it touched and how (read, wrote,
 * edited, ran, searched), commands with their exit status and exact error line, and the assistant's first
 * sentence (what it found or decided). Paths and commands are kept whole up to 160 characters.
 */
export function digestStep(step: Step): string {
  const [first, ...rest] = step.messages;
  if (!first) return '(empty)';
  if (first.role !== 'assistant') {
    return `${first.role} said "${clip(first.content.replace(/\s+/g, ' ').trim(), MAX_FOUND_CHARS)}"`;
  }
  const results = new Map(rest.map((message) => [message.toolCallId, message]));
  const actions = (first.toolCalls ?? []).map((call) => describeAction(call, results.get(call.id)));
  const sentence = splitSentences(first.content)[0];
  const parts = [
    ...(actions.length > 0 ? [actions.join('; ')] : []),
    ...(sentence ? [`said "${clip(sentence, MAX_FOUND_CHARS)}"`] : []),
  ];
  return parts.length > 0 ? parts.join('; ') : 'no tool call, no text';
}

function describeAction(call: ToolCall, result: Message | undefined): string {
  const described = describeCall(call);
  const verb = verbOf(call);
  if (!result) return `${verb} ${described} (no result)`;
  const lines = result.content.split('\n');
  const exit = EXIT_STATUS.exec(result.content)?.[1];
  const errorLine =
    verb === 'ran' || result.isError ? findErrorLine(lines.map((line) => line.trim())) : undefined;
  const outcome: string[] = [];
  if (exit !== undefined) outcome.push(`exit ${exit}`);
  else if (result.isError) outcome.push('failed');
  if (errorLine) outcome.push(`error: "${clip(errorLine, MAX_ERROR_CHARS)}"`);
  if (outcome.length === 0) outcome.push(sizeOf(verb, lines, result.content));
  return `${verb} ${described} -> ${outcome.join(', ')}`;
}

function verbOf(call: ToolCall): string {
  const args = call.arguments;
  const hasCommand =
    args !== null && typeof args === 'object' && ('command' in args || 'cmd' in args || 'script' in args);
  if (hasCommand || COMMAND_TOOL.test(call.name)) return 'ran';
  if (EDIT_TOOL.test(call.name)) return 'edited';
  if (WRITE_TOOL.test(call.name)) return 'wrote';
  if (SEARCH_TOOL.test(call.name)) return 'searched';
  if (READ_TOOL.test(call.name)) return 'read';
  return 'called';
}

function sizeOf(verb: string, lines: readonly string[], content: string): string {
  if (content.trim() === '') return 'empty result';
  if (verb === 'searched') return `${lines.filter((line) => line.trim() !== '').length} line(s) found`;
  if (verb === 'edited' || verb === 'wrote') return `ok: "${clip(lines[0]?.trim() ?? '', 80)}"`;
  return `${lines.length} line(s)`;
}
