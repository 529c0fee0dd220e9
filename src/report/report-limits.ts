/** How much of each long text the report keeps: enough to read and audit, small enough to open quickly. */
export const REPORT_LIMITS = {
  /** Characters of one user or assistant message, or of one tool call's arguments. */
  messageCharacters: 600,
  /** Characters of one tool output: its head says what it was; the store has the rest. */
  toolOutputCharacters: 300,
  /** Characters of one case's transcript as shown: a third from its start, the rest from its end. */
  transcriptCharacters: 4_000,
  /** Characters of one artifact as the target saw it. */
  artifactCharacters: 1_000,
  /** Characters of one response or prompt. */
  responseCharacters: 500,
} as const;

/** The text cut to `limit` characters, and how many characters were left out. */
export function cutText(text: string, limit: number): { text: string; cut: number } {
  if (text.length <= limit) return { text, cut: 0 };
  return { text: text.slice(0, limit), cut: text.length - limit };
}
