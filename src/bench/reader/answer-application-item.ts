import { classifyMention } from '../scoring/mentions.js';
import type { TargetEvidence } from '../target/target.js';
import { acceptedAlternative } from './accepted-alternative.js';
import { type Found, findLooseMentions, findMentions, mentionIn } from './action-mentions.js';
import { bypassedCheck } from './bypassed-checks.js';
import { letThroughBy } from './category-bans.js';
import { closingPassage } from './closed-tasks.js';
import { contentStems } from './content-words.js';
import { strongestCue } from './cue-matcher.js';
import { folderRuleAgainst } from './directory-rules.js';
import { documentRuleAgainst, quotableDocumentRule } from './document-rules.js';
import { droppedPlan } from './dropped-plans.js';
import { heldBackAfter } from './held-back-predicate.js';
import { inferredRuleAgainst } from './inferred-rules.js';
import { joinedWordRejections } from './joined-words.js';
import { passagesOfLine } from './line-passages.js';
import { alreadyRun, inEffect, observedOver } from './observed-states.js';
import { outsideException } from './outside-exception.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { planReversal } from './plan-reversals.js';
import { buildQueryWeights, fullMask, matchMasks, overlapScores } from './query-weights.js';
import { refusalWithoutSteps } from './refusal-wording.js';
import { rejectedOption } from './rejected-options.js';
import { ruleRestrictingAgent } from './restricted-agent.js';
import { exceptionForCase, exceptionOf } from './rule-exceptions.js';
import { ruleNamingPartOf } from './rule-phrase.js';
import { settledAgainstNamed, settledSince } from './settled-changes.js';
import { type Supersession, supersededValueIn, withReplacement } from './superseded-values.js';
import { fromSentenceNaming, saysDone } from './task-done.js';
import { toolExchanges } from './tool-exchanges.js';
import { vetoNamingPartOf, vetoOf } from './vetoed-proposals.js';

const NO_WORDS: ReadonlySet<string> = new Set();

// An override phrase found in more than about seven passages (rarity below 0.5) is filler, not a change of plan.
const MIN_OVERRIDE_RARITY = 0.5;

function isOverride(parsed: ParsedArtifact, passage: Passage): boolean {
  return strongestCue(passage.cues.override, parsed.cueFrequency) >= MIN_OVERRIDE_RARITY;
}

/** The passages that can be rules or decisions: those with a cue phrase or in a section, in order. */
function notablePassages(parsed: ParsedArtifact): Passage[] {
  return Array.from(parsed.notablePositions, (position) => parsed.passages[position] as Passage);
}

/**
 * Why the reader will not take the tempting default: a rule against it, a later change of plan, or a value in
 * it that a later message corrected ("port 6457" … "typo, it's 6437").
 */
type Reason =
  | { kind: 'rule' | 'superseded'; passage: Passage; next?: Passage; documented?: boolean; quote?: string }
  | { kind: 'reversed'; passage: Passage; standing: string }
  | { kind: 'corrected'; passage: Passage; supersession: Supersession };

/**
 * A rule in other words ("no shipping on Friday afternoons" against "ship on Fridays"): every content word of
 * the action, in a passage that states a rule. Only consulted when no passage names the action as written.
 */
function findParaphrasedRule(parsed: ParsedArtifact, action: string): Passage | undefined {
  const stems = contentStems(action);
  if (stems.length < 2) return undefined;
  const query = buildQueryWeights([{ stems, weight: 1 }]);
  const all = fullMask(query);
  const masks = matchMasks(parsed, query);
  let found: Passage | undefined;
  for (const passage of notablePassages(parsed)) {
    const isRule = passage.section === 'Forbidden behaviors' || passage.cues.rule.length > 0;
    if (isRule && masks[passage.position] === all) found = passage;
  }
  return found;
}

/**
 * The passage that last speaks of the action, when it says the work is done or no longer needed. People report
 * work done in other words than the task's ("replied to" for "reply to"), so words of it are looked for too.
 */
