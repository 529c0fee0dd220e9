import { CompactkitError, ValidationError } from '../errors.js';
import type { Store } from '../store/index.js';
import { countTextTokens } from '../tokens/index.js';
import { EvalResult } from './eval-result.js';
import { evaluationFingerprint, openEvaluationRun } from './evaluation-store.js';
import { compressionRatio, meanScore } from './metrics/built-in-metrics.js';
import { mean, percentile } from './metrics/statistics.js';
import type { EvalRow, Evaluator, Example, MemoryItem, MemorySystem, Metric, Scores } from './types.js';

/** One question asked of a memory after it has ingested the example's items. */
export interface MemoryQuestion {
  question: string;
  answer?: string | string[];
  /** The benchmark's category (single-hop, temporal, knowledge-update ...), for per-type breakdowns. */
  type?: string;
  /** Token budget passed to `query`. */
  budget?: number;
  [field: string]: unknown;
}

/** A conversation (or any item history) and the questions about it. */
export interface MemoryExample {
  id: string | number;
  items: readonly MemoryItem[];
  questions: readonly MemoryQuestion[];
  dataset?: string;
}

/** Options of `evaluateMemory`. */
export interface EvaluateMemoryOptions {
  systems: readonly MemorySystem[];
  dataset: Iterable<MemoryExample> | AsyncIterable<MemoryExample>;
  datasetName?: string;
  datasetParams?: Readonly<Record<string, unknown>>;
  evaluators: readonly Evaluator[];
  /** Defaults: the mean of every score field seen and compression of what `query` retrieved. */
  metrics?: readonly Metric[];
  /** The score field of the per-question-type breakdown; `f1` by default. */
  scoreField?: string;
  /** Budget for questions without their own. */
  budget?: number;
  store?: Store;
  signal?: AbortSignal;
}

/** The text of a memory item, for token counts. */
function itemText(item: MemoryItem): string {
  if (item.kind === 'document') return item.text;
  if (item.kind === 'event') return `${item.type} ${JSON.stringify(item.payload)}`;
  if (item.kind === 'declaration') return item.statement;
  return item.content;
}

/** Ingest and query latencies, and the mean score per question type. */
function memoryFigures(rows: readonly EvalRow[], scoreField: string): Record<string, number> {
  const ran = rows.filter((row) => !row.error);
  const ingest = [
    ...new Map(ran.map((row) => [String(row.metadata.conversation), row.metadata.ingestLatency])).values(),
  ].filter((value): value is number => typeof value === 'number');
  const queries = ran.map((row) => row.latency);
  const figures: Record<string, number> = {
    ingest_latency_mean: mean(ingest),
    ingest_latency_p95: percentile(ingest, 95),
    query_latency_mean: mean(queries),
    query_latency_p50: percentile(queries, 50),
    query_latency_p95: percentile(queries, 95),
  };
  const byType = new Map<string, number[]>();
  for (const row of ran) {
    const type = typeof row.metadata.questionType === 'string' ? row.metadata.questionType : 'untyped';
    const value = row.scores[scoreField];
    if (typeof value === 'number') byType.set(type, [...(byType.get(type) ?? []), value]);
  }
  for (const [type, values] of [...byType].sort(([a], [b]) => a.localeCompare(b)))
    figures[`mean_${scoreField}@type:${type}`] = mean(values);
  return figures;
}

/**
 * Evaluates memory systems: for each conversation, `reset`, `ingest` its items (timed), then `query` each
 * question (timed) and score the answer. One row per question; a failing ingest fails that conversation's rows,
 * a failing query only its own. Conversations run one after another: a memory holds one history at a time.
 */
