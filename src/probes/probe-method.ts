import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/index.js';

/**
 * A provider's opaque compacted window: items only that provider's models can read (an encrypted compaction item
 * among them), to be sent back exactly as returned when the model under test answers.
 */
export interface OpaqueWindow {
  /** The API the items belong to. */
  api: 'openai-responses';
  /** The method that made it, named in errors. */
  method: string;
  /** The items as the provider returned them, in its order. */
  items: readonly unknown[];
}

/** A compacted context, as messages and as the text the answerer and the judge read. */
export interface ProbeContext {
  messages: Message[];
  text: string;
  tokensBefore: number;
  tokensAfter: number;
  /** Set when the context is opaque: the answerer must send these items back instead of reading `text`. */
  window?: OpaqueWindow;
}

/** Something that compacts a history for probing: a registered method, or a provider's opaque compaction. */
export interface ProbeMethod {
  readonly name: string;
  compact(
    history: readonly Message[],
    options: { budgetTokens: number; counter: TokenCounter },
  ): Promise<ProbeContext>;
}
