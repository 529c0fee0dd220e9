import { passagesOfLine } from './line-passages.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * A data store the notes keep read-only: "treat the prod DB as read-only", "the replica is read only", "reads
 * only on the warehouse". A statement that writes (SQL's UPDATE … SET, INSERT INTO, DELETE FROM, ALTER, DROP,
 * TRUNCATE: what those words do is a fact of SQL) breaks it, whatever the rule calls the store, unless the rule's
 * exception names the table the statement writes ("read-only, with one carve-out: feature_flags").
 */

// The rule, matched on the lower-cased line.
const READ_ONLY = /\bread[- ]only\b|\breads only\b|\bno writes\b/;
// What it is about: a database.
const DATA_STORE =
  /\b(?:db|dbs|database|databases|sql|postgres|postgresql|mysql|replica|replicas|primary|schema|tables?|warehouse)\b/;
// A statement that writes, and the table it writes: matched on the action.
const WRITES =
  /\b(?:update\s+([\w.]+)\s+set|insert\s+into\s+([\w.]+)|delete\s+from\s+([\w.]+)|alter\s+table\s+([\w.]+)|drop\s+table\s+(?:if\s+exists\s+)?([\w.]+)|truncate\s+(?:table\s+)?([\w.]+))/i;
// Where the rule's exception starts.
const EXCEPTION =
  /\b(?:unless|except|exception|apart from|other than|barring|carve[- ]out|save for|excluding|but you can|but you may)\b/;

/** The latest passage keeping a database read-only, when the action writes a table its exception does not name. */
export function readOnlyStoreAgainst(parsed: ParsedArtifact, action: string): Passage | undefined {
  const write = WRITES.exec(action);
  if (write === null) return undefined;
  const table = write
    .slice(1)
    .find((name) => name !== undefined)
    ?.toLowerCase() as string;
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage says "read".
    if (!passage.normalized.includes('read') && !passage.normalized.includes('writes')) continue;
    const lower = passage.text.toLowerCase();
    const rule = READ_ONLY.exec(lower);
    if (rule === null) continue;
    const line = passagesOfLine(parsed.passages, passage.position)
      .map((part) => part.text.toLowerCase())
      .join(' ');
    if (!DATA_STORE.test(line)) continue;
    const after = line.slice(line.indexOf(lower) + rule.index);
    const marker = after.search(EXCEPTION);
    if (marker >= 0 && namesTable(after.slice(marker), table)) continue;
    found = passage;
  }
  return found;
}

/** Whether a text names a table, as a whole word (a schema prefix is not needed: "feature_flags"). */
function namesTable(text: string, table: string): boolean {
  const bare = table.split('.').at(-1) as string;
  return new RegExp(`(?<![\\w.])(?:[\\w]+\\.)?${bare.replace(/[^\w]/g, '')}(?![\\w])`).test(text);
}
