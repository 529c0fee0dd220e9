import type { Message, ToolCall } from '../../../messages/types.js';
import type { MethodDefinition } from '../../registry/method-definition.js';
import { afterAcceptance } from './accepted-proposal.js';
import { deferredDecision, defersToSource, type ReadSource, readSourceOf } from './deferred-source.js';
import { fitToBudget } from './fit-to-budget.js';
import { Ledger } from './ledger.js';
import { ledgerFromArtifact } from './ledger-artifact.js';
import { compoundNames } from './named-blocks.js';
import { recordPartialAcceptance } from './partial-acceptance.js';
import { holdsTally } from './read-sentence.js';
import { readText } from './read-text.js';
import { distinctiveTerms, readToolActivity } from './read-tool-activity.js';
import { recordAcceptance, recordRefusal } from './record-acceptance.js';
import { remarkOn, settleSeen } from './seen-failures.js';
import { splitSentences, stripOpener } from './split-sentences.js';

const GOAL_WORDS = 60;
const LATEST_WORDS = 40;

function firstWords(text: string, count: number): string {
  const words = text.replace(/\s+/g, ' ').trim().split(' ');
  return words.length <= count ? words.join(' ') : `${words.slice(0, count).join(' ')} …`;
}

/** The agent's message without its tallies of what a tool returned ("`x` turns up 14 times"). */
function withoutTallies(text: string): string {
  return splitSentences(text)
    .filter((sentence) => !holdsTally(sentence))
    .join(' ');
}

/** Reads new messages into the ledger, in order, so later statements override earlier ones. */
export function readMessages(ledger: Ledger, messages: readonly Message[]): void {
  const callsById = new Map<string, ToolCall>();
  // Terms the people in the session use, so the output lines that name them are kept.
  const terms = new Set<string>();
  const names = new Set<string>();
  // The agent's tallies ("`updated_at` turns up 29 times in 20 files") name what a tool returned, not what the
  // session is about: every later line holding such a name would count as referred to.
  for (const message of messages) {
    if (message.role !== 'user' && message.role !== 'assistant') continue;
    const said = message.role === 'user' ? message.content : withoutTallies(message.content);
    for (const term of distinctiveTerms(said)) terms.add(term);
    for (const name of compoundNames(said)) names.add(name);
  }
  // Where the entries kept since someone last spoke begin: the failures the next message may speak of.
  let remarkedTo = ledger.entries.length;
  // The assistant's last words since the user spoke: what a short "yes, do that" accepts.
  let proposal = '';
  // The user's message before that: a suggestion of theirs the accepted proposal passes over.
  let earlier = '';
  // Only the last request is kept, so it is shortened once, after the loop.
  let latest: string | undefined;
  // The files and pages read, and what the user said before: what "trust the file" settles on.
  const reads: ReadSource[] = [];
  let userSaid = '';
  for (const message of messages) {
    if (message.role === 'user' || message.role === 'system') {
      const text = message.content.trim();
      if (text === '') continue;
      remarkOn(ledger, text, remarkedTo);
      remarkedTo = ledger.entries.length;
      if (ledger.goal === '' && !ledger.resumed && message.role === 'user')
        ledger.goal = firstWords(stripOpener(text), GOAL_WORDS);
      else if (message.role === 'user') latest = text;
      const accepted =
        message.role === 'user' &&
        proposal !== '' &&
        (recordAcceptance(ledger, proposal, text, earlier) ||
          recordPartialAcceptance(ledger, proposal, text));
      // "I'm not comfortable with that one": the proposal turned down is kept as not chosen.
      if (message.role === 'user' && proposal !== '' && !accepted) recordRefusal(ledger, proposal, text);
      // Once the accepted option is recorded in the proposal's words, the bare "sounds good" says nothing more.
      readText(ledger, accepted ? afterAcceptance(text) : text, 'user');
      // "Trust the file, my memory's bad": what the file said on the subject is the decision.
      const deferred =
        message.role === 'user' && reads.length > 0 && defersToSource(text)
          ? deferredDecision(reads, text, userSaid)
          : undefined;
      if (deferred !== undefined) ledger.add('decision', deferred);
      if (message.role === 'user') {
        userSaid = `${userSaid} ${text}`;
        proposal = '';
        earlier = text;
      }
      continue;
    }
    if (message.role === 'assistant') {
      if (message.content.trim() !== '') {
        remarkOn(ledger, withoutTallies(message.content), remarkedTo);
        remarkedTo = ledger.entries.length;
      }
      readText(ledger, message.content, 'assistant');
      if (message.content.trim() !== '') proposal = message.content;
    }
    readToolActivity(ledger, message, callsById, terms, names);
    const read = readSourceOf(message, callsById);
    if (read !== undefined) reads.push(read);
  }
  if (latest !== undefined) ledger.latest = firstWords(stripOpener(latest), LATEST_WORDS);
  // A failure that echoes what the user said (the error they reported, the file they named) is about the task.
  settleSeen(
    ledger,
    messages.filter((message) => message.role === 'user').map((message) => message.content),
  );
}

/**
 * The structured-state method: a rule-based extractor, no model. Rules and prohibitions, decisions (an override
 * moves the plan it replaces to a "superseded, do not use" note), facts with their values, roles of people,
 * open and deferred tasks, failures with their exact error lines and failing commands, and a file ledger
 * (created / modified with the change / read) from tool calls. Incremental: it rebuilds its ledger from the
 * previous artifact and reads only the new turns. Over a budget, the least important entries go first.
 */
export const structuredStateMethod: MethodDefinition = {
  name: 'structured-state',
  version: '1.29.2',
  description:
    'Rule-based extractor: rules, decisions with supersession, facts, roles, tasks, errors and a file ledger; no model.',
  needsModel: false,
  deterministic: true,
  options: {
    maxTokens: {
      type: 'integer',
      default: 0,
      min: 0,
      description: 'most tokens of rendered artifact, 0 for no cap of its own (a run budget still applies)',
    },
  },
  create(options) {
    const maxTokens = options.maxTokens as number;
    return {
      async compact({ transcript, previousArtifact, budgetTokens }) {
        const ledger = previousArtifact === undefined ? new Ledger() : ledgerFromArtifact(previousArtifact);
        readMessages(ledger, transcript);
        const caps = [budgetTokens, maxTokens > 0 ? maxTokens : undefined].filter(
          (cap): cap is number => cap !== undefined,
        );
        const budget = caps.length === 0 ? undefined : Math.min(...caps);
        const { artifact, dropped } = fitToBudget(ledger, budget);
        const turns = new Set(previousArtifact?.selectedSourceTurnIds ?? []);
        for (const message of transcript) if (message.turn !== undefined) turns.add(message.turn);
        artifact.selectedSourceTurnIds = [...turns].sort((a, b) => a - b);
        if (dropped.length > 0) {
          artifact.warnings.push(
            `dropped ${dropped.length} of ${ledger.entries.length} entries, least important first, to fit ${budget} tokens`,
          );
        }
        artifact.methodMetadata = {
          ...artifact.methodMetadata,
          entries: ledger.entries.length,
          dropped: dropped.length,
        };
        return artifact;
      },
    };
  },
};
