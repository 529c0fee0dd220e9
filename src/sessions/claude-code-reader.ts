import type { ValidationIssue } from '../errors.js';
import type { ConversionWarning } from '../messages/conversion-types.js';
import type { Message } from '../messages/types.js';
import { CLAUDE_CODE_CONVERSATION_TYPES, ClaudeCodeChainIndex } from './claude-code-chain.js';
import { type ClaudeCodePiece, convertClaudeCodeRecord } from './claude-code-record.js';
import { stringField } from './json-values.js';
import { parseLogLine } from './parse-log-line.js';
import type { SessionMetadata } from './session-types.js';
import { SkipTally } from './skip-tally.js';

/** Line types Claude Code writes beside the conversation (titles, undo snapshots, queue state). */
const KNOWN_OTHER_TYPES = new Set(['summary', 'file-history-snapshot', 'queue-operation']);

/**
 * Reads a Claude Code session line by line, each line parsed once: its tree links are indexed and its content
 * converted; `finish` then keeps the pieces of the live chain only. Off-chain pieces (abandoned branches) are
 * small next to the chain in real logs, and one parse per line is what makes import fast.
 */
export class ClaudeCodeReader {
  private readonly index = new ClaudeCodeChainIndex();
  private readonly skipped = new SkipTally();
  private readonly pieces = new Map<number, ClaudeCodePiece>();
  private metadata: SessionMetadata = {};
  readonly issues: ValidationIssue[] = [];

  constructor(private readonly source: string) {}

  /** One line of the file, 1-based. */
  addLine(text: string, line: number): void {
    const where = `${this.source}:${line}`;
    const record = parseLogLine(text, where, this.issues);
    if (record === undefined) return;
    const type = stringField(record, 'type');
    if (type !== undefined && CLAUDE_CODE_CONVERSATION_TYPES.has(type)) {
      this.index.add(record, line, where, this.issues);
      if (this.metadata.sessionId === undefined) this.metadata = readMetadata(record);
      // Sidechains never join the live chain: no need to convert them.
      if (record.isSidechain === true) return;
      const piece = convertClaudeCodeRecord(record, {
        where,
        line,
        issues: this.issues,
        skipped: this.skipped,
      });
      this.pieces.set(line, piece);
    } else if (type === undefined || !KNOWN_OTHER_TYPES.has(type)) {
      this.skipped.add(`type ${type ?? '(none)'}`, line);
    }
  }

  /** The messages of the live chain, split assistant replies joined, and the warnings. */
  finish(): { messages: Message[]; warnings: ConversionWarning[]; metadata: SessionMetadata } {
    const chain = this.index.liveChain();
    if (chain.missingParent !== undefined)
      this.skipped.add('parent not in this file (a resumed session)', chain.lines[0] ?? 1);
    const messages: Message[] = [];
    let lastAssistantId: string | undefined;
    let model: string | undefined;
    for (const line of chain.lines) {
      const piece = this.pieces.get(line);
      if (piece === undefined) continue;
      if (piece.model !== undefined && piece.model !== '<synthetic>') model = piece.model;
      for (const message of piece.messages) {
        const previous = messages[messages.length - 1];
        if (
          message.role === 'assistant' &&
          previous?.role === 'assistant' &&
          piece.assistantId !== undefined &&
          piece.assistantId === lastAssistantId
        ) {
          messages[messages.length - 1] = joinAssistant(previous, message);
          continue;
        }
        messages.push(message);
      }
      if (piece.messages.length > 0) lastAssistantId = piece.assistantId;
    }
    const offChain = this.index.mainLineCount() - chain.lines.length;
    const warnings = this.skipped.toWarnings(this.source, describeSkip);
    if (offChain > 0)
      warnings.push({
        where: this.source,
        message: `${offChain} conversation line(s) on abandoned branches (edits, retries) were left out; the live chain to the newest leaf was read`,
      });
    if (this.index.sidechainLines > 0)
      warnings.push({
        where: this.source,
        message: `${this.index.sidechainLines} sidechain line(s) (sub-agent traffic) were left out; the Task results carry what they returned`,
      });
    return { messages, warnings, metadata: { ...this.metadata, ...(model ? { model } : {}) } };
  }
}

function joinAssistant(previous: Message, next: Message): Message {
  const content = [previous.content, next.content].filter((text) => text !== '').join('\n');
  const toolCalls = [...(previous.toolCalls ?? []), ...(next.toolCalls ?? [])];
  return { ...previous, content, ...(toolCalls.length > 0 ? { toolCalls } : {}) };
}

function readMetadata(record: Record<string, unknown>): SessionMetadata {
  const sessionId = stringField(record, 'sessionId');
  const cwd = stringField(record, 'cwd');
  const agentVersion = stringField(record, 'version');
  return {
    ...(sessionId ? { sessionId } : {}),
    ...(cwd ? { cwd } : {}),
    ...(agentVersion ? { agentVersion } : {}),
  };
}

function describeSkip(kind: string): string {
  if (kind === 'meta') return 'skipped lines Claude Code marks isMeta (command caveats)';
  if (kind.startsWith('system:')) return `skipped system notices (${kind.slice(7)}), never sent to the model`;
  if (kind.startsWith('assistant block thinking') || kind.startsWith('assistant block redacted'))
    return `dropped ${kind.slice(16)} blocks (compactkit messages carry no reasoning)`;
  if (kind.startsWith('type ')) return `skipped lines of unknown ${kind}`;
  return `skipped ${kind}`;
}
