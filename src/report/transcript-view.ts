import { createHash } from 'node:crypto';
import type { CaseOrigin } from '../bench/case/types.js';
import { generateCase } from '../bench/generate/generate-case.js';
import { stableJson } from '../bench/runner/run-fingerprint.js';
import { builtInSuiteNames, resolveSuite } from '../bench/suites/index.js';
import type { Suite } from '../bench/suites/suite.js';
import type { Message } from '../messages/types.js';
import type { ReportMessage } from './report-data.js';
import { cutText, REPORT_LIMITS } from './report-limits.js';

/** The transcript of a case as the report shows it, or why it is missing. */
export interface TranscriptView {
  messages: ReportMessage[] | null;
  note: string;
}

function messageView(message: Message): ReportMessage[] {
  const turn = message.turn ?? null;
  const views: ReportMessage[] = [];
  if (message.role === 'tool') {
    const { text, cut } = cutText(message.content, REPORT_LIMITS.toolOutputCharacters);
    const failed = message.isError === true ? ' (failed)' : '';
    return [{ turn, role: 'tool', label: `${message.toolName ?? 'tool'}${failed}`, text, cut }];
  }
  if (message.content !== '' || (message.toolCalls ?? []).length === 0) {
    const { text, cut } = cutText(message.content, REPORT_LIMITS.messageCharacters);
    views.push({ turn, role: message.role, label: message.role, text, cut });
  }
  for (const call of message.toolCalls ?? []) {
    const { text, cut } = cutText(JSON.stringify(call.arguments), REPORT_LIMITS.messageCharacters);
    views.push({ turn, role: 'call', label: `calls ${call.name}`, text, cut });
  }
  return views;
}

/**
 * The messages within a character budget: the opening third of it and the rest from the end, with one note in
 * between saying what is left out. The start holds the task and the early rules; the end, the latest state.
 */
export function withinBudget(messages: readonly ReportMessage[], budget: number): ReportMessage[] {
  const total = messages.reduce((sum, message) => sum + message.text.length, 0);
  if (total <= budget) return [...messages];
  const head: ReportMessage[] = [];
  let used = 0;
  for (const message of messages) {
    if (used + message.text.length > budget / 3) break;
    head.push(message);
    used += message.text.length;
  }
  const tail: ReportMessage[] = [];
  for (let index = messages.length - 1; index >= head.length; index--) {
    const message = messages[index] as ReportMessage;
    if (used + message.text.length > budget) break;
    tail.unshift(message);
    used += message.text.length;
  }
  const left = messages.length - head.length - tail.length;
  const omitted = messages.slice(head.length, messages.length - tail.length);
  const characters = omitted.reduce((sum, message) => sum + message.text.length, 0);
  const note: ReportMessage = {
    turn: null,
    role: 'note',
    label: 'left out',
    text: `${left} messages (${characters.toLocaleString('en-US')} characters as shown) from the middle of the session are left out here; \`compactkit bench generate\` prints the whole case.`,
    cut: 0,
  };
  return [...head, note, ...tail];
}

/**
 * Regenerates transcripts from the cases' stored origins (the store keeps the seed, not the text) and checks
 * each against the stored hash, so the report never shows a transcript other than the one that was run.
 * Works for the shipped suites and for the `known` ones (a folder suite the caller loaded); any other case gets
 * a note instead.
 */
export function createTranscriptViews(
  known: readonly Suite[] = [],
): (origin: CaseOrigin | undefined, sha256: string | undefined) => Promise<TranscriptView> {
  const suites = new Map<string, Promise<Suite | undefined>>(
    known.map((suite) => [`${suite.key}@${suite.version}`, Promise.resolve(suite)]),
  );
  let shipped: Promise<string[]> | undefined;
  const suiteOf = (key: string, version: string): Promise<Suite | undefined> => {
    let found = suites.get(`${key}@${version}`);
    if (found === undefined) {
      shipped ??= builtInSuiteNames();
      found = shipped.then((names) => (names.includes(key) ? resolveSuite(key) : undefined));
      suites.set(`${key}@${version}`, found);
    }
    return found;
  };
  return async (origin, sha256) => {
    if (origin === undefined) return { messages: null, note: 'the store has no origin for this case' };
    const suite = await suiteOf(origin.suite, origin.suiteVersion);
    if (suite === undefined || suite.version !== origin.suiteVersion) {
      return {
        messages: null,
        note: `suite ${origin.suite}@${origin.suiteVersion} is not one this compactkit ships; pass its folder with --suite to show transcripts`,
      };
    }
    const template = suite.templates.find(
      ({ template: candidate }) =>
        candidate.key === origin.templateKey && candidate.version === origin.templateVersion,
    )?.template;
    if (template === undefined)
      return { messages: null, note: `template ${origin.templateKey} is not in the suite` };
    const benchCase = generateCase(template, origin);
    const hash = createHash('sha256').update(stableJson(benchCase)).digest('hex');
    if (sha256 !== undefined && hash !== sha256) {
      return {
        messages: null,
        note: 'the regenerated case differs from the one that was run (another generator version)',
      };
    }
    const all = benchCase.transcript.flatMap(messageView);
    const messages = withinBudget(all, REPORT_LIMITS.transcriptCharacters);
    const cut = all.filter((message) => message.cut > 0).length;
    const notes = [
      cut > 0
        ? `${cut} long messages are cut (tool outputs at ${REPORT_LIMITS.toolOutputCharacters} characters, others at ${REPORT_LIMITS.messageCharacters})`
        : '',
      messages.length < all.length
        ? `${all.length - messages.length + 1} messages from the middle are left out`
        : '',
    ];
    return { messages, note: notes.filter((note) => note !== '').join('; ') };
  };
}