function doneSince(parsed: ParsedArtifact, action: string, mentions: readonly Found[]): Passage | undefined {
  const loose =
    mentions.length > 0 && mentions[0]?.fragment === action ? findLooseMentions(parsed, action) : [];
  let latest: Found | undefined;
  for (const found of [...mentions, ...loose]) {
    if (latest === undefined || found.passage.position > latest.passage.position) latest = found;
  }
  return latest !== undefined && saysDone(latest.passage.text, latest.fragment) ? latest.passage : undefined;
}

/**
 * A plan a later line dropped without naming the action's words as a mention would (see `droppedPlan`), or a
 * value of it turned down with the other options just given (see `rejectedOption`).
 */
function droppedOf(parsed: ParsedArtifact, action: string): Reason | undefined {
  const dropped = droppedPlan(parsed, action) ?? rejectedOption(parsed, action);
  return dropped === undefined
    ? undefined
    : { kind: 'reversed', passage: dropped.passage, standing: dropped.quote };
}

/**
 * A plan a person dropped in passing after `mention` took the action up, in a line whose dropped part names
 * what the action is about ("park the Kafka thing"): more to the point than any change of plan after it.
 */
function reversalOf(parsed: ParsedArtifact, mention: Passage, action: string): Reason | undefined {
  const reversal = planReversal(parsed, mention, action, NO_WORDS, true);
  if (reversal === undefined) return undefined;
  const passage = reversal.passages[0] as Passage;
  // A line that only drops the plan ("scratch that, let's instead X") is quoted whole, as any change of plan.
  if (!reversal.follows) return { kind: 'superseded', passage };
  return { kind: 'reversed', passage, standing: reversal.text };
}

/**
 * Why the reader will not take the action: what the notes say of it as written or in its words, else a later
 * message that closes it in other words ("took care of the key thing", "skip it", a commit doing it).
 */
function findReason(parsed: ParsedArtifact, prompt: string, action: string): Reason | undefined {
  const stated = findStatedReason(parsed, prompt, action);
  if (stated !== undefined) return stated;
  // A rule the notes state without naming the action, that applies to it by a small inference (see there).
  const inferred = inferredRuleAgainst(parsed, prompt, action);
  if (inferred !== undefined) {
    if ('supersession' in inferred) {
      const { supersession } = inferred;
      return { kind: 'corrected', passage: supersession.correction, supersession };
    }
    return { kind: 'rule', ...inferred };
  }
  const closed = closingPassage(parsed, action, -1);
  return closed === undefined
    ? undefined
    : { kind: 'superseded', passage: closed, quote: fromSentenceNaming(closed.text, action) };
}

