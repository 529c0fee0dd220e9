import type { ValidationIssue } from '../errors.js';
import type { ConversionWarning } from '../messages/conversion-types.js';
import type { Message } from '../messages/types.js';
import { readCodexOutput } from './codex-output.js';
import { isJsonObject, type JsonObject, stringField, tryParseJson } from './json-values.js';
import { parseLogLine } from './parse-log-line.js';
import type { SessionMetadata } from './session-types.js';
import { SkipTally } from './skip-tally.js';

/** Envelope types of a rollout line that carry nothing the model saw beyond what response items hold. */
const KNOWN_SKIPPED = new Set(['event_msg', 'turn_context']);

/** Response items Codex writes for its hosted tools; nothing to replay as a message. */
const KNOWN_SKIPPED_ITEMS = new Set(['web_search_call', 'ghost_snapshot']);

/** Text Codex injects as user messages that are really instructions and environment, not the user's words. */
const INJECTED_PREFIXES = ['<user_instructions>', '<environment_context>', '# AGENTS.md instructions'];

/**
 * Reads a Codex CLI rollout line by line: `{timestamp, type, payload}` envelopes (session_meta, response_item,
 * event_msg, turn_context, compacted), and the older files whose first line is the bare session meta and whose
 * other lines are bare response items. Response items are the source of truth: event_msg lines repeat them for
 * the UI and are skipped, so nothing is counted twice.
 */
export class CodexReader {
  private readonly messages: Message[] = [];
  private readonly skipped = new SkipTally();
  private readonly warnings: ConversionWarning[] = [];
  private metadata: SessionMetadata = {};
  readonly issues: ValidationIssue[] = [];

  constructor(private readonly source: string) {}

  /** One line of the file, 1-based. */
  addLine(text: string, line: number): void {
    const where = `${this.source}:${line}`;
    const record = parseLogLine(text, where, this.issues);
    if (record === undefined) return;
    const type = stringField(record, 'type');
    const payload = record.payload;
    if (type !== undefined && isJsonObject(payload)) {
      this.addEnvelope(type, payload, line, `${where}: payload`);
    } else if (line === 1 || (type === undefined && stringField(record, 'id') !== undefined)) {
      // The older layout: the first line is the session meta itself, without an envelope.
      if (type === undefined) this.readMeta(record);
      else this.addItem(record, line, where);
    } else if (stringField(record, 'record_type') === 'state') {
      this.skipped.add('state', line);
    } else if (type !== undefined) {
      this.addItem(record, line, where);
    } else {
      this.issues.push({ where: `${where}: type`, message: 'expected a string (the rollout line type)' });
    }
  }

  /** The messages in order, with what was skipped. */
  finish(): { messages: Message[]; warnings: ConversionWarning[]; metadata: SessionMetadata } {
    const warnings = [...this.warnings, ...this.skipped.toWarnings(this.source, describeSkip)];
    return { messages: this.messages, warnings, metadata: this.metadata };
  }

  private addEnvelope(type: string, payload: JsonObject, line: number, where: string): void {
    if (type === 'session_meta') this.readMeta(payload);
    else if (type === 'response_item') this.addItem(payload, line, where);
    else if (type === 'compacted') {
      const summary = stringField(payload, 'message') ?? '';
      this.messages.push({
        id: `line-${line}`,
        role: 'user',
        content: `[Codex compaction summary]\n${summary}`,
      });
      this.warnings.push({
        where: `${this.source}:${line}`,
        message:
          'Codex compacted the conversation here; its summary is kept as a user message and the history before it is kept too',
      });
    } else if (KNOWN_SKIPPED.has(type)) {
      if (type === 'turn_context') {
        const model = stringField(payload, 'model');
        if (model) this.metadata = { ...this.metadata, model };
      }
      this.skipped.add(type, line);
    } else this.skipped.add(`type ${type}`, line);
  }

  private readMeta(meta: JsonObject): void {
    const sessionId = stringField(meta, 'id');
    const cwd = stringField(meta, 'cwd');
    const agentVersion = stringField(meta, 'cli_version');
    this.metadata = {
      ...this.metadata,
      ...(sessionId ? { sessionId } : {}),
      ...(cwd ? { cwd } : {}),
      ...(agentVersion ? { agentVersion } : {}),
    };
    const instructions = stringField(meta, 'instructions');
    if (instructions)
      this.messages.push({ id: 'session-instructions', role: 'system', content: instructions });
  }

