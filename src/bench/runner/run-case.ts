import { createHash } from 'node:crypto';
import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { parseArtifact } from '../../artifact/parse-artifact.js';
import { renderArtifact } from '../../artifact/render-artifact.js';
import type { Compactor } from '../../compactors/types.js';
import { CompactkitError } from '../../errors.js';
import { ProviderError } from '../../llm/provider-error.js';
import { raceAbort } from '../../llm/race-abort.js';
import type { LanguageModel } from '../../llm/types.js';
import type { Message } from '../../messages/types.js';
import type {
  ArtifactRecord,
  CaseInput,
  CycleRecord,
  ItemResponseRecord,
  VerdictRecord,
} from '../../store/types.js';
import type { TokenCounter } from '../../tokens/types.js';
import type { BenchCase } from '../case/types.js';
import { generateCase } from '../generate/generate-case.js';
import { GENERATOR_VERSION } from '../generate/generation-defaults.js';
import { judgeItem } from '../scoring/judge-item.js';
import type { Target } from '../target/target.js';
import type {
  BenchCaseData,
  BenchCycleData,
  BenchItemResponseData,
  BenchVerdictData,
  FailedCaseData,
} from './bench-record-schemas.js';
import type { DriftMode } from './bench-run-options.js';
import { continuationTurns } from './continuation-turns.js';
import type { PlannedCase } from './plan-cases.js';
import { stableJson } from './run-fingerprint.js';

/** What every case of a run shares. */
export interface CaseRunContext {
  compactor: Compactor;
  compactorModel?: LanguageModel;
  target: Target;
  driftMode: DriftMode;
  cycles: number;
  budgetTokens?: number;
  counter: TokenCounter;
  /** Counts a rendered artifact; `counter.countText` when absent. A line-memo counter makes drift cycles cheap. */
  countArtifactTokens?: (text: string) => number;
  /**
   * Aborts the case. When its reason is a `CompactkitError` with code `timeout` (the case deadline), the case is
   * recorded failed with that error; any other reason (a stop) leaves it unwritten, so a resumed run redoes it.
   * Every step is raced against it, so a method that never settles cannot hold the case past it.
   */
  signal?: AbortSignal;
}

/** What a case run keeps of one cycle besides the store rows: the artifact text the next cycle's reply reads. */
interface CycleOutcome {
  artifact: CompactionArtifact;
  artifactText: string;
}

/**
 * Runs one case through every cycle: compact, answer each item from the rendered artifact only, judge; then
 * append a continuation turn and the target's reply, and compact again. Returns the case as the store keeps
 * it: complete, or failed with its error and everything done before the failure (for audit).
 */
export async function runCase(planned: PlannedCase, context: CaseRunContext): Promise<CaseInput> {
  const rows = {
    cycles: [] as CycleRecord[],
    artifacts: [] as ArtifactRecord[],
    itemResponses: [] as ItemResponseRecord[],
    verdicts: [] as VerdictRecord[],
  };
  let data: FailedCaseData = { family: planned.template.family, origin: planned.request };
  try {
    const benchCase = generateCase(planned.template, planned.request);
    data = caseData(benchCase, context.counter);
    let history = benchCase.transcript;
    let previous: CycleOutcome | undefined;
    for (let cycle = 0; cycle <= context.cycles; cycle++) {
      context.signal?.throwIfAborted();
      let added = history;
      let turn: { userTurn: string; reply: string } | undefined;
      if (previous !== undefined) {
        const userTurn = benchCase.continuation[(cycle - 1) % benchCase.continuation.length] ?? '';
        const reply = await raceAbort(
          context.target.reply(
            { artifactText: previous.artifactText, userTurn },
            context.signal ? { signal: context.signal } : {},
          ),
          context.signal,
        );
        added = continuationTurns(history, cycle, userTurn, reply);
        history = [...history, ...added];
        turn = { userTurn, reply };
      }
      const started = performance.now();
      const compaction = context.compactor.compact(
        {
          transcript: forCompactor(context.driftMode === 'full' || previous === undefined ? history : added),
          ...(previous !== undefined && context.driftMode === 'incremental'
            ? { previousArtifact: previous.artifact }
            : {}),
          ...(context.budgetTokens === undefined ? {} : { budgetTokens: context.budgetTokens }),
        },
        {
          ...(context.compactorModel ? { model: context.compactorModel } : {}),
          ...(context.signal ? { signal: context.signal } : {}),
        },
      );
      const raw = await raceAbort(compaction, context.signal);
      const compactMs = performance.now() - started;
      const artifact = parseArtifact(
        raw,
        `method ${context.compactor.name}, case ${benchCase.key}, cycle ${cycle}`,
      );
      const artifactText = renderArtifact(artifact);
      const artifactTokens = (context.countArtifactTokens ?? context.counter.countText)(artifactText);
      rows.artifacts.push({ cycle, method: context.compactor.name, artifact, tokens: artifactTokens });
      const cycleData: BenchCycleData = {
        transcriptTokens: context.counter.countMessages(history),
        artifactTokens,
        compactMs: Math.round(compactMs * 10) / 10,
        ...(turn ?? {}),
      };
      rows.cycles.push({ cycle, data: cycleData });
      await answerItems(benchCase, cycle, artifactText, context, rows);
      previous = { artifact, artifactText };
    }
    return { caseKey: planned.key, status: 'complete', data, ...rows };
  } catch (error) {
    // A missing API key would fail every case alike: the run stops and says what to set instead.
    if (error instanceof ProviderError && error.isUserError) throw error;
    // A stopped run leaves the case unwritten, so a resumed run does it again; a deadline fails the case.
    const reason: unknown = context.signal?.aborted === true ? context.signal.reason : undefined;
    if (context.signal?.aborted === true && !isDeadline(reason)) throw error;
    return {
      caseKey: planned.key,
      status: 'failed',
      error: storedError(isDeadline(reason) ? reason : error),
      data,
      ...rows,
    };
  }
}

