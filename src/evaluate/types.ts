/**
 * The contracts of the evaluation pipeline (seed 001): Dataset -> System.process -> Evaluator.score ->
 * Metric.compute. All structural: any object with these members works; nothing to subclass.
 */

/** A JSON-like value an example or a system output may carry. */
export type ExampleValue = unknown;

/** One dataset record. `id` and `context` are required; evaluators read the optional fields they need. */
export interface Example {
  /** Unique within the dataset. */
  id: string | number;
  /** The context text handed to the system. */
  context: string;
  question?: string;
  /** Gold answer(s): a string or every acceptable answer. */
  answer?: string | string[];
  /** Options of a multiple-choice question, in the dataset's order. */
  choices?: string[];
  /** The dataset tag, used by per-dataset breakdowns; the run's dataset name when absent. */
  dataset?: string;
  /** Prior turns of a multi-turn example, answered in order by `processConversation` when the system has it. */
  turns?: ConversationTurn[];
  [field: string]: ExampleValue;
}

/** Any (async) iterable of examples: an array, a generator, a file loader. */
export type Dataset = Iterable<Example> | AsyncIterable<Example>;

/** What a system returns: at least `response`; `context` when it rewrote the context (a compressor). */
export interface SystemOutput {
  /** The system's answer. */
  response: string;
  /** The context it actually used; compression ratios compare this with the example's context. */
  context?: string;
  /** API usage when the system made calls (`costUsd`, `inputTokens`, `outputTokens`, anything else JSON). */
  usage?: SystemUsage;
  [field: string]: ExampleValue;
}

/** Token and cost figures a system reports; `undefined` means unknown, not zero. */
export interface SystemUsage {
  inputTokens?: number;
  outputTokens?: number;
  costUsd?: number;
}

/** The thing under test: a compressor, a proxy, a memory manager, a plain model. */
export interface System {
  readonly name: string;
  /** Its settings, part of the resume fingerprint: change them and stored rows are not reused. */
  readonly config?: Readonly<Record<string, unknown>>;
  process(example: Example, options: { signal?: AbortSignal }): Promise<SystemOutput>;
  /**
   * Multi-turn examples (`turns`): answers each user turn in order; the last reply is the output. Without it,
   * the runner calls `process` once per user turn with the earlier turns and replies in `turns`.
   */
  processConversation?(
    turns: ConversationTurn[],
    example: Example,
    options: { signal?: AbortSignal },
  ): Promise<SystemOutput>;
}

/** Named scores of one example; an evaluator omits a score it cannot give (e.g. no gold answer). */
export type Scores = Record<string, number>;

/** Scores one system output against its example. */
export interface Evaluator {
  readonly name: string;
  /** Its settings (a judge's model, a threshold), part of the resume fingerprint. */
  readonly config?: Readonly<Record<string, unknown>>;
  score(original: Example, processed: SystemOutput): Scores | Promise<Scores>;
}

/** An evaluator that scores without waiting (no model, no child process). */
export interface SyncEvaluator extends Evaluator {
  score(original: Example, processed: SystemOutput): Scores;
}

/** One (system, example) pair as the runner saw it. */
export interface EvalRow {
  system: string;
  exampleId: string | number;
  /** Every evaluator's scores merged; empty on an error row. */
  scores: Scores;
  /** Tokens of the example's context and question. */
  inputTokens: number;
  /** Tokens of the system's response. */
  outputTokens: number;
  /** Tokens of the original context and of the context the system produced (absent when it gave none). */
  contextTokens: { original: number; processed?: number };
  /** The system's reported usage and any extra fields it returned. */
  metadata: Record<string, unknown>;
  /** Seconds the system took on this example. */
  latency: number;
  dataset: string;
  /** Set when the system or an evaluator failed; the run went on. */
  error?: { code: string; message: string };
}

/** Aggregates the rows of one system into named figures. */
export interface Metric {
  readonly name: string;
  compute(rows: readonly EvalRow[]): Record<string, number>;
}

/** One turn of a conversation (also a memory item). */
export interface ConversationTurn {
  kind?: 'turn';
  role: 'user' | 'assistant' | 'system';
  content: string;
  /** ISO 8601 or a session label; memory benchmarks ask about time. */
  timestamp?: string;
  sessionId?: string;
}

/** A piece of a document given to a memory system. */
export interface DocumentChunk {
  kind: 'document';
  text: string;
  source?: string;
}

/** Something that happened on a platform (a ticket update, a deploy), as a memory item. */
export interface PlatformEvent {
  kind: 'event';
  type: string;
  payload: unknown;
  timestamp?: string;
}

/** A stated fact or preference the memory must keep ("my name is ..."). */
export interface Declaration {
  kind: 'declaration';
  statement: string;
  timestamp?: string;
}

/** What a memory system can ingest. */
export type MemoryItem = ConversationTurn | DocumentChunk | PlatformEvent | Declaration;

/** A memory manager under test: fed items, then asked questions within a token budget. */
export interface MemorySystem {
  readonly name: string;
  readonly config?: Readonly<Record<string, unknown>>;
  reset(): void | Promise<void>;
  ingest(items: readonly MemoryItem[]): void | Promise<void>;
  /** The answer (and optionally the context it retrieved) to a question. */
  query(question: string, budget?: number): Promise<SystemOutput>;
}