  private addItem(item: JsonObject, line: number, where: string): void {
    const id = `line-${line}`;
    const type = stringField(item, 'type');
    if (type === 'message') this.addMessage(item, id, where);
    else if (type === 'function_call' || type === 'custom_tool_call' || type === 'local_shell_call') {
      const callId = stringField(item, 'call_id') ?? stringField(item, 'id');
      const name = stringField(item, 'name') ?? (type === 'local_shell_call' ? 'local_shell' : undefined);
      if (callId === undefined || name === undefined) {
        const field = callId === undefined ? 'call_id' : 'name';
        this.issues.push({ where: `${where}.${field}`, message: 'expected a string' });
        return;
      }
      const argumentsValue =
        type === 'function_call'
          ? parseArguments(item.arguments)
          : type === 'custom_tool_call'
            ? (stringField(item, 'input') ?? '')
            : (item.action ?? {});
      const call = { id: callId, name, arguments: argumentsValue };
      const previous = this.messages[this.messages.length - 1];
      // Parallel calls and a reply's text then its calls are separate items; one assistant message holds them.
      if (previous?.role === 'assistant') {
        this.messages[this.messages.length - 1] = {
          ...previous,
          toolCalls: [...(previous.toolCalls ?? []), call],
        };
      } else this.messages.push({ id, role: 'assistant', content: '', toolCalls: [call] });
    } else if (type === 'function_call_output' || type === 'custom_tool_call_output') {
      const callId = stringField(item, 'call_id');
      if (callId === undefined) {
        this.issues.push({ where: `${where}.call_id`, message: 'expected a string' });
        return;
      }
      const { text, isError } = readCodexOutput(item.output);
      this.messages.push({
        id,
        role: 'tool',
        toolCallId: callId,
        content: text,
        ...(isError ? { isError } : {}),
      });
    } else if (type === 'reasoning') this.skipped.add('reasoning', line);
    else if (type !== undefined && KNOWN_SKIPPED_ITEMS.has(type)) this.skipped.add(type, line);
    else this.skipped.add(`item ${type ?? '(none)'}`, line);
  }

  private addMessage(item: JsonObject, id: string, where: string): void {
    const role = stringField(item, 'role');
    const content = item.content;
    if (!Array.isArray(content)) {
      this.issues.push({ where: `${where}.content`, message: 'expected an array of content parts' });
      return;
    }
    const texts: string[] = [];
    for (const part of content) {
      if (!isJsonObject(part)) continue;
      const text = stringField(part, 'text');
      if (text !== undefined) texts.push(text);
      else if (part.type === 'input_image') texts.push('[image]');
    }
    const text = texts.join('\n');
    if (role === 'assistant') {
      this.messages.push({ id, role: 'assistant', content: text });
    } else if (role === 'user') {
      const injected = INJECTED_PREFIXES.some((prefix) => text.trimStart().startsWith(prefix));
      this.messages.push({ id, role: injected ? 'system' : 'user', content: text });
    } else if (role === 'developer' || role === 'system') {
      this.messages.push({ id, role: 'system', content: text });
    } else {
      this.issues.push({ where: `${where}.role`, message: 'expected user, assistant, developer or system' });
    }
  }
}

/** Codex sends function arguments as a JSON string; a string that is not JSON is kept as it is. */
function parseArguments(value: unknown): unknown {
  if (typeof value !== 'string') return value ?? {};
  const parsed = tryParseJson(value);
  return parsed === undefined ? value : parsed;
}

function describeSkip(kind: string): string {
  if (kind === 'reasoning')
    return 'dropped reasoning items (encrypted or summaries; compactkit messages carry no reasoning)';
  if (kind === 'event_msg') return 'skipped event_msg lines (UI events repeating the response items)';
  if (kind === 'turn_context') return 'skipped turn_context lines (per-turn settings)';
  if (kind.startsWith('type ') || kind.startsWith('item ')) return `skipped lines of unknown ${kind}`;
  return `skipped ${kind}`;
}
