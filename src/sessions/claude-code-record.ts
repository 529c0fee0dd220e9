import type { ValidationIssue } from '../errors.js';
import type { Attachment, Message, ToolCall } from '../messages/types.js';
import { describeJsonType, isJsonObject, type JsonObject, stringField } from './json-values.js';
import type { SkipTally } from './skip-tally.js';

/** One conversation line converted: its messages, and the Anthropic message id that joins split replies. */
export interface ClaudeCodePiece {
  messages: Message[];
  /** Claude Code writes one assistant reply as several lines (one per block) sharing `message.id`. */
  assistantId?: string;
  model?: string;
}

/** What converting a line needs besides the line: where it is, and where problems and skips go. */
export interface ClaudeCodeLineContext {
  where: string;
  line: number;
  issues: ValidationIssue[];
  skipped: SkipTally;
}

/** Converts one user / assistant / system line of the live chain into compactkit messages. */
export function convertClaudeCodeRecord(record: JsonObject, context: ClaudeCodeLineContext): ClaudeCodePiece {
  const type = record.type;
  const uuid = stringField(record, 'uuid') ?? `line-${context.line}`;
  if (type === 'system') {
    // Notices the UI showed (hook output, compact boundaries, API errors), never sent to the model.
    context.skipped.add(
      `system:${stringField(record, 'subtype') ?? stringField(record, 'level') ?? 'notice'}`,
      context.line,
    );
    return { messages: [] };
  }
  if (record.isMeta === true) {
    // Caveats Claude Code injects around local commands; not the user's words.
    context.skipped.add('meta', context.line);
    return { messages: [] };
  }
  const message = record.message;
  if (!isJsonObject(message)) {
    context.issues.push({
      where: `${context.where}: message`,
      message: `expected an object (the Anthropic message), found ${describeJsonType(message)}`,
    });
    return { messages: [] };
  }
  return type === 'assistant'
    ? convertAssistant(message, uuid, context)
    : convertUser(message, uuid, record.isCompactSummary === true, context);
}

function convertUser(
  message: JsonObject,
  uuid: string,
  compactSummary: boolean,
  context: ClaudeCodeLineContext,
): ClaudeCodePiece {
  const content = message.content;
  if (typeof content === 'string') {
    const text = compactSummary ? `[Claude Code compaction summary]\n${content}` : content;
    return { messages: [{ id: uuid, role: 'user', content: text }] };
  }
  const blocks = contentBlocks(content, context);
  if (blocks === undefined) return { messages: [] };
  const messages: Message[] = [];
  const texts: string[] = [];
  const attachments: Attachment[] = [];
  for (const { block, path } of blocks) {
    if (block.type === 'tool_result') {
      const toolCallId = stringField(block, 'tool_use_id');
      if (toolCallId === undefined) {
        context.issues.push({ where: `${path}.tool_use_id`, message: 'expected a string' });
        continue;
      }
      messages.push({
        id: messages.length === 0 ? uuid : `${uuid}#${messages.length}`,
        role: 'tool',
        toolCallId,
        content: toolResultText(block.content),
        ...(block.is_error === true ? { isError: true } : {}),
      });
    } else if (block.type === 'text') {
      const text = stringField(block, 'text');
      if (text === undefined) context.issues.push({ where: `${path}.text`, message: 'expected a string' });
      else texts.push(text);
    } else if (block.type === 'image') {
      attachments.push(imageAttachment(block));
    } else {
      context.skipped.add(`user block ${String(block.type)}`, context.line);
    }
  }
  if (texts.length > 0 || attachments.length > 0) {
    messages.push({
      id: messages.length === 0 ? uuid : `${uuid}#${messages.length}`,
      role: 'user',
      content: texts.join('\n'),
      ...(attachments.length > 0 ? { attachments } : {}),
    });
  }
  return { messages };
}

function convertAssistant(
  message: JsonObject,
  uuid: string,
  context: ClaudeCodeLineContext,
): ClaudeCodePiece {
  const assistantId = stringField(message, 'id');
  const model = stringField(message, 'model');
  const base = { ...(assistantId ? { assistantId } : {}), ...(model ? { model } : {}) };
  const content = message.content;
  if (typeof content === 'string') return { ...base, messages: [{ id: uuid, role: 'assistant', content }] };
  const blocks = contentBlocks(content, context);
  if (blocks === undefined) return { messages: [] };
  const texts: string[] = [];
  const toolCalls: ToolCall[] = [];
  for (const { block, path } of blocks) {
    if (block.type === 'text') {
      const text = stringField(block, 'text');
      if (text === undefined) context.issues.push({ where: `${path}.text`, message: 'expected a string' });
      else texts.push(text);
    } else if (block.type === 'tool_use') {
      const id = stringField(block, 'id');
      const name = stringField(block, 'name');
      if (id === undefined || name === undefined) {
        const field = id === undefined ? 'id' : 'name';
        context.issues.push({ where: `${path}.${field}`, message: 'expected a string' });
        continue;
      }
      toolCalls.push({ id, name, arguments: block.input ?? {} });
    } else {
      // thinking, redacted_thinking, server tool blocks: compactkit messages carry no reasoning.
      context.skipped.add(`assistant block ${String(block.type)}`, context.line);
    }
  }
  if (texts.length === 0 && toolCalls.length === 0) return { ...base, messages: [] };
  return {
    ...base,
    messages: [
      {
        id: uuid,
        role: 'assistant',
        content: texts.join('\n'),
        ...(toolCalls.length > 0 ? { toolCalls } : {}),
      },
    ],
  };
}

/** A tool result's content as text: a string, or the text blocks of an array joined; images named. */
/**
 * The block objects of a message's content array, each with its place for error messages; a block that is not
 * an object is reported and left out. Undefined (reported) when the content is not an array.
 */
function contentBlocks(
  content: unknown,
  context: ClaudeCodeLineContext,
): { block: JsonObject; path: string }[] | undefined {
  if (!Array.isArray(content)) {
    context.issues.push({
      where: `${context.where}: message.content`,
      message: `expected a string or an array of blocks, found ${describeJsonType(content)}`,
    });
    return undefined;
  }
  const blocks: { block: JsonObject; path: string }[] = [];
  for (const [index, block] of content.entries()) {
    const path = `${context.where}: message.content[${index}]`;
    if (isJsonObject(block)) blocks.push({ block, path });
    else
      context.issues.push({
        where: path,
        message: `expected a block object, found ${describeJsonType(block)}`,
      });
  }
  return blocks;
}

function toolResultText(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  const parts: string[] = [];
  for (const block of content) {
    if (!isJsonObject(block)) continue;
    const text = stringField(block, 'text');
    if (text !== undefined) parts.push(text);
    else if (block.type === 'image') parts.push('[image]');
  }
  return parts.join('\n');
}

function imageAttachment(block: JsonObject): Attachment {
  const source = isJsonObject(block.source) ? block.source : {};
  const mediaType = stringField(source, 'media_type');
  const data = stringField(source, 'data');
  const url = stringField(source, 'url');
  return {
    type: 'image',
    ...(mediaType ? { mediaType } : {}),
    ...(data ? { data } : {}),
    ...(url ? { url } : {}),
  };
}
