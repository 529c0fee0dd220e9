import type { CompactionEngine } from '../../compaction/compaction-engine.js';
import type { CompactionBlock, LoopRecord } from '../../compaction/types.js';
import type { Message } from '../../messages/types.js';

/** How an integration's own message type maps to compactkit messages. */
export interface IncrementalCompactionOptions<Source> {
  engine: CompactionEngine;
  /** True when two source messages are the same message (identity, or equal content for rebuilt prompts). */
  same(a: Source, b: Source): boolean;
  /** Converts new source messages (a tail of the history) to compactkit messages. */
  toMessages(sources: readonly Source[]): Message[];
  /** Converts a compacted view back to source messages. */
  fromMessages(messages: readonly Message[]): Source[];
}

/** Counts of what the helper did, for tests, logs and dashboards. */
export interface IncrementalCompactionStats {
  /** Calls of `step`. */
  steps: number;
  /** Compactions that produced a new view. */
  compactions: number;
  /** Source messages converted and counted (each exactly once per run). */
  convertedMessages: number;
  /** The tokens the last returned context was estimated at (system prompt and tools included). */
  lastTokens: number;
}

const LOOP_ID = 'run';
const PRIMING_TOKENS = 3;

/**
 * The state an agent loop keeps between steps of one run. Each step it is handed the whole history (as the AI
 * SDK and LangChain do); it converts and counts only the messages added since the last step, keeps the running
 * token estimate, asks the engine's trigger, and only when the trigger fires compacts, through the engine's
 * session path: the previous block stays on the loop, so a method carried by `compactorAsBlockStrategy` gets its
 * previous artifact and only the turns added since (as a drift cycle does), and step digests already made are
 * reused. Between compactions the context is the last compacted view followed by the raw messages added since.
 * A history that does not continue the one seen (another run) starts a new state.
 */
export class IncrementalCompaction<Source> {
  readonly stats: IncrementalCompactionStats = {
    steps: 0,
    compactions: 0,
    convertedMessages: 0,
    lastTokens: 0,
  };
  private readonly options: IncrementalCompactionOptions<Source>;
  private sources: Source[] = [];
  private messages: Message[] = [];
  private highestTurn = -1;
  private currentTurn = 0;
  private block: CompactionBlock | undefined;
  private view: { prefix: Source[]; covered: number; tokens: number } | undefined;
  /** Tokens of the messages added since the view (or since the start), each counted once. */
  private addedTokens = 0;

  constructor(options: IncrementalCompactionOptions<Source>) {
    this.options = options;
  }

  /**
   * The context to send for this step: undefined when the history can go as it is (no compaction yet), else the
   * compacted view plus the raw messages added since.
   */
  async step(history: readonly Source[], signal?: AbortSignal): Promise<Source[] | undefined> {
    const { engine } = this.options;
    this.stats.steps++;
    if (!this.continues(history)) this.reset();
    const added = history.slice(this.sources.length);
    if (added.length > 0) this.append(added);
    const tokens =
      (this.view ? this.view.tokens : PRIMING_TOKENS) +
      this.addedTokens +
      engine.fixedTokens +
      engine.tracker.offset;
    this.stats.lastTokens = tokens;
    if (engine.trigger.check(tokens).fire) await this.compact(signal);
    if (!this.view) return undefined;
    return [...this.view.prefix, ...history.slice(this.view.covered)];
  }

  /** Forgets the run: the next step starts from its history. */
  reset(): void {
    this.sources = [];
    this.messages = [];
    this.highestTurn = -1;
    this.currentTurn = 0;
    this.block = undefined;
    this.view = undefined;
    this.addedTokens = 0;
  }

  /** True when `history` starts with the messages seen so far (checked at both ends of what was seen). */
  private continues(history: readonly Source[]): boolean {
    const seen = this.sources.length;
    if (seen === 0) return true;
    if (history.length < seen) return false;
    const { same } = this.options;
    return (
      same(history[0] as Source, this.sources[0] as Source) &&
      same(history[seen - 1] as Source, this.sources[seen - 1] as Source)
    );
  }

  private append(added: readonly Source[]): void {
    const { engine } = this.options;
    const converted = this.options.toMessages(added).map((message) => {
      // Turns as assignTurns numbers them, continued from what was seen: a user message opens a turn.
      if (message.role === 'user') this.currentTurn = this.highestTurn + 1;
      this.highestTurn = Math.max(this.highestTurn, this.currentTurn);
      return { ...message, turn: this.currentTurn };
    });
    this.sources.push(...added);
    this.messages.push(...converted);
    this.stats.convertedMessages += added.length;
    for (const message of converted) this.addedTokens += engine.counter.countMessage(message);
  }

  private async compact(signal: AbortSignal | undefined): Promise<void> {
    const { engine } = this.options;
    const loop: LoopRecord = {
      id: LOOP_ID,
      messages: [...this.messages],
      ...(this.block ? { compaction: this.block } : {}),
    };
    const prepared = await engine.prepareSession({ id: LOOP_ID, loops: [loop] }, LOOP_ID, {
      force: true,
      ...(signal ? { signal } : {}),
    });
    if (!prepared.compacted) return;
    this.block = prepared.session.loops[0]?.compaction;
    this.view = {
      prefix: this.options.fromMessages(prepared.messages),
      covered: this.sources.length,
      tokens: engine.counter.countMessages(prepared.messages),
    };
    this.addedTokens = 0;
    this.stats.compactions++;
  }
}
