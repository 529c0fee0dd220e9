import { classifyMention } from '../scoring/mentions.js';
import { findWholeWords, normalizeText } from '../scoring/normalize.js';
import type { TargetEvidence } from '../target/target.js';
import { acceptedAlternative } from './accepted-alternative.js';
import { contentStems, stemOf } from './content-words.js';
import { strongestCue } from './cue-matcher.js';
import { heldBackAfter } from './held-back-predicate.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { planReversal } from './plan-reversals.js';
import { buildQueryWeights, fullMask, matchMasks, overlapScores } from './query-weights.js';
import { ruleRestrictingAgent } from './restricted-agent.js';
import { exceptionForCase } from './rule-exceptions.js';
import { ruleNamingPartOf } from './rule-phrase.js';
import { type Supersession, supersededValueIn, withReplacement } from './superseded-values.js';
import { saysDone } from './task-done.js';

type Mention = 'affirmed' | 'rejected';

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
  | { kind: 'rule' | 'superseded'; passage: Passage; next?: Passage }
  | { kind: 'reversed'; passage: Passage; standing: string }
  | { kind: 'corrected'; passage: Passage; supersession: Supersession };

function mentionIn(passage: Passage, action: string): Mention | undefined {
  // A bare list item under "Forbidden behaviors" names the action as a prohibition, whatever its wording.
  if (passage.section === 'Forbidden behaviors') return 'rejected';
  const mention = classifyMention(passage.text, action);
  if (mention === 'affirmed' && rejectsItAfter(passage.text, action)) return 'rejected';
  return mention === 'absent' ? undefined : mention;
}

// "…someone decided to X. It blew up. So let's not do that again": a later sentence of the same message
// rejects the action by pointing back at it.
const POINTING_BACK_REJECTION =
  /\b(?:let'?s not|let us not|do not|don'?t|never|avoid|no more of)\b(?:\s+\w+){0,3}?\s+(?:that|this|it)\b|\bnever again\b/i;

// "…pin 3.9.71. wait, no, that's the one with the bug": the speaker takes back what they just said.
const TAKEN_BACK =
  /^[\s.,;:!?)—–-]*(?:(?:wait|hang on|hold on|hmm|hm|oh)[\s,.!—–-]*(?:no|nope|sorry)\b|no,? wait\b|sorry,? (?:I meant|I mean|typo|wrong|not that)\b|(?:I meant|I mean|correction|typo|my bad|my mistake|scratch that|strike that)\b)/i;

/**
 * Whether the text after the action's last mention rejects it: by pointing back ("let's not do that"), or by
 * taking it back straight away ("pin 3.9.71. wait, no, …").
 */
function rejectsItAfter(text: string, action: string): boolean {
  const at = text.toLowerCase().lastIndexOf(action.toLowerCase());
  if (at < 0) return false;
  const after = text.slice(at + action.length);
  return POINTING_BACK_REJECTION.test(after) || TAKEN_BACK.test(after);
}

/** A passage that mentions the action, how, and by which words of it. */
interface Found {
  passage: Passage;
  mention: Mention;
  fragment: string;
}

/** Passages that name the action as whole words (`containsNormalized`, on the text normalised once at parse). */
function findMentions(parsed: ParsedArtifact, action: string): Found[] {
  const needle = normalizeText(action);
  if (needle === '') return [];
  const found: Found[] = [];
  for (const passage of parsed.passages) {
    // The substring test first: a cheap no for almost every passage.
    if (!passage.normalized.includes(needle)) continue;
    if (findWholeWords(passage.normalized, needle, 1).length === 0) continue;
    const mention = mentionIn(passage, action);
    if (mention !== undefined) found.push({ passage, mention, fragment: action });
  }
  return found;
}

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

/** A word of the action in at most this many passages is one of its distinctive words. */
const DISTINCTIVE_FREQUENCY = 8;

/**
 * The action said in other words: passages holding its distinctive words (those in at most eight passages;
 * every content word when none is that rare), so "keep dayjs out of this" mentions "add dayjs" and "raising
 * statement_timeout to 120s" mentions "raise statement_timeout to 120s". Each is judged on the longest run of
 * the action's words it holds as written that includes a distinctive word. Only consulted when no passage
 * names the action as written: people rarely repeat an action word for word.
 */