function findStatedReason(parsed: ParsedArtifact, prompt: string, action: string): Reason | undefined {
  const literal = findMentions(parsed, action);
  // Else its words met elsewhere, with any rule against a thing it names by a joined word ("the last thing I
  // want is another cron job" against "add a crontab entry", "floats for money will bite us" against
  // `parseFloat(total)`), in reading order.
  const mentions =
    literal.length > 0
      ? literal
      : [...findLooseMentions(parsed, action), ...joinedWordRejections(parsed, action)].sort(
          (a, b) => a.passage.position - b.passage.position,
        );
  const listed = mentions.find((entry) => entry.passage.section === 'Forbidden behaviors');
  if (listed !== undefined) return { kind: 'rule', passage: listed.passage };
  const lastRejected = mentions.findLast((entry) => entry.mention === 'rejected')?.passage;
  const lastAffirmed = mentions.findLast((entry) => entry.mention === 'affirmed')?.passage;
  // A rule stands unless a later passage takes the action up again as an explicit change ("switch to X").
  const reinstated =
    lastRejected !== undefined &&
    lastAffirmed !== undefined &&
    lastAffirmed.position > lastRejected.position &&
    isOverride(parsed, lastAffirmed);
  // A ban whose exception is the action ("no emails other than password resets" for a reset email) is none.
  if (lastRejected !== undefined && !reinstated && !letThroughBy(lastRejected, action))
    return { kind: 'rule', passage: lastRejected };
  // The assistant proposed it and the user turned it down in reply ("I'm not comfortable with that one").
  const vetoed = lastAffirmed === undefined ? undefined : vetoOf(parsed, lastAffirmed.position);
  if (vetoed !== undefined) return { kind: 'superseded', passage: vetoed };
  // A plan the action follows, overtaken by a setup someone reports having made since ("I set up Vercel").
  const settled = settledSince(parsed, mentions) ?? settledAgainstNamed(parsed, action);
  if (settled !== undefined) return { kind: 'superseded', passage: settled };
  // A document's rule ("is generated", "done by the on-call only") stands in the same way, as does a check that
  // failed, against running its command again with the check switched off.
  const documented =
    documentRuleAgainst(parsed, action) ??
    folderRuleAgainst(parsed, prompt, action) ??
    bypassedCheck(parsed, action);
  if (
    documented !== undefined &&
    !(
      lastAffirmed !== undefined &&
      lastAffirmed.position > documented.position &&
      isOverride(parsed, lastAffirmed)
    )
  )
    return { kind: 'rule', passage: documented, documented: true };
  // The latest word on the action is that it is done, by someone else or by events: doing it again is wrong.
  const done = doneSince(parsed, action, mentions);
  if (done !== undefined)
    return { kind: 'superseded', passage: done, quote: fromSentenceNaming(done.text, action) };
  // A job said to be under way that a tool since reported over ("state: completed"), a command already run
  // word for word that took effect, or a setting a tool since showed in place.
  const over = observedOver(parsed, action) ?? alreadyRun(parsed, action) ?? inEffect(parsed, action);
  if (over !== undefined) return { kind: 'superseded', passage: over };
  // A value in the action that a later message corrected ("port 6457" … "typo, it's 6437").
  const corrected = supersededValueIn(parsed, action);
  const correction: Reason | undefined =
    corrected === undefined
      ? undefined
      : { kind: 'corrected', passage: corrected.correction, supersession: corrected };
  // An option the user passed over when accepting a proposal, unless a later change of plan takes it up.
  const accepted = acceptedAlternative(parsed, action);
  if (
    accepted !== undefined &&
    !(
      lastAffirmed !== undefined &&
      lastAffirmed.position >= accepted.after &&
      isOverride(parsed, lastAffirmed)
    )
  ) {
    return { kind: 'superseded', passage: accepted.acceptance, next: accepted.chosen };
  }
  if (lastAffirmed !== undefined) {
    const mentioned = new Set(mentions.map((entry) => entry.passage.position));
    // The newest change of plan is the current one: quoting an intermediate one would restate a plan that a
    // later message superseded in turn.
    const override = notablePassages(parsed).findLast(
      (passage) =>
        passage.position > lastAffirmed.position &&
        isOverride(parsed, passage) &&
        !mentioned.has(passage.position),
    );
    // The later of a change of plan and a correction of the value is the current word on it.
    if (
      override !== undefined &&
      (correction === undefined || override.position > correction.passage.position)
    )
      return reversalOf(parsed, lastAffirmed, action) ?? { kind: 'superseded', passage: override };
    // Words of the action met in passing ("payment failed" in a log line) do not hide a rule about a thing it
    // does; one the action met as written and a later change took up again does.
    const naming = lastRejected === undefined ? ruleNamingPart(parsed, action) : undefined;
    return (
      correction ??
      reversalOf(parsed, lastAffirmed, action) ??
      droppedOf(parsed, action) ??
      naming ??
      excepted(parsed, prompt, action, lastAffirmed) ??
      outsideOf(parsed, prompt, action, lastAffirmed)
    );
  }
  if (correction !== undefined) return correction;
  const dropped = droppedOf(parsed, action);
  if (dropped !== undefined) return dropped;
  const paraphrased = findParaphrasedRule(parsed, action);
  if (paraphrased !== undefined) return { kind: 'rule', passage: paraphrased };
  return ruleNamingPart(parsed, action);
}

