import {
  CHANGE,
  DECIDES,
  DECISION,
  DEFERRAL,
  EXCEPTION,
  FAILURE,
  forbids,
  holdsValue,
  isQuestion,
  NAMES_OWN_CHOICE,
  OVERRIDE,
  REQUEST,
  REQUIREMENT,
  STANDING_REQUIREMENT,
  TASK,
  VALUE,
} from './cue-patterns.js';
import type { Ledger } from './ledger.js';
import type { EntryKind } from './ledger-entry.js';
import { setAsideParts } from './output-closes-task.js';
import { rolesIn } from './person-names.js';
import { asksForIt, withEllipsesJoined } from './pointing-sentences.js';
import {
  BARE_NO,
  changesMind,
  droppedPlans,
  dropsPlan,
  onlyDrops,
  RESETS,
  RETURNS_TO,
  returnedPlan,
  UPDATE_NEWS,
} from './revision-patterns.js';
import { moreWordsThan, splitSentences, stripOpener } from './split-sentences.js';
import { retractsSubject, supersededPhrases } from './superseded-phrases.js';
import { topicWords } from './topic-words.js';

/**
 * Whether a sentence revises an earlier plan: an override cue ("instead", "scratch that"), a change of mind
 * ("on reflection"), a plan dropped by a verb ("shelved", "won't fly"), a return ("back to X") or a reset.
 */
export function revises(lower: string): boolean {
  // A question asks about a plan; it revises none ("back to this morning: how is the query going?").
  if (isQuestion(lower)) return false;
  return (
    OVERRIDE.test(lower) ||
    changesMind(lower) ||
    dropsPlan(lower) ||
    RETURNS_TO.test(lower) ||
    RESETS.test(lower) ||
    UPDATE_NEWS.test(lower)
  );
}

/** Lower case with typographic apostrophes made plain, so "mustn’t" reads as "mustn't". */
export function lowerPlain(text: string): string {
  return text.toLowerCase().replace(/[’‘ʼ]/g, "'");
}

/** Who said a sentence: the user's statements are kept more readily than the agent's. */
export type Speaker = 'user' | 'assistant' | 'tool';

// A request to be told what was said ("remind me what we decided", "tell me which port we picked").
const ASKS_TO_BE_TOLD =
  /^(?:(?:can|could|would) you |please )?(?:remind me|tell me|recap|refresh my memory)(?: again)?(?: on| of| about)?,? (?:what|which|who|where|when|how|why)\b/;

// A question that opens with a question word: it asks, whatever modal it holds.
const ASKS_WHICH = /^(?:which|what|who|whom|whose|where|when|how|why)\b/;

/** Whether lower-cased text settles a plan, states a requirement or makes an exception. */
function settles(lower: string): boolean {
  return (
    DECISION.test(lower) || REQUIREMENT.test(lower) || EXCEPTION.test(lower) || NAMES_OWN_CHOICE.test(lower)
  );
}

// A capitalised word after the first (not "I"): a product, a place, a team.
const NAMES_SOMETHING = /\s[A-Z][A-Za-z]*[a-z][A-Za-z]*\b/;

// A finding the agent attributes to what it looked at: "according to the dashboard", "per the runbook", "the
// logs show that …".
const ATTRIBUTED =
  /\b(?:according to|as per|per the) (?:the |our |their |its |this |that )?[\w-]+|\bthe [\w-]+ (?:page |console |dashboard |logs? )?(?:shows?|says|confirms?|reports?) that\b/;

// The agent reporting what it found, and where: "Found it: the parser drops the BOM in src/io/read.ts", "Turns
// out the job reads config/prod.yml", "The culprit is the retry loop in client.go", "It blows up inside vendor/x".
const FINDING =
  /^(?:found (?:it|the|something|that|where|what)|(?:it )?turns out|the (?:cause|culprit|root cause|problem|bug|issue|leak) (?:is|was|lives|sits)|(?:it|this|that) (?:blows up|dies|goes wrong|breaks) (?:in|inside|at|when)|(?:it|this|that) comes from)\b/;

