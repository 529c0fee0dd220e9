/**
 * The clauses of a statement, for taking one back without the rest: "they asked for a CSV export, and we need to
 * disable their SSO" has two.
 */

/** One clause of a statement: its text with the separator after it, and where that runs in the statement. */
export interface Clause {
  text: string;
  start: number;
  end: number;
}

// Where one clause of a statement ends: a sentence end, a semicolon, or ", and" / ", but" before the next.
const CLAUSE_END = /(?<=[.;!])\s+|,\s+(?=(?:and|but|plus|also)\s)/g;

/** The clauses of a statement, each with the separator that follows it, so cutting one leaves the rest as written. */
export function clausesOf(text: string): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  for (const match of text.matchAll(CLAUSE_END)) {
    const end = match.index + match[0].length;
    clauses.push({ text: text.slice(start, match.index), start, end });
    start = end;
  }
  clauses.push({ text: text.slice(start), start, end: text.length });
  return clauses.filter((clause) => clause.text.trim() !== '');
}

// A comparison text: lower case, punctuation gone (as ledger-entry.ts's comparisonText gives it).
const compared = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/**
 * A statement without its one clause naming `needle` (comparison text): undefined unless it has two clauses or
 * more and exactly one names it. A lead-in ending in a colon ("two things for today: ") stays with the rest, and
 * so does nothing else of the clause; a joining word left after a sentence end or colon goes.
 */
export function withoutClause(text: string, needle: string): { rest: string; cut: string } | undefined {
  const clauses = clausesOf(text);
  const naming = clauses.filter((clause) => ` ${compared(clause.text)} `.includes(` ${needle} `));
  if (clauses.length < 2 || naming.length !== 1) return undefined;
  const clause = naming[0] as Clause;
  const lead = clause.text.lastIndexOf(': ');
  const start =
    lead >= 0 && !` ${compared(clause.text.slice(0, lead))} `.includes(` ${needle} `)
      ? clause.start + lead + 2
      : clause.start;
  const before = text.slice(0, start);
  const after = text
    .slice(clause.end)
    .replace(/^(?:and|but|plus|also)\s+/, (word) => (/(?:^|[.;!:])\s*$/.test(before) ? '' : word));
  const rest = `${before}${after}`.trim();
  if (compared(rest) === '') return undefined;
  return { rest, cut: text.slice(start, clause.start + clause.text.length).replace(/[,;]\s*$/, '') };
}