/** The rule the action restates does not hold for the prompt's case: its message makes an exception for it. */
function excepted(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  general: Passage,
): Reason | undefined {
  const naming = exceptionForCase(parsed, prompt, action, general);
  if (naming.length === 0) return undefined;
  // The rule's own passage is quoted from its exception on: its rule is what the action restates.
  const standing = naming
    .map((passage) => sentence(passage === general ? exceptionOf(passage.text) : passage.text))
    .join('. ');
  return { kind: 'reversed', passage: naming[0] as Passage, standing };
}

/** The action does what a rule's exception allows, for a case the exception does not name (see `outsideException`). */
function outsideOf(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  general: Passage,
): Reason | undefined {
  const rule = outsideException(parsed, prompt, action, general);
  return rule === undefined ? undefined : { kind: 'rule', passage: general, quote: rule };
}

/** A rule about a thing the action does, named by two of its words: the latest that rejects or holds it back. */
function ruleNamingPart(parsed: ParsedArtifact, action: string): Reason | undefined {
  // A rule that keeps what the action does to someone else ("only the release bot may push there").
  const restricted = ruleRestrictingAgent(action, parsed.passages);
  if (restricted !== undefined) return { kind: 'rule', passage: restricted };
  const vetoed = vetoNamingPartOf(parsed, action);
  if (vetoed !== undefined) return { kind: 'superseded', passage: vetoed };
  const naming = ruleNamingPartOf(action, notablePassages(parsed)).findLast(
    ({ passage, phrase }) =>
      mentionIn(passage, phrase) === 'rejected' || heldBackAfter(passage.normalized, phrase),
  );
  return naming === undefined ? undefined : { kind: 'rule', passage: naming.passage };
}

/** What to do instead: the locked decision closest to the item, else the newest decision or override about it. */
function findNextStep(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  reason: Passage,
  changed: boolean,
): Passage | undefined {
  const query = buildQueryWeights([{ stems: contentStems(prompt), weight: 1 }]);
  const overlaps = overlapScores(parsed, query);
  const candidates: { passage: Passage; score: number }[] = [];
  const { inOutput } = toolExchanges(parsed);
  for (const passage of notablePassages(parsed)) {
    // A question ("what is the plan for them?") asks for a step; it is none. A tool's output ("Use `list`
    // in place of `List`") decides nothing.
    if (passage === reason || passage.text.includes('?') || inOutput[passage.position] === 1) continue;
    const locked = passage.section === 'Locked decisions';
    // After a change of plan, a decision read from prose before it may be the plan it changed.
    if (changed && !locked && passage.position < reason.position) continue;
    const overlap = overlaps[passage.position] as number;
    const isDecision = isOverride(parsed, passage) || (passage.cues.decision.length > 0 && overlap > 0);
    if (!locked && !isDecision) continue;
    // Locked decisions outrank decisions read from prose; later passages win ties.
    candidates.push({ passage, score: (locked ? 100 : 0) + overlap });
  }
  // Best first (the later passage on a tie), so that only the passages ranked above the answer are read for
  // how they treat the action: one usually, where a pass in reading order would read every candidate that
  // scored as high as the best so far (all of them, in a long list of locked decisions).
  candidates.sort((a, b) => b.score - a.score || b.passage.position - a.passage.position);
  return candidates.find(({ passage }) => classifyMention(passage.text, action) !== 'affirmed')?.passage;
}

function sentence(text: string): string {
  return text.replace(/[\s.!?;:,]+$/, '');
}

function evidenceOf(passage: Passage): TargetEvidence {
  return { line: passage.line, section: passage.section, text: passage.text };
}

/**
 * Answers an application item: refuses the tempting default when the artifact states a rule against it or
 * records it as superseded (quoting why, plus the step to take instead), else takes it.
 */
export function answerApplicationItem(
  parsed: ParsedArtifact,
  prompt: string,
  temptingDefault: string,
): { response: string; evidence: TargetEvidence[] } {
  const answer = takeOrRefuse(parsed, prompt, temptingDefault);
  const action = sentence(temptingDefault.trim());
  return { ...answer, response: refusalWithoutSteps(answer.response, action) };
}