function findLooseMentions(parsed: ParsedArtifact, action: string): Found[] {
  const stems = contentStems(action);
  if (stems.length === 0) return [];
  const query = buildQueryWeights([{ stems, weight: 1 }]);
  const masks = matchMasks(parsed, query);
  const frequency = new Array<number>(query.weights.length).fill(0);
  for (const mask of masks)
    for (let bit = 0; bit < frequency.length; bit++) if (mask & (1 << bit)) frequency[bit]!++;
  let required = 0;
  frequency.forEach((count, bit) => {
    if (count > 0 && count <= DISTINCTIVE_FREQUENCY) required |= 1 << bit;
  });
  if (required === 0) {
    if (stems.length < 2) return [];
    required = fullMask(query);
  }
  // Rarest first; the sort is stable, so words equally rare keep the action's order.
  const distinctiveBits = [...query.bits]
    .filter(([, bit]) => required & (1 << bit))
    .sort(([, a], [, b]) => (frequency[a] as number) - (frequency[b] as number));
  const words = normalizeText(action).split(' ');
  const found: Found[] = [];
  const firstBit = query.bits.get(stems[0] as string);
  masks.forEach((mask, position) => {
    if (!holdsDistinctive(mask, required, firstBit)) return;
    const passage = parsed.passages[position] as Passage;
    // Judged on the rarest word it holds as the action writes it: "isn't scraping forecast-service" rejects the
    // service, not the port of "targets: ['forecast-service:6457']".
    let fragment: string | undefined;
    for (const [stem, bit] of distinctiveBits) {
      if (!(mask & (1 << bit))) continue;
      fragment = longestRunIn(passage.normalized, words, new Set([stem]));
      if (fragment !== undefined) break;
    }
    if (fragment === undefined) return;
    const mention = mentionIn(passage, fragment);
    if (mention !== undefined) found.push({ passage, mention, fragment });
  });
  return found;
}

/**
 * Whether a passage holds the action's distinctive words: all of them, or all but the action's first word when
 * three or more are distinctive, as the verb is often said otherwise ("fix the Windows build" and "no need to
 * bother with the Windows build").
 */
function holdsDistinctive(mask: number, required: number, firstBit: number | undefined): boolean {
  if ((mask & required) === required) return true;
  if (firstBit === undefined || bitCount(required) < 3) return false;
  const rest = required & ~(1 << firstBit);
  return (mask & rest) === rest;
}

function bitCount(mask: number): number {
  let count = 0;
  for (let rest = mask; rest !== 0; rest &= rest - 1) count++;
  return count;
}

/** The longest run of `words` that `normalized` holds as whole words and that has a distinctive stem. */
function longestRunIn(
  normalized: string,
  words: readonly string[],
  distinctive: ReadonlySet<string>,
): string | undefined {
  for (let length = words.length; length >= 1; length--) {
    for (let start = 0; start + length <= words.length; start++) {
      const run = words.slice(start, start + length);
      if (!run.some((word) => distinctive.has(stemOf(word)))) continue;
      const text = run.join(' ');
      if (findWholeWords(normalized, text, 1).length > 0) return text;
    }
  }
  return undefined;
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

function findReason(parsed: ParsedArtifact, prompt: string, action: string): Reason | undefined {
  const literal = findMentions(parsed, action);
  const mentions = literal.length > 0 ? literal : findLooseMentions(parsed, action);
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
  if (lastRejected !== undefined && !reinstated) return { kind: 'rule', passage: lastRejected };
  // The latest word on the action is that it is done, by someone else or by events: doing it again is wrong.
  const done = doneSince(parsed, action, mentions);
  if (done !== undefined) return { kind: 'superseded', passage: done };
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
      naming ??
      excepted(parsed, prompt, action, lastAffirmed)
    );
  }
  if (correction !== undefined) return correction;
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
  const standing = naming.map((passage) => sentence(passage.text)).join('. ');
  return { kind: 'reversed', passage: naming[0] as Passage, standing };
}

/** A rule about a thing the action does, named by two of its words: the latest that rejects or holds it back. */
function ruleNamingPart(parsed: ParsedArtifact, action: string): Reason | undefined {
  // A rule that keeps what the action does to someone else ("only the release bot may push there").
  const restricted = ruleRestrictingAgent(action, parsed.passages);
  if (restricted !== undefined) return { kind: 'rule', passage: restricted };
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
  for (const passage of notablePassages(parsed)) {
    // A question ("what is the plan for them?") asks for a step; it is none.
    if (passage === reason || passage.text.includes('?')) continue;
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
