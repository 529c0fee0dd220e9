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
import { rejectedCount, withoutDropClauses } from './drop-clauses.js';
import type { Ledger } from './ledger.js';
import type { EntryKind, LedgerEntry } from './ledger-entry.js';
import { setAsideParts } from './output-closes-task.js';
import { rolesIn } from './person-names.js';
import {
  changesMind,
  droppedPlans,
  dropsPlan,
  onlyDrops,
  RESETS,
  RETURNS_TO,
  returnedPlan,
  UPDATE_NEWS,
} from './revision-patterns.js';
import { moreWordsThan, stripOpener } from './split-sentences.js';
import { retractsSubject, supersededPhrases } from './superseded-phrases.js';
import { namesTwoOfAForm, shareValueForm } from './value-correction.js';

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

/**
 * Whether a fact is kept with the fact the sentence before it in the message stated ("The app crashes on launch
 * since 0.12.13. Crash-free sessions dropped to 97.2%."): one note says what both are about, as the message did.
 * A who-is-who line is about its own person, and two settings of one kind of value (two ports) are told apart by
 * a later correction, so those stay apart.
 */
function joinsFact(kind: EntryKind, previous: LedgerEntry, sentence: string): boolean {
  if (kind !== 'fact') return false;
  // "Scraping their site is a hard no from legal. Dana was explicit, their terms forbid it": why, and who said so.
  if (previous.kind === 'rule') return REFERS_TO_IT.test(sentence);
  return (
    previous.kind === 'fact' &&
    rolesIn(previous.text).length === 0 &&
    !shareValueForm(previous.text, sentence)
  );
}
// A sentence that points back at what the one before it said.
const REFERS_TO_IT = /\b(?:it|that|this|them|those)\b/i;

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
  joinTo?: LedgerEntry,
): LedgerEntry | undefined {
  const sentence = stripOpener(raw);
  const lower = lowerPlain(sentence);
  if (speaker === 'user' && RESETS.test(lower)) {
    ledger.supersedeAll();
    if (sentence.split(/\s+/).length <= BARE_RESET_WORDS && !VALUE.test(sentence)) return;
  }
  const classified = classifySentence(sentence, speaker, lower);
  // A statement the next sentence asks the agent to work through is open work, not a fact.
  const kind = askedFor && classified === 'fact' ? 'task' : classified;
  if (kind === undefined) return undefined;
  const speakerPenalty = speaker === 'user' ? 0 : -10;
  const joined =
    before === '' && joinTo !== undefined && joinsFact(kind, joinTo, sentence) ? joinTo : undefined;
  const lead = joined?.text ?? before;
  const entry = ledger.add(joined?.kind ?? kind, lead === '' ? sentence : `${lead} ${sentence}`, undefined);
  if (entry === undefined) return undefined;
  entry.priority += speakerPenalty + priorityBoost;
  if (speaker === 'user') ledger.markStated(entry);
  // An exception narrows a rule without replacing it, so it supersedes nothing.
  const overrides = revises(lower) && !EXCEPTION.test(lower);
  if (overrides && (speaker === 'user' || kind === 'decision')) {
    const phrases = [...supersededPhrases(sentence), ...droppedPlans(sentence)];
    // "Small update, …" replaces a plan on its subject, and no other: news may be about anything.
    const onTopic =
      UPDATE_NEWS.test(lower) && !OVERRIDE.test(lower) && !changesMind(lower) && !dropsPlan(lower);
    const rejectedBefore = rejectedCount(ledger);
    ledger.supersede(entry, phrases, returnedPlan(sentence), retractsSubject(sentence), onTopic);
    withoutDropClauses(ledger, entry, rejectedBefore);
  }
  // After the override is applied: a correction written in place is a fact by then, with no copy to make.
  // A revision that bans the old value beside the new ("it's actually 5.29.16; 5.89.16 is not an option") is not
  // copied: read twice, the copy would look like a later statement of the value banned.
  const namesOld = overrides && forbids(lower) && namesTwoOfAForm(entry.text);
  if (speaker === 'user' && COPIED_KINDS.has(entry.kind) && holdsValue(entry.text) && !namesOld)
    ledger.addFactCopy(entry);
  for (const name of rolesIn(sentence)) ledger.setEntity(name, sentence, overrides);
  // "The helper extraction I'll push back on, leave that as is": the part of an open task list it names is off.
  if (speaker === 'user' && entry.kind === 'rule') setAsideParts(ledger, sentence);
  // "INFRA-4247 got closed as a dupe": the part of an open task naming it is done.
  if (speaker === 'user' && CLOSES.test(lower))
    for (const name of sentence.match(NAMED_ITEM) ?? []) ledger.closeClause(name, entry);
  return entry;
}

// A report that something is done or needs doing no more.
const CLOSES =
  /\b(?:(?:got|was|is|been|gets) (?:closed|fixed|resolved|merged|shipped|done|sorted)|(?:closed|fixed|resolved|done|sorted|merged) already|already (?:closed|fixed|resolved|done|sorted|merged|taken care of)|(?:is|are) no longer needed|closed as (?:a )?(?:dupe|duplicate))\b/;
// What such a report names: a ticket or issue ("INFRA-4247", "#812") or a path.
const NAMED_ITEM = /\b[A-Z][A-Z0-9]+-\d+\b|#\d+\b|[\w.-]*\/[\w./-]*\w/g;
