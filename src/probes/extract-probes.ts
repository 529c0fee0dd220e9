import type { Message } from '../messages/types.js';
import { PROBE_CRITERIA } from './probe-criteria.js';
import type { GroundTruth, Probe, ProbeType } from './probe-types.js';
import { codeSpans, errorLineOf, failingTestTitles, sentencesOf, versionMentions } from './text-evidence.js';
import { cut, readToolActivity, type ToolActivity } from './tool-activity.js';

/** Options of `extractProbes`. */
export interface ExtractProbesOptions {
  /** The session's working directory: absolute paths under it are named relative, as people say them. */
  cwd?: string;
  /** Most probes of each type (the most recent evidence wins for decisions); 4 when absent. */
  maxPerType?: number;
}

const DECISION_CUE =
  /\b(decided|decision|decide|we will|we'll|chose|choose|going with|go with|rather than|rejected|agreed?|settled on)\b/i;
const NEXT_CUE =
  /\b(next step|next,? i will|next i will|still to do|still open|still failing|left to do|remaining|todo|not changed that yet|pick it up)\b/i;
/** A command that runs tests (the runner as a command word, not a path that contains "test"). */
const TEST_COMMAND =
  /(^|[\s;&|(])(npx\s+|pnpm\s+|yarn\s+|bunx\s+)?(vitest|jest|pytest|mocha|rspec|phpunit|tox)\b|\b(npm|pnpm|yarn|bun)\s+(run\s+)?test\b|\b(go|cargo|dotnet|mvn|gradle)\s+test\b/;

/**
 * Draws probes from the history before a compaction point, deterministically, the four kinds of seed 004:
 * recall (the first error and the command that failed, versions and key names), artifact (files created,
 * modified with what changed, only read — from the tool calls), continuation (the next step, pending plan items,
 * tests still failing) and decision (what was decided, why, what was rejected). Each probe carries its truth,
 * the ids of the messages it came from and its rubric criteria. The same history gives the same probes.
 */
export function extractProbes(history: readonly Message[], options: ExtractProbesOptions = {}): Probe[] {
  const max = options.maxPerType ?? 4;
  const activity = readToolActivity(history, options.cwd ? { cwd: options.cwd } : {});
  const groups: Record<ProbeType, Omit<Probe, 'id' | 'type' | 'criteria' | 'source'>[]> = {
    recall: recallProbes(history, activity),
    artifact: artifactProbes(activity),
    continuation: continuationProbes(history, activity),
    decision: decisionProbes(history),
  };
  const probes: Probe[] = [];
  for (const type of ['recall', 'artifact', 'continuation', 'decision'] as const) {
    for (const [index, probe] of groups[type].slice(0, max).entries()) {
      probes.push({
        id: `${type}-${index + 1}`,
        type,
        ...probe,
        criteria: [...PROBE_CRITERIA[type]],
        source: 'deterministic',
      });
    }
  }
  return probes;
}

type Draft = Omit<Probe, 'id' | 'type' | 'criteria' | 'source'>;

const truth = (text: string, facts: string[], messageIds: (string | undefined)[]): GroundTruth => ({
  text,
  facts: [...new Set(facts.filter((fact) => fact !== ''))],
  messageIds: [...new Set(messageIds.filter((id): id is string => id !== undefined))],
});

function recallProbes(history: readonly Message[], activity: ToolActivity): Draft[] {
  const drafts: Draft[] = [];
  const failed = activity.commands.find((command) => command.isError);
  const firstError = failed ? errorLineOf(failed.output) : undefined;
  if (failed && firstError) {
    drafts.push({
      question: 'What was the original error message that started this work? Quote it as exactly as you can.',
      groundTruth: truth(firstError, [cut(firstError, 160)], [failed.resultId, failed.messageId]),
    });
    drafts.push({
      question: 'What was the exact command that failed first?',
      groundTruth: truth(failed.command, [failed.command], [failed.messageId]),
    });
  }
  const spoken = history.filter((message) => message.role === 'user' || message.role === 'assistant');
  const versions = spoken.flatMap((message) =>
    versionMentions(message.content).map((version) => ({ version, id: message.id })),
  );
  if (versions.length > 0) {
    const unique = [...new Set(versions.map((entry) => entry.version))];
    drafts.push({
      question: 'Which versions of tools, runtimes or dependencies were named in this session?',
      groundTruth: truth(
        unique.join(', '),
        unique,
        versions.map((entry) => entry.id),
      ),
    });
  }
  const names = keyNames(spoken);
  if (names.names.length >= 2) {
    drafts.push({
      question: 'Which functions, options and other code names were central to the work? Name them exactly.',
      groundTruth: truth(names.names.join(', '), names.names, names.ids),
    });
  }
  return drafts;
}

/** The code names people wrote most often in backticks: identifiers, not whole statements. */
function keyNames(messages: readonly Message[]): { names: string[]; ids: string[] } {
  const counts = new Map<string, { count: number; first: number; ids: Set<string> }>();
  for (const [index, message] of messages.entries()) {
    for (const span of codeSpans(message.content)) {
      if (!/^[\w.$/-]+(\(\))?$/.test(span) || span.length < 3) continue;
      const entry = counts.get(span) ?? { count: 0, first: index, ids: new Set<string>() };
      entry.count += 1;
      if (message.id) entry.ids.add(message.id);
      counts.set(span, entry);
    }
  }
  const ranked = [...counts.entries()]
    .sort((a, b) => b[1].count - a[1].count || a[1].first - b[1].first)
    .slice(0, 6);
  return { names: ranked.map(([name]) => name), ids: ranked.flatMap(([, entry]) => [...entry.ids]) };
}

function artifactProbes(activity: ToolActivity): Draft[] {
  const drafts: Draft[] = [];
  const byPath = (kind: 'modified' | 'created') => {
    const map = new Map<string, { changes: string[]; ids: string[] }>();
    for (const operation of activity.files) {
      if (operation.kind !== kind) continue;
      const entry = map.get(operation.path) ?? { changes: [], ids: [] };
      if (operation.change) entry.changes.push(operation.change);
      if (operation.messageId) entry.ids.push(operation.messageId);
      map.set(operation.path, entry);
    }
    return map;
  };
  const modified = byPath('modified');
  const created = byPath('created');
  if (modified.size > 0) {
    const lines = [...modified].map(([path, entry]) =>
      entry.changes.length > 0 ? `${path}: ${entry.changes.join('; ')}` : path,
    );
    drafts.push({
      question: 'Which files did we modify? Describe the change made to each.',
      groundTruth: truth(
        lines.join('\n'),
        [...modified.keys()],
        [...modified.values()].flatMap((entry) => entry.ids),
      ),
    });
  }
  if (created.size > 0) {
    drafts.push({
      question: 'Which new files did we create in this session?',
      groundTruth: truth(
        [...created.keys()].join('\n'),
        [...created.keys()],
        [...created.values()].flatMap((entry) => entry.ids),
      ),
    });
  }
  const changed = new Set([...modified.keys(), ...created.keys()]);
  const readOnly = new Map<string, string[]>();
  for (const operation of activity.files) {
    if (operation.kind !== 'read' || changed.has(operation.path)) continue;
    const ids = readOnly.get(operation.path) ?? [];
    if (operation.messageId) ids.push(operation.messageId);
    readOnly.set(operation.path, ids);
  }
  if (readOnly.size > 0) {
    drafts.push({
      question: 'Which files did we read or inspect without changing them?',
      groundTruth: truth(
        [...readOnly.keys()].join('\n'),
        [...readOnly.keys()],
        [...readOnly.values()].flat(),
      ),
    });
  }
  return drafts;
}

function continuationProbes(history: readonly Message[], activity: ToolActivity): Draft[] {
  const drafts: Draft[] = [];
  const plan = activity.plans[activity.plans.length - 1];
  const pending = (plan?.items ?? []).filter((item) => item.status !== 'completed').map((item) => item.text);
  const lastWords = [...history]
    .reverse()
    .find((message) => message.role === 'assistant' && message.content.trim() !== '');
  const nextSentences = lastWords
    ? sentencesOf(lastWords.content).filter((sentence) => NEXT_CUE.test(sentence))
    : [];
  if (pending.length > 0 || nextSentences.length > 0) {
    drafts.push({
      question: 'Where did we leave off? What is unfinished, and what should we do next?',
      groundTruth: truth(
        [...nextSentences, ...pending.map((item) => `pending: ${item}`)].join('\n'),
        [...pending, ...nextSentences.map((sentence) => cut(sentence, 160))],
        [lastWords?.id, plan?.messageId],
      ),
    });
  }
  const tests = activity.commands.filter((command) => TEST_COMMAND.test(command.command));
  const lastTest = tests[tests.length - 1];
  if (lastTest?.isError) {
    const titles = failingTestTitles(lastTest.output);
    const reason = errorLineOf(
      lastTest.output
        .split('\n')
        .filter((line) => !/^\s*(FAIL|×)/.test(line))
        .join('\n'),
    );
    drafts.push({
      question: 'Which tests are still failing, and why?',
      groundTruth: truth(
        [titles.length > 0 ? titles.join('; ') : lastTest.command, reason ?? '']
          .filter((part) => part !== '')
          .join(' — '),
        [...titles, ...(reason ? [cut(reason, 160)] : [])],
        [lastTest.resultId, lastTest.messageId],
      ),
    });
  }
  return drafts;
}

function decisionProbes(history: readonly Message[]): Draft[] {
  const drafts: Draft[] = [];
  for (const [index, message] of history.entries()) {
    if (message.role !== 'assistant' && message.role !== 'user') continue;
    const sentences = sentencesOf(message.content);
    // The question that led to it, when the person before asked one: the reply's first sentence answers it.
    const asked = [...history.slice(0, index)].reverse().find((earlier) => earlier.role === 'user');
    const answered =
      message.role === 'assistant' && asked !== undefined && /\?\s*$/.test(asked.content.trim())
        ? asked
        : undefined;
    const decided = sentences.filter(
      (sentence, position) => DECISION_CUE.test(sentence) || (answered !== undefined && position === 0),
    );
    if (!decided.some((sentence) => DECISION_CUE.test(sentence))) continue;
    const reasons = sentences.filter(
      (sentence) =>
        !decided.includes(sentence) &&
        /\b(because|would|since|so that|avoid|breaks?|wrong)\b/i.test(sentence),
    );
    const topic = topicOf(asked, message);
    drafts.push({
      question: `What did we decide ${topic}, and why? Which alternatives were rejected?`,
      groundTruth: truth(
        [...decided, ...reasons].join(' '),
        [...decided.map((sentence) => cut(sentence, 200)), ...codeSpans(decided.join(' ')).slice(0, 3)],
        [message.id, answered?.id],
      ),
    });
  }
  // The latest decisions matter most when a session had many.
  return drafts.reverse();
}

/**
 * What a decision is about, named without giving the decision away: a path or code name from the request that
 * led to it, else that request when it was a question, else the turn it was made in.
 */
function topicOf(request: Message | undefined, decision: Message): string {
  const text = request?.content ?? '';
  const named =
    /(?:^|\s)([\w.-]+\/[\w./-]+|[\w-]+\.(?:ts|js|py|go|rs|md|json|ya?ml|toml))\b/.exec(text)?.[1] ??
    codeSpans(text)[0];
  if (named) return `about ${named}`;
  const question = sentencesOf(text).find((sentence) => sentence.endsWith('?'));
  if (question) return `when asked "${cut(question, 120)}"`;
  return decision.turn !== undefined ? `in turn ${decision.turn}` : 'here';
}
