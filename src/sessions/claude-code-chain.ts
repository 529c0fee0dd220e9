import type { ValidationIssue } from '../errors.js';
import { type JsonObject, stringField } from './json-values.js';

/** What the first pass keeps of one Claude Code conversation line: enough to walk the tree, not the content. */
interface ChainEntry {
  parent: string | undefined;
  line: number;
  timestamp: string;
  sidechain: boolean;
}

/** Line types Claude Code writes that are not part of the conversation; skipped without a warning each. */
export const CLAUDE_CODE_CONVERSATION_TYPES = new Set(['user', 'assistant', 'system']);

/**
 * The tree of a Claude Code session: the `uuid` → `parentUuid` tree. Resumes, edits ("redo from here")
 * and retries branch it; the live conversation is the chain from the newest leaf back to a root. A compact
 * boundary starts a new root whose `logicalParentUuid` points at the conversation it replaced, and we follow
 * it, because the history before a compaction is exactly what a probe asks about. Sidechain lines (a Task
 * sub-agent's own traffic) never join the main chain: the Task's tool result carries what it returned.
 */
export class ClaudeCodeChainIndex {
  private readonly entries = new Map<string, ChainEntry>();
  private readonly withChildren = new Set<string>();
  sidechainLines = 0;

  /** Adds one parsed line of type user / assistant / system; checks `uuid`. */
  add(record: JsonObject, line: number, where: string, issues: ValidationIssue[]): void {
    const uuid = stringField(record, 'uuid');
    if (uuid === undefined) {
      issues.push({
        where: `${where}: uuid`,
        message: 'expected a string (every conversation line has one)',
      });
      return;
    }
    const parentValue = record.parentUuid;
    if (parentValue !== null && parentValue !== undefined && typeof parentValue !== 'string') {
      issues.push({ where: `${where}: parentUuid`, message: 'expected a string or null' });
      return;
    }
    const parent = parentValue ?? stringField(record, 'logicalParentUuid');
    const sidechain = record.isSidechain === true;
    if (sidechain) this.sidechainLines += 1;
    if (this.entries.has(uuid)) return;
    this.entries.set(uuid, { parent, line, timestamp: stringField(record, 'timestamp') ?? '', sidechain });
    if (parent !== undefined && !sidechain) this.withChildren.add(parent);
  }

  /**
   * The line numbers of the live chain, root first, and how many lines its parents named but the file lacks
   * (a session resumed from another file starts with such a parent).
   */
  liveChain(): { lines: number[]; uuids: string[]; missingParent: string | undefined } {
    let leaf: { uuid: string; entry: ChainEntry } | undefined;
    for (const [uuid, entry] of this.entries) {
      if (entry.sidechain || this.withChildren.has(uuid)) continue;
      // Newest by timestamp (ISO 8601 sorts as text); the later line wins a tie.
      if (
        leaf === undefined ||
        entry.timestamp > leaf.entry.timestamp ||
        (entry.timestamp === leaf.entry.timestamp && entry.line > leaf.entry.line)
      )
        leaf = { uuid, entry };
    }
    const lines: number[] = [];
    const uuids: string[] = [];
    const seen = new Set<string>();
    let missingParent: string | undefined;
    let current = leaf?.uuid;
    while (current !== undefined && !seen.has(current)) {
      seen.add(current);
      const entry = this.entries.get(current);
      if (entry === undefined) {
        missingParent = current;
        break;
      }
      lines.push(entry.line);
      uuids.push(current);
      current = entry.parent;
    }
    return { lines: lines.reverse(), uuids: uuids.reverse(), missingParent };
  }

  /** How many conversation lines the file has outside the sidechains. */
  mainLineCount(): number {
    let count = 0;
    for (const entry of this.entries.values()) if (!entry.sidechain) count += 1;
    return count;
  }
}
