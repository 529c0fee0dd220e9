import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/index.js';

/** A compacted context, as messages and as the text the answerer and the judge read. */
export interface ProbeContext {
  messages: Message[];
  text: string;
  tokensBefore: number;
  tokensAfter: number;
}

/** Something that compacts a history for probing: a registered method, or a provider's opaque compaction. */
export interface ProbeMethod {
  readonly name: string;
  compact(
    history: readonly Message[],
    options: { budgetTokens: number; counter: TokenCounter },
  ): Promise<ProbeContext>;
}
