import type { Tier } from '../bench/scoring/scoring-constants.js';

/** The report's data: what the HTML, Markdown and JSON forms are written from. Plain JSON throughout. */
export interface ReportData {
  /** compactkit's report format version; bumped when a field changes meaning. */
  reportVersion: 1;
  /** The runs in the order given. */
  runs: ReportRun[];
  /** Runs that cannot be ranked together (another suite, scorer, target or case plan) are named here. */
  comparability: { comparable: boolean; notes: string[] };
  /** Cases by key, each with every run's outcome on it; empty when the caller asked for no drill-down. */
  cases: ReportCase[];
  /** What the report shortened or left out, in words. */
  limits: string[];
}

/** Model usage of one run: the method's model calls apart from the target's. */
export interface ReportUsage {
  modelId: string;
  role: 'method' | 'target' | 'other';
  calls: number;
  failedCalls: number;
  inputTokens: number;
  outputTokens: number;
  /** Null when any call had no known price: a partial sum would read as the whole cost. */
  costUsd: number | null;
  latencyMs: number;
}

/** One benchmark run, scored again from its stored responses. */
export interface ReportRun {
  id: string;
  /** `name@version`. */
  method: string;
  methodOptions: Record<string, unknown>;
  methodModel: string | null;
  suite: string;
  target: string;
  scorer: string;
  casePlan: string;
  status: string;
  createdAt: string;
  finishedAt: string | null;
  eliteScore: number;
  overall: number;
  driftResistance: number;
  constraintRetention: number;
  compressionBonus: number;
  contradictionRate: number;
  compressionRatio: number;
  /** Reader-independent: the share of ground-truth entries the artifacts still carry, mean over cases. */
  retention: number;
  /** Overall score ÷ an `oracle` run's on the same suite, target and case plan among the reported runs; else null. */
  vsOracle: number | null;
  /** 95% bootstrap intervals over cases. */
  ci: { eliteScore: [number, number]; overall: [number, number] };
  cases: { expected: number; complete: number; failed: number };
  qualification: Record<Tier, { qualified: boolean; failures: string[] }>;
  families: Record<string, { items: number; passed: number; passRate: number }>;
  /** Mean penalised cycle score over the complete cases, per cycle: the drift curve. */
  cycleScores: { cycle: number; score: number }[];
  usage: ReportUsage[];
}

/** One case, as every run that has it did on it. */
export interface ReportCase {
  caseKey: string;
  family: string;
  difficulty: string;
  transcriptTokens: number | null;
  /** The regenerated transcript, shortened for reading; null when it cannot be regenerated. */
  transcript: ReportMessage[] | null;
  /** Why there is no transcript, or what was shortened. */
  transcriptNote: string;
  outcomes: ReportCaseOutcome[];
}

/** One message of a transcript as the report shows it. */
export interface ReportMessage {
  turn: number | null;
  role: string;
  /** Tool calls written as `name {"arg":…}`; tool results carry the tool's name. */
  label: string;
  text: string;
  /** Characters left out of `text`. */
  cut: number;
}

/** What one run did on one case. */
export interface ReportCaseOutcome {
  runId: string;
  method: string;
  status: string;
  error: string | null;
  cycles: ReportCycle[];
}

/** One compaction and the answers read from it. */
export interface ReportCycle {
  cycle: number;
  artifactTokens: number | null;
  transcriptTokens: number | null;
  artifactText: string;
  /** Characters of the artifact text left out. */
  artifactCut: number;
  /** SHA-256 of the whole artifact text: equal digests mean the method kept its artifact across cycles. */
  artifactDigest: string;
  warnings: string[];
  /** The drift cycle's user turn and the target's reply, when there was one. */
  userTurn: string | null;
  reply: string | null;
  items: ReportItem[];
}

/** One item: what was asked, what came back, what was expected and the verdict. */
export interface ReportItem {
  key: string;
  type: string;
  prompt: string;
  response: string;
  expected: string;
  score: number;
  violation: boolean;
  reason: string;
}
