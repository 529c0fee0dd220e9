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
 * Reads a Claude Code session in two passes over its lines, so a 100 MB log is never held as parsed JSON:
 * `index` every line (tree links only), then `convert` just the lines of the live chain.
 */
export class ClaudeCodeReader {
  private readonly index = new ClaudeCodeChainIndex();
  private readonly skipped = new SkipTally();
  private readonly pieces = new Map<number, ClaudeCodePiece>();
  private chainLines: number[] = [];
  private wanted = new Set<number>();
  private metadata: SessionMetadata = {};
  readonly issues: ValidationIssue[] = [];

  constructor(private readonly source: string) {}

  /** First pass: one line of the file, 1-based. */
  indexLine(text: string, line: number): void {
    const where = `${this.source}:${line}`;
    const record = parseLogLine(text, where, this.issues);
    if (record === undefined) return;
    const type = stringField(record, 'type');
    if (type !== undefined && CLAUDE_CODE_CONVERSATION_TYPES.has(type)) {
      this.index.add(record, line, where, this.issues);
      if (this.metadata.sessionId === undefined) this.metadata = readMetadata(record);
    } else if (type === undefined || !KNOWN_OTHER_TYPES.has(type)) {
      this.skipped.add(`type ${type ?? '(none)'}`, line);
    }
  }

  /** Ends the first pass: picks the live chain. Returns the line numbers the second pass must convert. */
  finishIndex(): ReadonlySet<number> {
    const chain = this.index.liveChain();
    this.chainLines = chain.lines;
    this.wanted = new Set(chain.lines);
    if (chain.missingParent !== undefined)
      this.skipped.add('parent not in this file (a resumed session)', chain.lines[0] ?? 1);
    return this.wanted;
  }

  /** Second pass: one line; lines off the live chain are not even parsed. */
  convertLine(text: string, line: number): void {
    if (!this.wanted.has(line)) return;
    const where = `${this.source}:${line}`;
    const record = parseLogLine(text, where, this.issues);
    if (record === undefined) return;
    const piece = convertClaudeCodeRecord(record, {
      where,
      line,
      issues: this.issues,
      skipped: this.skipped,
    });
    this.pieces.set(line, piece);
  }

  /** The messages of the live chain, split assistant replies joined, and the warnings. */
  finish(): { messages: Message[]; warnings: ConversionWarning[]; metadata: SessionMetadata } {
    const messages: Message[] = [];
    let lastAssistantId: string | undefined;
    let model: string | undefined;
    for (const line of this.chainLines) {
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
    const offChain = this.index.mainLineCount() - this.chainLines.length;
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
