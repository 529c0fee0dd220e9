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
    const { text, cut } = cutText(message.content, REPORT_LIMITS.messageCharacters);
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
    const messages = benchCase.transcript.flatMap(messageView);
    const cut = messages.filter((message) => message.cut > 0).length;
    const note =
      cut > 0 ? `${cut} long messages are cut at ${REPORT_LIMITS.messageCharacters} characters` : '';
    return { messages, note };
  };
}