function takeOrRefuse(
  parsed: ParsedArtifact,
  prompt: string,
  temptingDefault: string,
): { response: string; evidence: TargetEvidence[] } {
  const action = sentence(temptingDefault.trim());
  const reason = findReason(parsed, prompt, action);
  if (reason === undefined) return { response: `Next step: ${action}.`, evidence: [] };
  // Quoting a bare "- X" list item would state X; say where the rule is instead.
  // Quoted after "I will not X:", a passage can read otherwise than on its own line ("Superseded, do not
  // use: let's X" loses its label): the refusal must read as one, else it says where the rule is.
  const where = `the notes forbid it (${reason.passage.section.toLowerCase()}, line ${reason.passage.line})`;
  const quoted = `I will not ${action}: ${sentence(reason.passage.text)}.`;
  let refusal =
    classifyMention(reason.passage.text, action) === 'affirmed' ||
    classifyMention(quoted, action) === 'affirmed'
      ? `I will not ${action}: ${where}.`
      : quoted;
  // A document's rule is quoted by what of it does not read as doing the action (see `quotableDocumentRule`).
  if (reason.kind === 'rule' && reason.documented === true) {
    // A document's paragraph is its rule with the reason for it: the whole line is quoted.
    const paragraph = passagesOfLine(parsed.passages, reason.passage.position).map((part) => part.text);
    const rule = quotableDocumentRule(paragraph.join(' '), action);
    const quote =
      rule === undefined ? `I will not ${action}: ${where}.` : `I will not ${action}: ${sentence(rule)}.`;
    refusal = classifyMention(quote, action) === 'affirmed' ? `I will not ${action}: ${where}.` : quote;
  }
  // A rule quoted in part: what of it does not read as doing the action (see `reviewBlocking`); a report of
  // the work done, from the sentence naming it.
  if (
    reason.kind !== 'reversed' &&
    reason.kind !== 'corrected' &&
    reason.quote !== undefined &&
    reason.quote !== ''
  ) {
    const quote = `I will not ${action}: ${sentence(reason.quote)}.`;
    refusal = classifyMention(quote, action) === 'affirmed' ? `I will not ${action}: ${where}.` : quote;
  }
  // A dropped plan: the refusal quotes the plan that stands, not the line's words about the dropped one.
  // It states the next step too: another one found in the notes could be the plan it dropped.
  if (reason.kind === 'reversed') {
    const quote = `I will not ${action}: ${sentence(reason.standing)}.`;
    if (classifyMention(quote, action) !== 'affirmed') refusal = quote;
    return { response: refusal, evidence: [evidenceOf(reason.passage)] };
  }
  if (reason.kind === 'corrected') {
    const { supersession } = reason;
    // The correction is quoted from its idiom on; when that still names the old value as current ("…, W is
    // the duplicate"), the refusal says what replaced it instead.
    const quote = sentence(supersession.quote);
    refusal =
      classifyMention(`I will not ${action}: ${quote}.`, action) === 'affirmed' ||
      classifyMention(quote, supersession.old) === 'affirmed'
        ? `I will not ${action}: the notes correct it to ${supersession.replacement} (line ${reason.passage.line}).`
        : `I will not ${action}: ${quote}.`;
    // The step is the same one, with the value the correction gave.
    const step = withReplacement(action, supersession);
    const withStep = `${refusal} Next step: ${step}.`;
    if (step !== action && classifyMention(withStep, action) !== 'affirmed')
      return { response: withStep, evidence: [evidenceOf(reason.passage)] };
  }
  // An accepted proposal names its own next step: the option the user accepted.
  const named = reason.kind === 'rule' || reason.kind === 'superseded' ? reason.next : undefined;
  const next = named ?? findNextStep(parsed, prompt, action, reason.passage, reason.kind !== 'rule');
  const withNext = next === undefined ? refusal : `${refusal} Next step: ${sentence(next.text)}.`;
  // The whole answer must read as a refusal; a next step that reads otherwise is left out.
  if (next !== undefined && classifyMention(withNext, action) !== 'affirmed') {
    return { response: withNext, evidence: [evidenceOf(reason.passage), evidenceOf(next)] };
  }
  return { response: refusal, evidence: [evidenceOf(reason.passage)] };
}