// A quantity the agent measured: a duration, a size, a rate, a share or an amount of money.
const MEASURED =
  /\d(?:[\d,.]*\d)?\s*(?:ms|milliseconds?|s|secs?|seconds?|minutes?|mins?|hours?|hrs?|[kmgt]i?b|bytes|%|percent|rps|qps|req\/s)(?![\w-])|[$€£]\s?\d|\d\s?(?:usd|eur|gbp)\b/;

// The agent's tallies of what it looked at: a test run's pass/fail count ("3 of 21 tests fail"), a diff's size
// ("+17 / -22 lines", "touches 4 files"), how far back a log goes ("the last 36 commits"), how often a name turns
// up ("29 times in 20 files"), how long a file or listing is ("is about 108 lines", "holds 11 entries"). Each
// counts what a tool output holds; none is a fact the session decided or found, and the failing run keeps its
// own entry, with its failing tests and error lines.
const TALLY =
  /\b\d[\d,]* of \d[\d,]* (?:[a-z]+ ){0,2}(?:fail|pass|succeed|error)\w*|[+]\d+ ?\/ ?[-−]\d+(?: lines)?|\btouch(?:es|ed)? \d+ files?\b|\b(?:the )?(?:last|latest|past|first) \d+ commits\b|\b\d+ times? in \d+ files?\b|\b(?:holds?|has|have|contains?) \d+ (?:entries|items|files|lines)\b|\bis (?:about |roughly |around )?\d+ lines\b/g;

/** Whether a sentence of the agent's holds a tally ({@link TALLY}) of what a tool returned. */
export function holdsTally(sentence: string): boolean {
  return withoutTallies(sentence) !== sentence;
}

/** A sentence of the agent's with its tallies ({@link TALLY}) taken out: what is left is what it states. */
function withoutTallies(sentence: string): string {
  return sentence.replace(TALLY, ' ');
}

// A request for work after the current one: "can you also check the staging logs once this is merged?".
const QUEUED_REQUEST =
  /(?:^|[,;:—–]\s*)(?:(?:can|could|would|will) you|please|pls)(?: also| then| still)? (?:[\w'/.-]+ ){1,12}?(?:after (?:this|that|it)|afterwards|later(?: on)?|once (?:this|that|it|you|we)\b|when you(?:'re| are) done|at some point|next)\b/;

// The agent saying where it will put the work: "I'll add the limiter in src/clients/limiter.ts", "I'm going to
// write the job under jobs/nightly/". A file path (a slash, or a name with an extension) after "in", "into",
// "under" or "at".
const PLACES_WORK =
  /^(?:ok(?:ay)?,? |sure,? |right,? )?(?:i'?ll|i will|i'?m going to|i am going to|let me) (?:add|put|write|create|implement|build|place|keep|store|move)\b[^.;:!?]{0,80}? (?:in|into|under|at|to) `?(?:[\w.-]+\/[\w./-]*\w|[\w-]+\.(?:ts|js|py|go|rs|rb|java|kt|ya?ml|json|toml|sql|sh|md))`?/;

/**
 * The kind a sentence is kept as, or undefined when it states nothing worth keeping. `lower`, when the caller
 * has it, is `lowerPlain(sentence)`.
 */