async function answerItems(
  benchCase: BenchCase,
  cycle: number,
  artifactText: string,
  context: CaseRunContext,
  rows: { itemResponses: ItemResponseRecord[]; verdicts: VerdictRecord[] },
): Promise<void> {
  const answers = await raceAbort(
    Promise.all(
      benchCase.items.map((item) =>
        context.target.answer({ artifactText, item }, context.signal ? { signal: context.signal } : {}),
      ),
    ),
    context.signal,
  );
  benchCase.items.forEach((item, index) => {
    const answer = answers[index];
    if (answer === undefined) return;
    const responseData: BenchItemResponseData = { evidence: answer.evidence };
    rows.itemResponses.push({
      cycle,
      itemKey: item.key,
      prompt: answer.prompt,
      response: answer.response,
      data: responseData,
    });
    const verdict = judgeItem(item, answer.response, benchCase.groundTruth.forbiddenBehaviors);
    const verdictData: BenchVerdictData = { itemType: item.type };
    rows.verdicts.push({
      cycle,
      itemKey: item.key,
      score: verdict.score,
      violation: verdict.violation,
      reason: verdict.reason,
      data: verdictData,
    });
  });
}

/** What the store keeps of a case: enough to rescore it and to regenerate and verify its transcript. */
function caseData(benchCase: BenchCase, counter: TokenCounter): BenchCaseData {
  return {
    family: benchCase.origin.family,
    origin: benchCase.origin,
    seed: benchCase.seed,
    generatorVersion: GENERATOR_VERSION,
    sha256: createHash('sha256').update(stableJson(benchCase)).digest('hex'),
    transcriptTokens: counter.countMessages(benchCase.transcript),
    messages: benchCase.transcript.length,
    items: benchCase.items,
    groundTruth: benchCase.groundTruth,
  };
}

/**
 * A copy of the messages with only the fields of `Message`: nothing of the benchmark's side (tags, ground
 * truth, items) can ride along, and a compactor that mutates its input cannot change the case.
 */
export function forCompactor(messages: readonly Message[]): Message[] {
  return messages.map((message) => ({
    ...(message.id === undefined ? {} : { id: message.id }),
    role: message.role,
    content: message.content,
    ...(message.toolCalls === undefined ? {} : { toolCalls: structuredClone(message.toolCalls) }),
    ...(message.toolCallId === undefined ? {} : { toolCallId: message.toolCallId }),
    ...(message.toolName === undefined ? {} : { toolName: message.toolName }),
    ...(message.isError === undefined ? {} : { isError: message.isError }),
    ...(message.turn === undefined ? {} : { turn: message.turn }),
  }));
}

/** True for the reason a case deadline aborts with (see `runBench`'s `caseTimeoutMs`). */
function isDeadline(reason: unknown): reason is CompactkitError {
  return reason instanceof CompactkitError && reason.code === 'timeout';
}

function storedError(error: unknown): { code: string; message: string } {
  if (error instanceof CompactkitError) return { code: error.code, message: error.message };
  if (error instanceof Error) return { code: 'method_failed', message: `${error.name}: ${error.message}` };
  return { code: 'method_failed', message: String(error) };
}
