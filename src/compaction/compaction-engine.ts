import { ValidationError } from '../errors.js';
import type { Message } from '../messages/types.js';
import { createTokenCounter, type TokenCounter, type TokenEncoding } from '../tokens/index.js';
import { buildContextFromSession } from './build-context-from-session.js';
import { compactSessionLoops } from './compact-session-loops.js';
import { defineCompactionConfig } from './config.js';
import { ContextTracker, type ProviderUsage } from './context-tracker.js';
import { countFixedTokens } from './count-fixed-tokens.js';
import type { CompactionEvent, CompactionMode } from './events.js';
import { repairToolPairs } from './repair-tool-pairs.js';
import { CompactionTrigger } from './trigger.js';
import type { CompactionConfig, Session, StrategyContext, ToolDefinition } from './types.js';

/** What `beforeCompactionStart` is shown; return `false` to veto this compaction. */
export interface BeforeCompactionInfo {
  mode: CompactionMode;
  tokensBefore: number;
  maxContextTokens: number;
  messages: readonly Message[];
  session?: Session;
  focus?: string;
}

/** What `afterCompactionEnd` is shown, e.g. to verify the new context. */
export interface AfterCompactionInfo extends BeforeCompactionInfo {
  tokensAfter: number;
  compactedMessages: readonly Message[];
}

/** Options of a CompactionEngine. */
export interface CompactionEngineOptions {
  /** The model's context window in tokens. */
  maxContextTokens: number;
  config?: Partial<CompactionConfig>;
  /** Tokenizer for exact counts (default cl100k_base); ignored when `counter` is given. */
  encoding?: TokenEncoding;
  counter?: TokenCounter;
  /** Runs before compaction (e.g. to index or extract memories); returning false vetoes it. */
  beforeCompactionStart?: (info: BeforeCompactionInfo) => boolean | undefined | Promise<boolean | undefined>;
  /** Runs after compaction completed (e.g. to verify what was kept). */
  afterCompactionEnd?: (info: AfterCompactionInfo) => void | Promise<void>;
  onEvent?: (event: CompactionEvent) => void;
  /**
   * The system prompt when it is sent apart from the messages (as the AI SDK's `system`); it counts against the
   * window. A system message inside the messages is counted as a message and is pinned.
   */
  systemPrompt?: string;
  /** The tools the model is offered: their definitions (JSON schemas) count against the window. */
  tools?: readonly ToolDefinition[];
  /** Clock for block timestamps. */
  now?: () => Date;
}

/** Input of one context preparation. */
export interface PrepareOptions {
  /** Compact now, whatever the trigger says (the circuit breaker still applies only to automatic runs). */
  force?: boolean;
  /** What matters now; handed to the strategy. */
  focus?: string;
  /** What the compacted context may cost, the fixed part included; `targetTokens` when absent. */
  budgetTokens?: number;
  signal?: AbortSignal;
}

/** The context to send to the model, and what happened on the way. */
export interface PreparedContext {
  messages: Message[];
  compacted: boolean;
  tokensBefore: number;
  tokensAfter: number;
  events: CompactionEvent[];
}

/**
 * The front door of the engine, with `compactTranscript`; everything else in `compaction/` is a building block.
 * The engine an agent embeds: before each model call, `prepareSession` (or `prepareMessages` without a
 * session) measures the context, compacts when the trigger says so, runs the callbacks, emits events and
 * returns a context whose tool calls and results are paired.
 * @example
 * const engine = new CompactionEngine({ maxContextTokens: 128_000 });
 * const { messages, session: next } = await engine.prepareSession(session, loopId);
 */
export class CompactionEngine {
  readonly config: CompactionConfig;
  readonly counter: TokenCounter;
  readonly tracker: ContextTracker;
  readonly trigger: CompactionTrigger;
  readonly maxContextTokens: number;
  /** Tokens of the system prompt and tool definitions given in the options, counted into every estimate. */
  readonly fixedTokens: number;
  private readonly options: CompactionEngineOptions;

  constructor(options: CompactionEngineOptions) {
    if (!(Number.isInteger(options.maxContextTokens) && options.maxContextTokens > 0)) {
      throw new ValidationError([
        {
          where: 'compaction engine: maxContextTokens',
          message: `expected a whole number of tokens > 0, got ${options.maxContextTokens}`,
        },
      ]);
    }
    this.options = options;
    this.maxContextTokens = options.maxContextTokens;
    this.config = defineCompactionConfig(options.config);
    this.counter =
      options.counter ?? createTokenCounter(options.encoding ? { encoding: options.encoding } : {});
    this.fixedTokens = countFixedTokens({
      counter: this.counter,
      ...(options.systemPrompt !== undefined ? { systemPrompt: options.systemPrompt } : {}),
      ...(options.tools ? { tools: options.tools } : {}),
    });
    this.tracker = new ContextTracker({ counter: this.counter, fixedTokens: this.fixedTokens });
    this.trigger = new CompactionTrigger(this.config, options.maxContextTokens);
  }

  /** Size a compaction aims for, all included: below the trigger threshold by the hysteresis margin. */
  get targetTokens(): number {
    const { compactAtPct, compactBudgetThresholdPct, hysteresisPct } = this.config;
    return Math.max(
      0,
      Math.floor(this.maxContextTokens * (compactAtPct - compactBudgetThresholdPct - hysteresisPct)),
    );
  }

