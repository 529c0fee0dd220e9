import type { CaseItem } from '../case/types.js';
import type { Target, TargetAnswer } from '../target/target.js';
import { addressedAsNotesSay } from './addressee.js';
import { answerApplicationItem } from './answer-application-item.js';
import { answerQuestionItem, answerWantedValue } from './answer-question-item.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { createParsedArtifactCache } from './parsed-artifact-cache.js';
import { answerFromOwners } from './path-owners.js';
import { replyFromNotes } from './reply-from-notes.js';

/** The lexical reader's version; changes whenever any answer would change. */
export const LEXICAL_READER_VERSION = '1.8.0';

/** What the lexical reader does, in a paragraph for the README and reports. */
export const explainLexicalReader =
  'The lexical reader is not a language model: it is a deterministic, offline program that answers each ' +
  'evaluation item from the artifact text alone, by matching words. It splits the text into passages (each ' +
  'line; a long line into sentences), notes the section each sits in (Immutable facts, Locked decisions, ' +
  'Forbidden behaviors, Deferred items, Unresolved items, Entities, else the summary) and finds cue words in ' +
  'it: rule words ("never", "off the table"), decision words ("let\'s", "going with"), override words ' +
  '("scratch that", "instead"), task words and role words. A question item is answered with the passage that ' +
  "scores best on the item's section, the cue words of its type and the words of its prompt and cues, each " +
  'word counting less the more passages hold it (a name in the question counting double); a question that ' +
  'asks for a kind of value ("who", "how long", "which file") prefers passages holding one (a name, digits, a ' +
  'path) and quotes only the sentences that do; a yes-or-no question about someone ("Does Ana own X?") is ' +
  'answered by the clauses naming them; a question quoting an earlier message ("when the user said \'given ' +
  'that rule\'") is answered by the rule or passage before the quote that it points back at. In a transcript a ' +
  "name someone says outranks the names in a tool's output, and a tool call is read with its output. A value " +
  'corrected later ("sorry, typo, it\'s 6437") is quoted as corrected, and an option the user accepted by ' +
  'reference ("go with your second option") stands for the decision. Documents the agent opened (a ' +
  'CONTRIBUTING file, a runbook, a CODEOWNERS line) are read as what a person said; a plan dropped by going ' +
  'back ("ok, back to Postgres"), a task closed in other words ("took care of the key thing") and a proposal ' +
  'the user turned down in reply ("not comfortable with that one") no longer stand, nor does a value given ' +
  'from memory once a file read after it says otherwise. A question for a particular kind of value ("how ' +
  'long", "which branch", "how many rows") prefers passages holding that kind, and a line of code counts as ' +
  'a record, not as someone speaking. A message that repeats earlier ones (a reply quoting the notes) is ' +
  'read where they were first said; a statement that gives its value by pointing ("trust the file", "that ' +
  'key") is quoted with what it points at; "what\'s left?" is the work asked for less the work closed since, ' +
  'and work a later tool output shows in place needs no doing. A note labelled superseded ("Superseded, do ' +
  'not use: …", "Not chosen: …") is never read as the current plan, whatever it says after the label. A ' +
  "sentence taken from a person's message is quoted with the rest of that message, whose sentences point at " +
  'each other ("use that", "hang it off the job runner"). Among decisions ' +
  'the newest and overriding one wins; when nothing scores enough it answers "The notes do not say." An ' +
  'application item comes with the action an ' +
  'agent would take next if nothing said otherwise (its tempting default, or for an item that checks that a ' +
  'behaviour is absent, that behaviour): the reader refuses it, quoting the passage, only when the ' +
  'artifact rejects it ("never X", "X is off the table", "keep X out of this", an entry under Forbidden ' +
  'behaviors; X found as written or, failing that, by its distinctive words), a later ' +
  'passage overrides or corrects it, or the work is reported done ("already replied", "no need to bother with ' +
  'X"), or a rule applies to it by a small inference (an amount past a threshold, a banned day that the ' +
  'notes say it is, a kind banned but for one exception, a name pattern that routes elsewhere); otherwise it ' +
  'takes that action, so a compactor that dropped the rule gets the ' +
  'violation a real model would commit. It cannot infer, and it misses rules and decisions worded without ' +
  'any of its cue words or without the words of the question, so its scores measure what an artifact states ' +
  'plainly, not what a model could work out from it.';

/**
 * Answers an item. An application item (one with a tempting default) is refused or taken; one that asks a
 * question the notes answer with the kind of value asked for ("Who should this go to?") is answered. An item that checks a
 * behaviour is absent but names no default (template-v1's plain `forbidden_absent` items) is refused when the
 * notes hold a rule or a change of plan against the behaviour, answered from the notes when they say anything
 * about it, and otherwise taken as an unwarned agent would take it: answering "the notes do not say" would let
 * an empty artifact pass every such item.
 */
function answerItem(parsed: ParsedArtifact, item: CaseItem): Omit<TargetAnswer, 'prompt'> {
  // A path's owner, as an ownership file the agent read states it, answers for that path.
  const owned = answerFromOwners(parsed, item);
  if (owned !== undefined) return owned;
  if (item.temptingDefault !== undefined) {
    const applied = answerApplicationItem(parsed, item.prompt, item.temptingDefault);
    if (applied.evidence.length > 0) return applied;
    return (
      answerWantedValue(parsed, item) ?? addressedAsNotesSay(parsed, item, item.temptingDefault) ?? applied
    );
  }
  if (item.check.kind !== 'forbidden_absent') return answerQuestionItem(parsed, item);
  const applied = answerApplicationItem(parsed, item.prompt, item.check.value);
  if (applied.evidence.length > 0) return applied;
  const asked = answerQuestionItem(parsed, item);
  return asked.evidence.length > 0 ? asked : applied;
}

function describeItem(item: CaseItem): string {
  const lines = [
    `lexical reader ${LEXICAL_READER_VERSION}: ${item.type} item "${item.key}" (${item.answerFormat} answer)`,
    `Prompt: ${item.prompt}`,
  ];
  if (item.cues.length > 0) lines.push(`Cues: ${item.cues.join(', ')}`);
  if (item.temptingDefault !== undefined) lines.push(`Tempting default: ${item.temptingDefault}`);
  return lines.join('\n');
}

/**
 * The lexical reader as a target: answers items by matching words in the artifact text, deterministically and
 * offline (see `explainLexicalReader`). Keeps its own bounded caches (see `createParsedArtifactCache`): the last
 * few parsed artifact texts, and the readings of lines met more than once, so a text that repeats an earlier
 * one and adds lines (a drift cycle) costs about what the added lines do.
 * @example
 * const target = createLexicalTarget();
 * const { response, evidence } = await target.answer({ artifactText: renderArtifact(artifact), item });
 */
export function createLexicalTarget(): Target {
  const cache = createParsedArtifactCache();
  return {
    id: 'lexical',
    kind: 'reader',
    version: LEXICAL_READER_VERSION,
    async answer({ artifactText, item }, options) {
      options?.signal?.throwIfAborted();
      const parsed = cache.get(artifactText);
      const answer = answerItem(parsed, item);
      return { ...answer, prompt: describeItem(item) };
    },
    async reply({ artifactText, userTurn }, options) {
      options?.signal?.throwIfAborted();
      return replyFromNotes(cache.get(artifactText), userTurn);
    },
  };
}
