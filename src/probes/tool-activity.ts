import type { Message, ToolCall } from '../messages/types.js';

/** What a session did to one file, from its tool calls. */
export interface FileOperation {
  path: string;
  kind: 'read' | 'modified' | 'created' | 'deleted';
  /** For a modification: what changed, as `old → new` or the patch's lines, cut short. */
  change?: string;
  /** The id of the assistant message that made the call. */
  messageId?: string;
}

/** A command the session ran, with how it ended. */
export interface CommandRun {
  command: string;
  output: string;
  isError: boolean;
  messageId?: string;
  resultId?: string;
}

/** A plan or todo list the agent wrote (Claude Code TodoWrite, Codex update_plan). */
export interface PlanSnapshot {
  items: { text: string; status: string }[];
  messageId?: string;
}

/** Everything the tool calls of a history say: files, commands, plans. */
export interface ToolActivity {
  files: FileOperation[];
  commands: CommandRun[];
  plans: PlanSnapshot[];
}

const READ_COMMAND =
  /^(?:cat|nl(?:\s+-\w+)*|head(?:\s+-n?\s*\d+)?|tail(?:\s+-n?\s*\d+)?|sed\s+-n\s+'[^']*'|less)\s+([\w./-]+)/;

/**
 * Reads the tool calls of a history into file operations, commands and plans. Tool names and argument shapes
 * of Claude Code (Read, Edit, MultiEdit, Write, Bash, TodoWrite), Codex (shell with an argv, apply_patch,
 * update_plan) and generic agents (read_file, write_file, edit_file, run_command with `path` / `command`) are
 * understood; paths under `cwd` are made relative so the two agents name files alike.
 */
export function readToolActivity(messages: readonly Message[], options: { cwd?: string } = {}): ToolActivity {
  const results = new Map<string, Message>();
  for (const message of messages)
    if (message.role === 'tool' && message.toolCallId) results.set(message.toolCallId, message);
  const activity: ToolActivity = { files: [], commands: [], plans: [] };
  const relative = (path: string) => relativePath(path, options.cwd);
  for (const message of messages) {
    for (const call of message.toolCalls ?? []) {
      const result = results.get(call.id);
      readCall(call, result, message.id, relative, activity);
    }
  }
  return activity;
}

function readCall(
  call: ToolCall,
  result: Message | undefined,
  messageId: string | undefined,
  relative: (path: string) => string,
  activity: ToolActivity,
): void {
  const args = isObject(call.arguments) ? call.arguments : {};
  const name = call.name.toLowerCase();
  const at = messageId ? { messageId } : {};
  const path = firstString(args, ['file_path', 'path', 'filePath', 'file', 'notebook_path']);
  if (typeof call.arguments === 'string' && call.arguments.includes('*** Begin Patch')) {
    activity.files.push(...readPatch(call.arguments, relative, at));
    return;
  }
  if (name === 'todowrite' || name === 'update_plan' || name === 'todo_write') {
    const list = Array.isArray(args.todos) ? args.todos : Array.isArray(args.plan) ? args.plan : [];
    const items = list.filter(isObject).map((item) => ({
      text: firstString(item, ['content', 'step', 'text', 'title']) ?? '',
      status: firstString(item, ['status']) ?? 'pending',
    }));
    activity.plans.push({ items, ...at });
    return;
  }
  const command = commandText(args.command ?? args.cmd);
  if (command !== undefined) {
    if (command.includes('*** Begin Patch')) {
      activity.files.push(...readPatch(command, relative, at));
      return;
    }
    const read = READ_COMMAND.exec(command.replace(/^cd\s+\S+\s*&&\s*/, ''));
    if (read?.[1]) activity.files.push({ path: relative(read[1]), kind: 'read', ...at });
    activity.commands.push({
      command,
      output: result?.content ?? '',
      isError: result?.isError === true,
      ...at,
      ...(result?.id ? { resultId: result.id } : {}),
    });
    return;
  }
  if (path === undefined) return;
  if (/^(read|read_file|view|open_file|cat)$/.test(name)) {
    activity.files.push({ path: relative(path), kind: 'read', ...at });
  } else if (/^(write|write_file|create_file|create)$/.test(name)) {
    activity.files.push({ path: relative(path), kind: 'created', ...at });
  } else if (/edit|replace|str_replace|patch|notebook/.test(name)) {
    const change = describeEdit(args);
    activity.files.push({ path: relative(path), kind: 'modified', ...(change ? { change } : {}), ...at });
  }
}

/** The files an apply_patch text adds, updates and deletes, with the changed lines of each update. */
function readPatch(
  patch: string,
  relative: (path: string) => string,
  at: { messageId?: string },
): FileOperation[] {
  const operations: FileOperation[] = [];
  let current: FileOperation | undefined;
  const changed: string[] = [];
  const close = () => {
    if (current?.kind === 'modified' && changed.length > 0) current.change = cut(changed.join(' '), 200);
    changed.length = 0;
  };
  for (const line of patch.split('\n')) {
    const header = /^\*\*\* (Add|Update|Delete) File: (.+)$/.exec(line);
    if (header) {
      close();
      const kind = header[1] === 'Add' ? 'created' : header[1] === 'Update' ? 'modified' : 'deleted';
      current = { path: relative((header[2] ?? '').trim()), kind, ...at };
      operations.push(current);
    } else if (current?.kind === 'modified' && /^[+-]/.test(line) && line.trim().length > 1) {
      changed.push(line.trim());
    }
  }
  close();
  return operations;
}

function describeEdit(args: Record<string, unknown>): string | undefined {
  const edits = Array.isArray(args.edits) ? args.edits.filter(isObject) : [args];
  const parts = edits
    .map((edit) => {
      const oldText = firstString(edit, ['old_string', 'oldText', 'old_str', 'search']);
      const newText = firstString(edit, ['new_string', 'newText', 'new_str', 'replace']);
      if (oldText === undefined && newText === undefined) return '';
      return `${squash(oldText ?? '')} → ${squash(newText ?? '')}`;
    })
    .filter((part) => part !== '');
  return parts.length > 0 ? cut(parts.join('; '), 200) : undefined;
}

/** A command as one line: an argv's script (`bash -lc "..."` gives the script), or the string itself. */
function commandText(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (!Array.isArray(value) || !value.every((part) => typeof part === 'string')) return undefined;
  const argv = value as string[];
  if (argv.length >= 3 && /(^|\/)(ba|z)?sh$/.test(argv[0] ?? '') && /^-l?c$/.test(argv[1] ?? ''))
    return argv[2];
  return argv.join(' ');
}

function relativePath(path: string, cwd: string | undefined): string {
  if (cwd && path.startsWith(`${cwd}/`)) return path.slice(cwd.length + 1);
  return path.replace(/^\.\//, '');
}

function firstString(object: Record<string, unknown>, keys: readonly string[]): string | undefined {
  for (const key of keys) {
    const value = object[key];
    if (typeof value === 'string') return value;
  }
  return undefined;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const squash = (text: string): string => cut(text.replace(/\s+/g, ' ').trim(), 90);

/** Cuts text to `length` characters with an ellipsis. */
export function cut(text: string, length: number): string {
  return text.length <= length ? text : `${text.slice(0, length - 1)}…`;
}
