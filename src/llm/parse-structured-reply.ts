import { z } from 'zod';

/** The outcome of reading a structured reply: the validated value, or why it was rejected. */
export type StructuredReplyResult<T> = { success: true; value: T } | { success: false; message: string };

/**
 * Parses a reply as JSON (a surrounding Markdown code fence is tolerated) and validates it with the schema.
 * The failure message is meant to be sent back to the model in the repair retry.
 */
export function parseStructuredReply<T>(text: string, schema: z.ZodType<T>): StructuredReplyResult<T> {
  let value: unknown;
  try {
    value = JSON.parse(stripCodeFence(text));
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { success: false, message: `the reply is not valid JSON: ${reason}` };
  }
  const parsed = schema.safeParse(value);
  if (parsed.success) return { success: true, value: parsed.data };
  return { success: false, message: `the JSON does not match the schema:\n${z.prettifyError(parsed.error)}` };
}

function stripCodeFence(text: string): string {
  const match = /^\s*```[\w-]*\s*\n([\s\S]*?)\n?```\s*$/.exec(text);
  return match ? match[1]! : text;
}