export function classifySentence(
  sentence: string,
  speaker: Speaker,
  lower = lowerPlain(sentence),
): EntryKind | undefined {
  const question = isQuestion(sentence);
  // The agent's revisions count only with an override cue (below); only the user's are read in full.
  const override = speaker === 'user' && revises(lower);
  // The agent's statements never become rules; its questions still need the test below.
  const prohibition = (speaker === 'user' || question) && forbids(lower);
  // Each pattern runs only where its answer decides the kind: most sentences are settled by the first few.
  // "Could you also look at the other one after this?" asks for work to do later: it stays open.
  if (speaker === 'user' && QUEUED_REQUEST.test(lower)) return 'task';
  if (question && !(override || prohibition || TASK.test(lower) || DEFERRAL.test(lower) || settles(lower)))
    return undefined;
  // "Which team has to approve it?" asks what is required; its "has to" settles nothing.
  if (question && ASKS_WHICH.test(lower) && !(override || prohibition || TASK.test(lower))) return undefined;
  if (speaker === 'assistant') {
    // The agent's own words count when they report a change, a failure or a role, or restate a plan; its
    // tallies of what a tool returned count for none of these.
    const stated = withoutTallies(sentence);
    if (stated !== sentence) return classifySentence(stated, speaker);
    const hasValue = VALUE.test(sentence);
    // "Ignore what I said about the CSV" from the agent takes back its own words: no plan of the session's.
    if (OVERRIDE.test(lower) && (hasValue || settles(lower)) && !retractsSubject(sentence)) return 'decision';
    if (hasValue && TASK.test(lower)) return DEFERRAL.test(lower) ? 'deferred' : 'task';
    if (hasValue && CHANGE.test(lower)) return 'fact';
    if (hasValue && FAILURE.test(lower)) return 'error';
    if (rolesIn(sentence).length > 0) return 'fact';
    if (hasValue && /\b(?:going with|we go with|agreed|recorded|confirmed)\b/.test(lower)) return 'decision';
    // "I'll add a token bucket limiter in src/clients/limiter.ts": where the agent says the work will go.
    if (PLACES_WORK.test(lower)) return 'decision';
    // "X is the freshest replica according to the status page": a finding the agent read somewhere, which lasts.
    if (ATTRIBUTED.test(lower) && moreWordsThan(sentence, 4)) return 'fact';
    // "A full run takes 52 minutes and peaks at 4 GB": a measurement, not a count of search hits or tests.
    if (hasValue && MEASURED.test(lower)) return 'fact';
    if (hasValue && FINDING.test(lower)) return 'fact';
    return undefined;
  }
  // A revision that only drops a plan ("the nightly rebuild is shelved") is a rule against it; one that
  // names the new plan is the current decision.
  if (override) {
    if (!onlyDrops(sentence)) return 'decision';
    // "Park the dashboard work until next sprint" puts the plan off rather than ruling it out.
    return DEFERRAL.test(lower) ? 'deferred' : 'rule';
  }
  // "We decided: we will not release before the audit" settles something: a decision, kept with its "not". A
  // rule stated with its carve-out in one sentence ("X is read-only, except Y") is still the rule, the carve-out
  // kept in its words beside it.
  if (prohibition) return DECIDES.test(lower) ? 'decision' : 'rule';
  // "Remind me what we decided": a request to be told, which states nothing itself.
  if (ASKS_TO_BE_TOLD.test(lower)) return undefined;
  if (moreWordsThan(sentence, 3) && DEFERRAL.test(lower)) return 'deferred';
  // "Anything over 750 EUR needs a second approver": a rule for every such case, not one task.
  if (STANDING_REQUIREMENT.test(lower)) return 'rule';
  if (TASK.test(lower)) return 'task';
  if (settles(lower) || DECIDES.test(lower)) return 'decision';
  // "Check with Femi Adeyemi before …" asks for something, and names who to go to: the role lasts.
  if (rolesIn(sentence).length > 0) return 'fact';
  // A request of the moment asks for work; the work's outcome, not the asking, is what lasts.
  if (REQUEST.test(lower)) return undefined;
  if (VALUE.test(sentence)) return 'fact';
  // "The orders table gets copied into Snowflake nightly": a short statement naming a product or place.
  if (moreWordsThan(sentence, 4) && NAMES_SOMETHING.test(sentence)) return 'fact';
  return moreWordsThan(sentence, 7) ? 'fact' : undefined;
}

// Statements that settle something (a rule, a plan, a deferral) and carry a value are copied among the facts;
// an open task's value is asked for as the task.
const COPIED_KINDS: ReadonlySet<EntryKind> = new Set(['rule', 'decision', 'deferred']);

// A reset with nothing else in it ("Ignore everything we've said so far.") is applied, not kept.
const BARE_RESET_WORDS = 10;

/**
 * Keeps one sentence: files it by kind, applies it as an override, and records the roles it names. `before`,
 * when given, is what the sentence refers back to: kept in front of it, but not read for its kind.
 */