  /** What the strategies get for the messages: the target less the fixed part and the provider's learned offset. */
  get messageBudgetTokens(): number {
    return Math.max(0, this.targetTokens - this.fixedTokens - Math.max(0, this.tracker.offset));
  }

  /** Passes on the provider's reported usage for `covered` (the request's messages, plus the reply if appended). */
  recordUsage(usage: ProviderUsage, covered: readonly Message[]): void {
    this.tracker.recordUsage(usage, covered);
  }

  /** Session path: builds the context from loop overlays, compacting the loops in scope when due. */
  async prepareSession(
    session: Session,
    currentLoopId: string,
    options: PrepareOptions = {},
  ): Promise<PreparedContext & { session: Session }> {
    const shared = { currentLoopId, config: this.config, maxContextTokens: this.maxContextTokens };
    const before = buildContextFromSession({ ...shared, session, counter: this.counter }).messages;
    const outcome = await this.run('session', before, options, session, async (context) => {
      const result = await compactSessionLoops({ ...shared, ...context, session });
      const built = buildContextFromSession({ ...shared, session: result.session, counter: this.counter });
      return {
        messages: built.messages,
        session: result.session,
        warnings: [...result.warnings, ...built.repairs],
      };
    });
    return { ...outcome, session: outcome.session ?? session };
  }

  /** In-memory path: rewrites a message array with the in-memory strategy when due. */
  async prepareMessages(
    messages: readonly Message[],
    options: PrepareOptions = {},
  ): Promise<PreparedContext> {
    const repaired = repairToolPairs(messages).messages;
    return this.run('in-memory', repaired, options, undefined, async (context) => {
      const output = await this.config.inMemoryStrategy.compact({
        messages: repaired,
        config: this.config,
        context,
      });
      const checked = repairToolPairs(output);
      return { messages: checked.messages, warnings: checked.repairs };
    });
  }

  private async run(
    mode: CompactionMode,
    before: Message[],
    options: PrepareOptions,
    session: Session | undefined,
    compact: (
      context: StrategyContext,
    ) => Promise<{ messages: Message[]; session?: Session; warnings: string[] }>,
  ): Promise<PreparedContext & { session?: Session }> {
    const events: CompactionEvent[] = [];
    const emit = (event: CompactionEvent): void => {
      events.push(event);
      this.options.onEvent?.(event);
    };
    const tokensBefore = this.tracker.estimate(before);
    const unchanged = { messages: before, compacted: false, tokensBefore, tokensAfter: tokensBefore, events };
    const decision = options.force
      ? { fire: true, reason: 'forced' as const }
      : this.trigger.check(tokensBefore);
    if (!decision.fire) return unchanged;

    const info: BeforeCompactionInfo = {
      mode,
      tokensBefore,
      maxContextTokens: this.maxContextTokens,
      messages: before,
      ...(session ? { session } : {}),
      ...(options.focus !== undefined ? { focus: options.focus } : {}),
    };
    if ((await this.options.beforeCompactionStart?.(info)) === false) {
      emit({ type: 'compaction-veto', mode, tokensBefore });
      return unchanged;
    }
    emit({
      type: 'compaction-start',
      mode,
      reason: options.force ? 'forced' : 'threshold',
      tokensBefore,
      maxContextTokens: this.maxContextTokens,
      ...(options.focus !== undefined ? { focus: options.focus } : {}),
    });
    const started = performance.now();
    const wasOpen = this.trigger.state.circuitOpen;
    try {
      const result = await compact({
        counter: this.counter,
        budgetTokens:
          options.budgetTokens === undefined
            ? this.messageBudgetTokens
            : Math.max(0, options.budgetTokens - this.fixedTokens - Math.max(0, this.tracker.offset)),
        ...(options.focus !== undefined ? { focus: options.focus } : {}),
        ...(options.signal ? { signal: options.signal } : {}),
        ...(this.options.now ? { now: this.options.now } : {}),
      });
      const tokensAfter = this.tracker.estimate(result.messages);
      const { effective } = this.trigger.recordCompaction(tokensAfter);
      const durationMs = performance.now() - started;
      emit({
        type: 'compaction-end',
        mode,
        tokensBefore,
        tokensAfter,
        durationMs,
        effective,
        warnings: result.warnings,
      });
      this.reportCircuit(wasOpen, emit);
      await this.options.afterCompactionEnd?.({ ...info, tokensAfter, compactedMessages: result.messages });
      return {
        messages: result.messages,
        compacted: true,
        tokensBefore,
        tokensAfter,
        events,
        ...(result.session ? { session: result.session } : {}),
      };
    } catch (error) {
      if (options.signal?.aborted) throw error;
      const message = error instanceof Error ? error.message : String(error);
      this.trigger.recordFailure(message);
      emit({
        type: 'compaction-fail',
        mode,
        tokensBefore,
        error: message,
        consecutiveFailures: this.trigger.state.consecutiveFailures,
      });
      this.reportCircuit(wasOpen, emit);
      return unchanged;
    }
  }

  private reportCircuit(wasOpen: boolean, emit: (event: CompactionEvent) => void): void {
    const state = this.trigger.state;
    if (!wasOpen && state.circuitOpen) {
      emit({
        type: 'compaction-circuit-open',
        consecutiveFailures: state.consecutiveFailures,
        lastFailure: state.lastFailure ?? 'unknown',
      });
    }
  }
}