export async function evaluateMemory(options: EvaluateMemoryOptions): Promise<EvalResult> {
  const datasetName = options.datasetName ?? 'memory';
  const scoreField = options.scoreField ?? 'f1';
  const examples: MemoryExample[] = [];
  for await (const example of options.dataset) {
    if (!Array.isArray(example.items) || !Array.isArray(example.questions))
      throw new ValidationError([
        {
          where: `${datasetName}: conversation ${String(example.id)}`,
          message: 'needs items and questions lists',
        },
      ]);
    examples.push(example);
  }
  const rows: EvalRow[] = [];
  const summary: Record<string, Record<string, number>> = {};
  const timing: Record<string, number> = {};
  for (const system of options.systems) {
    const run = options.store
      ? openEvaluationRun(options.store, {
          fingerprint: evaluationFingerprint({
            system: {
              name: `memory:${system.name}`,
              config: system.config ?? {},
              process: async () => ({ response: '' }),
            },
            dataset: datasetName,
            datasetParams: { ...(options.datasetParams ?? {}), budget: options.budget ?? null },
            evaluators: options.evaluators,
          }),
          config: { system: system.name, kind: 'memory', dataset: datasetName },
        })
      : undefined;
    const start = performance.now();
    const systemRows: EvalRow[] = [];
    for (const example of examples) {
      if (options.signal?.aborted) {
        if (run && options.store) options.store.runs.finish(run.runId, 'incomplete');
        throw new CompactkitError(
          'stopped',
          `memory evaluation of ${system.name} stopped; run it again to resume`,
        );
      }
      const keys = example.questions.map((_, index) => `${example.id}/${index}`);
      const stored = keys.map((key) => run?.finished.get(key));
      if (stored.every((row) => row !== undefined)) {
        systemRows.push(...(stored as EvalRow[]));
        continue;
      }
      // The memory must ingest the whole conversation again, but questions already answered keep their row.
      const conversationRows = (await runConversation(system, example, { ...options, datasetName })).map(
        (row, index) => stored[index] ?? row,
      );
      conversationRows.forEach((row, index) => {
        if (stored[index] === undefined) run?.write(row);
      });
      systemRows.push(...conversationRows);
    }
    timing[system.name] = (performance.now() - start) / 1000;
    if (run && options.store) options.store.runs.finish(run.runId, 'complete');
    const metrics = options.metrics ?? [
      ...[...new Set(systemRows.flatMap((row) => Object.keys(row.scores)))]
        .sort()
        .map((field) => meanScore({ scoreField: field })),
      compressionRatio(),
    ];
    const figures: Record<string, number> = {
      examples: systemRows.length,
      failed: systemRows.filter((row) => row.error).length,
    };
    for (const metric of metrics) Object.assign(figures, metric.compute(systemRows));
    Object.assign(figures, memoryFigures(systemRows, scoreField));
    summary[system.name] = figures;
    rows.push(...systemRows);
  }
  return new EvalResult({
    rows,
    summary,
    timing,
    config: {
      kind: 'memory',
      systems: options.systems.map((system) => system.name),
      dataset: datasetName,
      conversations: examples.length,
    },
  });
}

async function runConversation(
  system: MemorySystem,
  example: MemoryExample,
  options: EvaluateMemoryOptions & { datasetName: string },
): Promise<EvalRow[]> {
  const historyTokens = example.items.reduce((sum, item) => sum + countTextTokens(itemText(item)), 0);
  const base = (index: number, question: MemoryQuestion): EvalRow => ({
    system: system.name,
    exampleId: `${example.id}/${index}`,
    scores: {},
    inputTokens: historyTokens + countTextTokens(question.question),
    outputTokens: 0,
    contextTokens: { original: historyTokens },
    metadata: {
      conversation: example.id,
      ...(question.type === undefined ? {} : { questionType: question.type }),
    },
    latency: 0,
    dataset: example.dataset ?? options.datasetName,
  });
  const failure = (error: unknown) => ({
    code: 'system_failed',
    message: error instanceof Error ? error.message : String(error),
  });
  let ingestLatency: number;
  try {
    await system.reset();
    const ingestStart = performance.now();
    await system.ingest(example.items);
    ingestLatency = (performance.now() - ingestStart) / 1000;
  } catch (error) {
    return example.questions.map((question, index) => ({ ...base(index, question), error: failure(error) }));
  }
  const rows: EvalRow[] = [];
  for (const [index, question] of example.questions.entries()) {
    const row = base(index, question);
    row.metadata.ingestLatency = ingestLatency;
    const start = performance.now();
    try {
      const output = await system.query(question.question, question.budget ?? options.budget);
      row.latency = (performance.now() - start) / 1000;
      row.outputTokens = countTextTokens(output.response);
      if (typeof output.context === 'string') row.contextTokens.processed = countTextTokens(output.context);
      const original: Example = { ...question, id: row.exampleId, context: '' };
      const scores: Scores = {};
      for (const evaluator of options.evaluators)
        Object.assign(scores, await evaluator.score(original, output));
      row.scores = scores;
    } catch (error) {
      row.latency = (performance.now() - start) / 1000;
      row.error = failure(error);
    }
    rows.push(row);
  }
  return rows;
}