export function readSentence(
  ledger: Ledger,
  raw: string,
  speaker: Speaker,
  priorityBoost = 0,
  before = '',
  askedFor = false,
): void {
  const sentence = stripOpener(raw);
  const lower = lowerPlain(sentence);
  if (speaker === 'user' && RESETS.test(lower)) {
    ledger.supersedeAll();
    if (sentence.split(/\s+/).length <= BARE_RESET_WORDS && !VALUE.test(sentence)) return;
  }
  const classified = classifySentence(sentence, speaker, lower);
  // A statement the next sentence asks the agent to work through is open work, not a fact.
  const kind = askedFor && classified === 'fact' ? 'task' : classified;
  if (kind === undefined) return;
  const speakerPenalty = speaker === 'user' ? 0 : -10;
  const entry = ledger.add(kind, before === '' ? sentence : `${before} ${sentence}`, undefined);
  if (entry === undefined) return;
  entry.priority += speakerPenalty + priorityBoost;
  if (speaker === 'user') ledger.markStated(entry);
  // An exception narrows a rule without replacing it, so it supersedes nothing.
  const overrides = revises(lower) && !EXCEPTION.test(lower);
  if (overrides && (speaker === 'user' || kind === 'decision')) {
    const phrases = [...supersededPhrases(sentence), ...droppedPlans(sentence)];
    // "Small update, …" replaces a plan on its subject, and no other: news may be about anything.
    const onTopic =
      UPDATE_NEWS.test(lower) && !OVERRIDE.test(lower) && !changesMind(lower) && !dropsPlan(lower);
    ledger.supersede(entry, phrases, returnedPlan(sentence), retractsSubject(sentence), onTopic);
  }
  // After the override is applied: a correction written in place is a fact by then, with no copy to make.
  if (speaker === 'user' && COPIED_KINDS.has(entry.kind) && holdsValue(entry.text)) ledger.addFactCopy(entry);
  for (const name of rolesIn(sentence)) ledger.setEntity(name, sentence, overrides);
  // "The helper extraction I'll push back on, leave that as is": the part of an open task list it names is off.
  if (speaker === 'user' && entry.kind === 'rule') setAsideParts(ledger, sentence);
  // "INFRA-4247 got closed as a dupe": the part of an open task naming it is done.
  if (speaker === 'user' && CLOSES.test(lower))
    for (const name of sentence.match(NAMED_ITEM) ?? []) ledger.closeClause(name, entry);
}

// A report that something is done or needs doing no more.
const CLOSES =
  /\b(?:(?:got|was|is|been|gets) (?:closed|fixed|resolved|merged|shipped|done|sorted)|(?:closed|fixed|resolved|done|sorted|merged) already|already (?:closed|fixed|resolved|done|sorted|merged|taken care of)|(?:is|are) no longer needed|closed as (?:a )?(?:dupe|duplicate))\b/;
// What such a report names: a ticket or issue ("INFRA-4247", "#812") or a path.
const NAMED_ITEM = /\b[A-Z][A-Z0-9]+-\d+\b|#\d+\b|[\w.-]*\/[\w./-]*\w/g;

// "Let's not do that again": a rule whose object is the sentence before it.
const REFERS_BACK = /\b(?:do|doing|repeat|try|trying) (?:that|this|it)\b|\b(?:that|this|it) again\b/;
const REFERENCE_WORDS = 3;
// "Scratch that." and the like are this short; an opener ("Okay, so —") may come before.
const BARE_REVISION_WORDS = 3;
const OPENER_WORDS = 4;
const CONTEXT_SENTENCES = 2;
// A retraction that names what it takes back and nothing else: "forget what I said about the cache", "scratch
// the Jenkins idea".
const RETRACTS_SUBJECT =
  /^(?:please |so |ok(?:ay)?,? )?(?:(?:ignore|disregard|forget(?: about)?) what (?:i|we) (?:said|asked for|wrote|suggested|planned)(?: (?:earlier|before|above|yesterday))? (?:about|re|regarding|on|for) [^.,;!?]{1,40}|(?:scratch|forget|drop|ignore|disregard) (?:the|my|our) [^.,;!?]{1,30} (?:idea|plan|part|bit|suggestion))[.!]?$/;
