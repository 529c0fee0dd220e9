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
