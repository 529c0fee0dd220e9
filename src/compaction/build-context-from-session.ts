import type { Message } from '../messages/types.js';
import type { TokenCounter } from '../tokens/types.js';
import { loadLoop } from './load-loop.js';
import { repairToolPairs } from './repair-tool-pairs.js';
import { resolveScope } from './resolve-scope.js';
import { activeChain } from './session-chain.js';
import type { CompactionConfig, Session } from './types.js';

/** Options of `buildContextFromSession`. */
export interface BuildContextOptions {
  session: Session;
  currentLoopId: string;
  config: CompactionConfig;
  maxContextTokens: number;
  counter: TokenCounter;
}

/** The context and the pairing repairs it needed. */
export interface BuiltContext {
  messages: Message[];
  repairs: string[];
}

/**
 * Walks the active chain and loads, oldest first, the earlier loops in scope and then the current loop:
 * from their compaction blocks where present, raw messages otherwise. The result has every tool call
 * paired with its result. Pure: the session is not changed.
 */
export function buildContextFromSession(options: BuildContextOptions): BuiltContext {
  const { session, currentLoopId, config, maxContextTokens, counter } = options;
  const chain = activeChain(session, currentLoopId);
  const scopeCount = resolveScope({ chain, scope: config.compactionScope, maxContextTokens, counter });
  const loaded = chain.slice(chain.length - 1 - scopeCount).flatMap((loop) => loadLoop(loop));
  return repairToolPairs(loaded);
}