// How many statements after such a retraction are read as what replaces it.
const REPLACEMENT_SENTENCES = 2;
// Interjections a bare revision may open with ("Actually — scratch that.", "Wait, no: scratch that."): the
// revision is no less bare for them.
const REVISION_LEAD = /^(?:(?:actually|wait|no|hold on|hang on|hm+|oh)(?:\s*[,.:;!—–]|\s+-{1,2})\s*)+/;
// A sentence that only points the override before it back at what it replaces ("Let's instead X. Ignore the
// earlier instruction."): it names no plan of its own, so it is read with that sentence, not as a second
// override that would replace the plan just stated.
const POINTS_AT_EARLIER =
  /^(?:please |so |and |just )?(?:ignore|disregard|forget(?: about)?) (?:(?:the|my|our|that|your) (?:earlier|previous|prior|old|original|first|former|initial|last|above|other)(?: (?:instruction|plan|idea|request|suggestion|approach|direction|message|one|version|ask|option)s?)?|what (?:i|we) (?:said|asked|planned|suggested|wrote)(?: (?:before|earlier|above|first))?|(?:that|the) (?:instruction|plan|idea|request|suggestion|direction|message)s? (?:before|earlier|above))[.!]?$/;

/** The sentences of a user's message, each one that only points back at an earlier plan joined to the one before. */
function withPointersJoined(sentences: string[]): string[] {
  for (let at = sentences.length - 1; at > 0; at--) {
    const sentence = sentences[at] as string;
    // Cheap first: every pointer holds one of these verbs.
    if (!/ignore|disregard|forget/i.test(sentence)) continue;
    if (!POINTS_AT_EARLIER.test(lowerPlain(stripOpener(sentence)))) continue;
    sentences[at - 1] = `${sentences[at - 1]} ${sentence}`;
    sentences.splice(at, 1);
  }
  return sentences;
}

// A choice named in a few words after the plan it makes concrete ("let's push updates instead. WebSockets with
// uWebSockets.js, I'd say."): one decision, so a later revision replaces, and a return restores, both together.
const NAMED_CHOICE_WORDS = 12;

/** The sentences of a user's message, each short one that names a choice joined to the decision before it. */
function withChoicesJoined(sentences: string[]): string[] {
  for (let at = sentences.length - 1; at > 0; at--) {
    const sentence = sentences[at] as string;
    if (moreWordsThan(sentence, NAMED_CHOICE_WORDS)) continue;
    const lower = lowerPlain(stripOpener(sentence));
    if (!NAMES_OWN_CHOICE.test(lower) || revises(lower)) continue;
    if (classifySentence(stripOpener(sentences[at - 1] as string), 'user') !== 'decision') continue;
    sentences[at - 1] = `${sentences[at - 1]} ${sentence}`;
    sentences.splice(at, 1);
  }
  return sentences;
}

// A fragment that opens with a value and has no subject of its own: "Tuesday at 04:50 UTC, 45 minutes.", "3
// replicas, 512Mi each." It gives the details of what the sentence before it named.
const DETAIL_FRAGMENT =
  /^(?:(?:on|at|from|by|every) )?(?:(?:mon|tues|wednes|thurs|fri|satur|sun)day|\d[\d:.,/-]*(?:[a-z%]{1,3})?)\b(?: (?:at|from|to|until|for|each|per|of|utc|[a-z]{1,10}s?))?\b[^.!?]{0,40}?,/i;
const DETAIL_WORDS = 16;

/** The sentences of a user's message, each detail fragment ({@link DETAIL_FRAGMENT}) joined to the one before. */
function withDetailsJoined(sentences: string[]): string[] {
  for (let at = sentences.length - 1; at > 0; at--) {
    const sentence = sentences[at] as string;
    if (moreWordsThan(sentence, DETAIL_WORDS) || !DETAIL_FRAGMENT.test(sentence)) continue;
    const previous = sentences[at - 1] as string;
    if (isQuestion(previous)) continue;
    sentences[at - 1] = `${previous} ${sentence}`;
    sentences.splice(at, 1);
  }
  return sentences;
}

// Where a statement ends and a question typed in lower case begins: ". what's left?", ". any idea why?".
const LOWER_CASE_START = /[.!]\s+(?=[a-z])/g;

