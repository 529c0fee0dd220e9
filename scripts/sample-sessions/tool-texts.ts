import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ScenarioCall } from './scenario-types.js';

const REPO = join(import.meta.dirname, '..', '..');

/** The text a read returns: the given content, or the file of this repository as it is when generating. */
export function readContent(call: Extract<ScenarioCall, { tool: 'read' }>): string {
  return call.content ?? readFileSync(join(REPO, call.path), 'utf8');
}

/** `cat -n` style numbering, the way Claude Code's Read tool shows a file. */
export function numberLines(text: string): string {
  const lines = text.endsWith('\n') ? text.slice(0, -1).split('\n') : text.split('\n');
  return lines.map((line, index) => `${String(index + 1).padStart(6)}→${line}`).join('\n');
}

/** A unified-diff body for an edit: the removed lines, then the added ones. */
export function diffLines(oldText: string, newText: string): string[] {
  return [...oldText.split('\n').map((line) => `-${line}`), ...newText.split('\n').map((line) => `+${line}`)];
}

/** A Codex apply_patch input for an edit or a new file. */
export function applyPatchText(call: Extract<ScenarioCall, { tool: 'edit' | 'write' }>): string {
  if (call.tool === 'write') {
    const body = call.content
      .replace(/\n$/, '')
      .split('\n')
      .map((line) => `+${line}`);
    return ['*** Begin Patch', `*** Add File: ${call.path}`, ...body, '*** End Patch'].join('\n');
  }
  return [
    '*** Begin Patch',
    `*** Update File: ${call.path}`,
    '@@',
    ...diffLines(call.oldText, call.newText),
    '*** End Patch',
  ].join('\n');
}
