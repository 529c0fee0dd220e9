/** How much of each long text the report keeps: enough to read and audit, small enough to open quickly. */
export const REPORT_LIMITS = {
  /** Characters of one transcript message (a tool output keeps its head; the store has the rest). */
  messageCharacters: 1_500,
  /** Characters of one artifact as the target saw it. */
  artifactCharacters: 6_000,
  /** Characters of one response or prompt. */
  responseCharacters: 1_500,
} as const;

/** The text cut to `limit` characters, and how many characters were left out. */
export function cutText(text: string, limit: number): { text: string; cut: number } {
  if (text.length <= limit) return { text, cut: 0 };
  return { text: text.slice(0, limit), cut: text.length - limit };
}