/**
 * A sentence ending in a question, split where a statement before it ends ("…handles that. what's left?"), so
 * the statement is kept; otherwise the sentence alone. People often type a new sentence in lower case.
 */
function statementBeforeQuestion(sentence: string): string[] {
  if (!isQuestion(sentence) || !/[.!]\s+[a-z]/.test(sentence)) return [sentence];
  let cut = -1;
  for (const match of sentence.matchAll(LOWER_CASE_START)) cut = match.index + match[0].length;
  // An abbreviation ("e.g. the", "vs. the") or an initial does not end a statement.
  const before = sentence.slice(0, cut).trimEnd();
  if (cut < 0 || /(?:\b[a-z]\.[a-z]\.|\b(?:etc|vs|cf|approx)\.|\b[A-Za-z]\.)$/i.test(before))
    return [sentence];
  return [before, sentence.slice(cut)];
}

/**
 * Reads a message's sentences in order. A bare revision ("Scratch that.", "Change of plan.") is read with the
 * sentence after it, which it applies to; a rule that points back ("so let's not do that again") is read with
 * the sentences before it, which say what "that" is.
 */
export function readText(
  ledger: Ledger,
  text: string,
  speaker: Speaker,
  skip?: (sentence: string) => boolean,
): void {
  ledger.beginMessage();
  const sentences =
    speaker === 'user'
      ? withEllipsesJoined(withDetailsJoined(withChoicesJoined(withPointersJoined(splitSentences(text)))))
      : splitSentences(text);
  for (let at = 0; at < sentences.length; at++) {
    const sentence = sentences[at] as string;
    if (skip?.(sentence)) continue;
    // Most sentences are long and point nowhere: the cheap tests go first.
    const short = !moreWordsThan(sentence, BARE_REVISION_WORDS + OPENER_WORDS);
    const bare = short || speaker === 'user' ? lowerPlain(stripOpener(sentence)) : '';
    if (
      short &&
      at + 1 < sentences.length &&
      !moreWordsThan(bare.replace(REVISION_LEAD, ''), BARE_REVISION_WORDS)
    ) {
      // "Hm, no. Compliance needs 400 days.": a bare "no" before a new value corrects, as a revision does.
      const noBeforeValue = BARE_NO.test(bare) && holdsValue(sentences[at + 1] as string);
      if ((revises(bare) || noBeforeValue) && !RESETS.test(bare)) {
        sentences[at + 1] = `${sentence} ${sentences[at + 1]}`;
        continue;
      }
    }
    // "Ignore what I said earlier about the CSV. They moved to Excel. XLSX, one sheet per team.": the retraction
    // names only its subject; what replaces it follows, and is read with it as the new decision.
    if (speaker === 'user' && at + 1 < sentences.length && RETRACTS_SUBJECT.test(bare)) {
      const following = sentences.slice(at + 1, at + 1 + REPLACEMENT_SENTENCES);
      const statements = following.findIndex((next) => isQuestion(next));
      const taken = statements < 0 ? following.length : statements;
      if (taken > 0) {
        sentences.splice(at + 1, taken, [sentence, ...following.slice(0, taken)].join(' '));
        continue;
      }
    }
    const pointsBack =
      speaker === 'user' &&
      at > 0 &&
      REFERS_BACK.test(bare) &&
      forbids(bare) &&
      topicWords(bare).size <= REFERENCE_WORDS;
    const before = pointsBack ? sentences.slice(Math.max(0, at - CONTEXT_SENTENCES), at).join(' ') : '';
    // "The job deletes it on the 8th. what's left for us?": the statement before a question is read on its own.
    const parts = statementBeforeQuestion(sentence);
    for (let index = 0; index < parts.length; index++) {
      // "…, and add a test for the retries. can you work through it?": the statement is the work asked for.
      const next = parts[index + 1] ?? sentences[at + 1];
      const asked = speaker === 'user' && next !== undefined && asksForIt(lowerPlain(stripOpener(next)));
      readSentence(ledger, parts[index] as string, speaker, 0, before, asked);
    }
  }
}
