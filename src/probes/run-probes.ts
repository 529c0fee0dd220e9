import { createPrng } from '../bench/random/index.js';
import { CompactkitError } from '../errors.js';
import type { Message } from '../messages/types.js';
import type { Store } from '../store/types.js';
import { createTokenCounter, type TokenCounter } from '../tokens/index.js';
import { aggregateScores, type ProbeAggregate } from './aggregate-scores.js';
import type { Answerer } from './answerers.js';
import { type CompactionPointOptions, findCompactionPoints } from './compaction-points.js';
import { extractProbes } from './extract-probes.js';
import type { Judge } from './judge-types.js';
import type { ProbeContext, ProbeMethod } from './probe-method.js';
import { type ProbeResult, probeResultKey, probeResultSchema } from './probe-result.js';
import type { Probe } from './probe-types.js';

/** One session to evaluate. */
export interface ProbeSessionInput {
  /** A stable name (the file path): results are stored and reported under it. */
  key: string;
  messages: Message[];
  cwd?: string;
  /** debugging, feature, review, … for the per-task-type breakdown; `other` when absent. */
  taskType?: string;
}

/** Options of `runProbes`. */
export interface RunProbesOptions {
  sessions: readonly ProbeSessionInput[];
  methods: readonly ProbeMethod[];
  answerer: Answerer;
  judge: Judge;
  points?: CompactionPointOptions;
  /** Tokens the compacted context may take; 8,000 when absent. */
  budgetTokens?: number;
  maxPerType?: number;
  /** Model-assisted extraction, run after the deterministic one; its probes are added (`source: 'model'`). */
  extraProbes?: (history: readonly Message[]) => Promise<Probe[]>;
  counter?: TokenCounter;
  /** Seeds the blinded judging order; `probes` when absent. */
  seed?: string;
  /** Where results go as they are judged; a run already holding some is resumed (those are not redone). */
  store?: { store: Store; runId: string };
  onProgress?: (event: { done: number; total: number; sessionKey: string }) => void;
  signal?: AbortSignal;
}

/** What `runProbes` returns: every result (errors included) and the aggregate of the scored ones. */
export interface ProbeRun {
  results: ProbeResult[];
  aggregate: ProbeAggregate;
}

/**
 * Seed 004 end to end: at each compaction point of each session, draw probes from the history before it,
 * compact that history with every method, let the answerer answer each probe from the compacted context only,
 * and have the judge score every answer. Blinded: the judge's input carries no method name, and the answers of
 * all methods at a point are judged in one seeded shuffled order. A failure is recorded on its row and the run
 * goes on; stored results are reused, so a killed run resumes where it stopped.
 */
