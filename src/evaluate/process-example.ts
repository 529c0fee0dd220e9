import { CompactkitError } from '../errors.js';
import { countTextTokens } from '../tokens/index.js';
import type { ConversationTurn, EvalRow, Evaluator, Example, Scores, System, SystemOutput } from './types.js';

/** The stable code of a failure: a compactkit error keeps its own, anything else is `<stage>_failed`. */
function errorOf(stage: 'system' | 'evaluator', error: unknown): { code: string; message: string } {
  const message = error instanceof Error ? error.message : String(error);
  return { code: error instanceof CompactkitError ? error.code : `${stage}_failed`, message };
}

/**
 * Runs a multi-turn example: the system's own `processConversation` when it has one, else `process` once per
 * user turn with the conversation so far (its own earlier replies included) in `turns`.
 */
async function processTurns(
  system: System,
  example: Example,
  turns: ConversationTurn[],
  signal: AbortSignal | undefined,
): Promise<SystemOutput> {
  if (system.processConversation) return system.processConversation(turns, example, { signal });
  const history: ConversationTurn[] = [];
  let output: SystemOutput | undefined;
  const replies: string[] = [];
  for (const turn of turns) {
    if (turn.role !== 'user') {
      history.push(turn);
      continue;
    }
    output = await system.process({ ...example, question: turn.content, turns: [...history] }, { signal });
    replies.push(output.response);
    history.push(turn, { role: 'assistant', content: output.response });
  }
  if (output === undefined) throw new Error(`example ${example.id}: turns has no user turn`);
  return { ...output, turnResponses: replies };
}

/** What the runner needs besides the system and the example. */
export interface ProcessContext {
  evaluators: readonly Evaluator[];
  dataset: string;
  signal?: AbortSignal;
}

/**
 * One (system, example) pair as a row: runs the system, counts tokens, runs every evaluator. A throw from the
 * system or an evaluator becomes an error row instead of ending the run; only an abort propagates.
 */
export async function processExample(
  system: System,
  example: Example,
  context: ProcessContext,
): Promise<EvalRow> {
  const originalTokens = countTextTokens(example.context);
  const row: EvalRow = {
    system: system.name,
    exampleId: example.id,
    scores: {},
    inputTokens: originalTokens + countTextTokens(example.question ?? ''),
    outputTokens: 0,
    contextTokens: { original: originalTokens },
    metadata: {},
    latency: 0,
    dataset: typeof example.dataset === 'string' ? example.dataset : context.dataset,
  };
  const start = performance.now();
  let output: SystemOutput;
  try {
    const turns = Array.isArray(example.turns) && example.turns.length > 0 ? example.turns : undefined;
    output = turns
      ? await processTurns(system, example, turns, context.signal)
      : await system.process(example, { signal: context.signal });
    if (typeof output?.response !== 'string') throw new Error('the system returned no string `response`');
  } catch (error) {
    row.latency = (performance.now() - start) / 1000;
    if (context.signal?.aborted) throw error;
    row.error = errorOf('system', error);
    return row;
  }
  row.latency = (performance.now() - start) / 1000;
  // A system that hands the context back (identity, a no-op compressor) is not counted three times.
  const count = (text: string) => (text === example.context ? originalTokens : countTextTokens(text));
  row.outputTokens = count(output.response);
  if (typeof output.context === 'string')
    row.contextTokens.processed =
      output.context === output.response ? row.outputTokens : count(output.context);
  row.metadata = metadataOf(output);
  const scores: Scores = {};
  for (const evaluator of context.evaluators) {
    try {
      Object.assign(scores, await evaluator.score(example, output));
    } catch (error) {
      row.error = errorOf('evaluator', error);
      row.error.message = `${evaluator.name}: ${row.error.message}`;
      return row;
    }
  }
  row.scores = scores;
  return row;
}

/** The usage a system reported and its extra JSON fields; the response and context are not repeated. */
function metadataOf(output: SystemOutput): Record<string, unknown> {
  const metadata: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(output)) {
    if (key === 'response' || key === 'context' || value === undefined) continue;
    if (key === 'usage' && value !== null && typeof value === 'object') Object.assign(metadata, value);
    else metadata[key] = value;
  }
  return metadata;
}