export async function runProbes(options: RunProbesOptions): Promise<ProbeRun> {
  const counter = options.counter ?? createTokenCounter();
  const budgetTokens = options.budgetTokens ?? 8000;
  const stored = readStored(options.store);
  const results: ProbeResult[] = [];
  let done = 0;
  for (const session of options.sessions) {
    const taskType = session.taskType ?? 'other';
    for (const point of findCompactionPoints(session.messages, counter, options.points)) {
      const history = session.messages.slice(0, point);
      const probes = extractProbes(history, {
        ...(session.cwd ? { cwd: session.cwd } : {}),
        ...(options.maxPerType ? { maxPerType: options.maxPerType } : {}),
      });
      if (options.extraProbes) probes.push(...(await options.extraProbes(history)));
      const pending: { result: ProbeResult; context: string }[] = [];
      for (const method of options.methods) {
        const keys = probes.map((probe) => probeResultKey(point, method.name, probe.id));
        if (keys.every((key) => stored.has(`${session.key}\u0000${key}`))) {
          for (const key of keys) results.push(stored.get(`${session.key}\u0000${key}`) as ProbeResult);
          continue;
        }
        let context: ProbeContext | undefined;
        let failure: ProbeResult['error'];
        try {
          context = await method.compact(history, { budgetTokens, counter });
        } catch (error) {
          failure = { stage: 'compact', ...describe(error) };
        }
        for (const probe of probes) {
          const reused = stored.get(`${session.key}\u0000${probeResultKey(point, method.name, probe.id)}`);
          if (reused) {
            results.push(reused);
            continue;
          }
          const base: ProbeResult = {
            sessionKey: session.key,
            taskType,
            point,
            method: method.name,
            probe,
            tokensBefore: context?.tokensBefore ?? counter.countMessages(history),
            tokensAfter: context?.tokensAfter ?? 0,
          };
          if (!context) {
            results.push(save(options.store, { ...base, ...(failure ? { error: failure } : {}) }));
            continue;
          }
          try {
            const answer = await options.answerer.answer(
              {
                probe,
                compactedContext: context.text,
                ...(context.window ? { window: context.window } : {}),
              },
              options.signal ? { signal: options.signal } : {},
            );
            pending.push({ result: { ...base, answer }, context: context.text });
          } catch (error) {
            rethrowStop(error, options.signal);
            results.push(save(options.store, { ...base, error: { stage: 'answer', ...describe(error) } }));
          }
        }
      }
      // Blinding: one shuffled order over every method's answers at this point, seeded, so the judge cannot
      // learn a method from position and a rerun judges in the same order.
      const order = createPrng(`${options.seed ?? 'probes'}/${session.key}/${point}`).shuffle(pending);
      for (const entry of order) {
        const { result, context } = entry;
        const verdict = await options.judge.judge(
          { probe: result.probe, answer: result.answer ?? '', compactedContext: context },
          options.signal ? { signal: options.signal } : {},
        );
        const judged: ProbeResult =
          'error' in verdict
            ? { ...result, error: { stage: 'judge', ...verdict.error } }
            : { ...result, verdict };
        results.push(save(options.store, judged));
        done += 1;
        options.onProgress?.({ done, total: done + countLeft(order, entry), sessionKey: session.key });
      }
    }
  }
  return { results, aggregate: aggregateResults(results) };
}

/** The aggregate of the judged results (failed rows are left out and stay visible in `results`). */
export function aggregateResults(results: readonly ProbeResult[]): ProbeAggregate {
  return aggregateScores(
    results.flatMap((result) =>
      result.verdict
        ? [
            {
              method: result.method,
              probeType: result.probe.type,
              session: result.sessionKey,
              taskType: result.taskType,
              aggregateScore: result.verdict.aggregateScore,
              dimensionScores: result.verdict.dimensionScores,
            },
          ]
        : [],
    ),
  );
}

/** The results a run already stored, by session and key; each checked against the schema (stored data is not trusted). */
function readStored(target: RunProbesOptions['store']): Map<string, ProbeResult> {
  const map = new Map<string, ProbeResult>();
  if (!target?.store.runs.get(target.runId)) return map;
  for (const row of target.store.readRun(target.runId).probeResults) {
    const parsed = probeResultSchema.safeParse(row.data);
    // A row of another shape is done again rather than trusted; a failed row stays as it was recorded (start a new
    // run to retry failures).
    if (parsed.success) map.set(`${row.sessionKey}\u0000${row.probeKey}`, parsed.data);
  }
  return map;
}

function save(target: RunProbesOptions['store'], result: ProbeResult): ProbeResult {
  if (target) {
    // Only results not found in the store reach here, so each key is written once.
    const probeKey = probeResultKey(result.point, result.method, result.probe.id);
    target.store.writeProbeResult(target.runId, { sessionKey: result.sessionKey, probeKey, data: result });
  }
  return result;
}

function countLeft<T>(order: readonly T[], current: T): number {
  return order.length - order.indexOf(current) - 1;
}

function describe(error: unknown): { code: string; message: string } {
  if (error instanceof CompactkitError) return { code: error.code, message: error.message };
  return { code: 'failed', message: error instanceof Error ? error.message : String(error) };
}

function rethrowStop(error: unknown, signal: AbortSignal | undefined): void {
  if (signal?.aborted) throw error;
}
