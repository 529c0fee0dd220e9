import type { ArtifactSectionName } from '../../artifact/artifact-sections.js';
import type { CaseItem, ItemType } from '../case/types.js';
import { normalizeText } from '../scoring/normalize.js';
import type { TargetEvidence } from '../target/target.js';
import { acceptedProposalScoring, withAcceptedDecisions } from './accepted-proposals.js';
import { holdsShape, lowercaseWords, namesIn } from './answer-shapes.js';
import { contentStems, STOPWORDS } from './content-words.js';
import { type CueHits, type CueKind, rarity, strongestCue } from './cue-matcher.js';
import { type Focus, focusPassage, subjectOf } from './focus-passage.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { planReversal } from './plan-reversals.js';
import { buildQueryWeights, overlapScores } from './query-weights.js';
import { type AnswerShape, type QuestionShape, questionShape } from './question-shape.js';
import { resolveReference } from './resolve-reference.js';
import { exceptionAfter } from './rule-exceptions.js';
import { correctedText, findSupersessions, type Supersession } from './superseded-values.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';

/** What the lexical reader answers when no passage is about the item. */
export const NOTES_DO_NOT_SAY = 'The notes do not say.';

/** A passage needs at least this score (before the recency tie-break) to be an answer. */
export const ANSWER_THRESHOLD = 1.25;

const MAX_LIST_PASSAGES = 5;

interface TypeProfile {
  sections: readonly ArtifactSectionName[];
  cue: CueKind;
  /** Decisions: the newest one wins, so later passages and overrides weigh more. */
  newestWins: boolean;
}

const PROFILES: Record<ItemType, TypeProfile> = {
  locked_decision_retention: { sections: ['Locked decisions'], cue: 'decision', newestWins: true },
  planning_soundness: { sections: ['Locked decisions'], cue: 'decision', newestWins: true },
  forbidden_behavior_retention: { sections: ['Forbidden behaviors'], cue: 'rule', newestWins: false },
  immutable_fact_recall: { sections: ['Immutable facts'], cue: 'fact', newestWins: false },
  unresolved_task_continuity: {
    sections: ['Unresolved items', 'Deferred items'],
    cue: 'task',
    newestWins: false,
  },
  entity_integrity: { sections: ['Entities'], cue: 'entity', newestWins: false },
};

// One reader per kind: `cues[kind]` with a different kind per item is a slow property look-up.
const CUES_OF_KIND: Record<CueKind, (cues: CueHits) => readonly number[]> = {
  rule: (cues) => cues.rule,
  decision: (cues) => cues.decision,
  override: (cues) => cues.override,
  task: (cues) => cues.task,
  entity: (cues) => cues.entity,
  fact: (cues) => cues.fact,
};

const SECTION_WEIGHT = 3;
const CUE_WEIGHT = 1.5;
const MAX_CUE_SCORE = 3;
const OVERRIDE_WEIGHT = 1.5;
const PROMPT_WORD_WEIGHT = 1;
const ITEM_CUE_WEIGHT = 2;
const NAME_WEIGHT = 2;
const QUESTION_WEIGHT = 0.5;
const SHAPE_WEIGHT = 2;
// A label that says what follows is no longer the plan.
const SAYS_SUPERSEDED =
  /^(?:[-*•]\s*)?(?:superseded|rejected|dropped|abandoned|obsolete|outdated|old plan|previous plan|no longer|do not use|don'?t use)\b/i;
const LABEL_WEIGHT = 2;

// An item named by its number: "rule one", "option 2", "step three", "the second option".
const LABEL =
  /\b([a-z]+ (?:one|two|three|four|five|six|seven|eight|nine|ten|\d{1,2})|(?:first|second|third|fourth|fifth|last) [a-z]+)\b/i;

// "one" is a function word elsewhere ("the one with the queue") but a number in "rule one".
const NUMBER_WORDS = new Set(['one']);

/** The numbered label a question names ("What was rule one?": "rule one"), normalised and spaced, if any. */
function labelIn(prompt: string): string | undefined {
  for (const match of prompt.matchAll(new RegExp(LABEL.source, 'gi'))) {
    const label = normalizeText(match[1] as string);
    // "which one", "the first", "at least two": a function word names no item.
    if (label.split(' ').some((word) => STOPWORDS.has(word) && !NUMBER_WORDS.has(word))) continue;
    return ` ${label} `;
  }
  return undefined;
}

const MISSING_SHAPE_WEIGHT = 0.5;

const NO_SUPERSESSIONS: readonly Supersession[] = Object.freeze([]);

/** Each passage's bonus for holding the kind of value asked for, and the neighbour it borrowed one from (-1: none). */
interface ShapeScores {
  bonus: Float64Array;
  lender: Int32Array;
}

/** Every passage's score by position: `base` decides whether it answers at all, `total` adds recency. */
export interface PassageScores {
  base: Float64Array;
  total: Float64Array;
  /** Each passage's bonus for holding the kind of value asked for; undefined when none is asked for. */
  shaped: ShapeScores | undefined;
}

/**
 * Scores every passage for a question item: its section, the cue words of the item's type, the item prompt's
 * content words and the item's cues (weighted higher), each word or cue counting less the more passages hold
 * it. For decisions, later passages and overrides score more, so the newest decision wins; for the rest,
 * recency only breaks near-ties.
 */
export function scoreQuestionPassages(parsed: ParsedArtifact, item: CaseItem): PassageScores {
  const profile = PROFILES[item.type];
  // A name in the question says whom it is about, more than any other word of it ("What does Ana Lima own?").
  const names = namesInPrompt(parsed, item.prompt);
  const query = buildQueryWeights([
    { stems: contentStems(item.cues.join(' ')), weight: ITEM_CUE_WEIGHT },
    { stems: contentStems(names.join(' ')), weight: NAME_WEIGHT },
    { stems: contentStems(item.prompt), weight: PROMPT_WORD_WEIGHT },
  ]);
  const overlaps = overlapScores(parsed, query);
  const labelled = labelIn(item.prompt);
  const { passages, cueFrequency } = parsed;
  const last = Math.max(passages.length - 1, 1);
  const recencyWeight = profile.newestWins ? 1 : 0.25;
  const factShapeRarity = rarity(parsed.factShapeFrequency);
  const cuesOfKind = CUES_OF_KIND[profile.cue];
  const shape = questionShape(item.prompt);
  const subjectName = shape.yesNo ? names[0] : undefined;
  const subject = subjectName === undefined ? undefined : ` ${normalizeText(subjectName)} `;
  const shapeBonus = shapeScores(parsed, item.prompt);
  // A question for a value: a passage stating one that a later message corrected answers it all the same (it
  // is quoted with the corrected value, see `correctedText`), even when it also asks something.
  const corrections = shape.wants.includes('number') ? findSupersessions(parsed) : NO_SUPERSESSIONS;
  const stated = new Set(corrections.map((supersession) => supersession.stated.position));
  // An option the user accepted is a decision, as if listed under Locked decisions; those passed over are not.
  const accepted = profile.newestWins
    ? acceptedProposalScoring(parsed, overlaps, { decided: SECTION_WEIGHT, setAside: QUESTION_WEIGHT })
    : undefined;
  const base = new Float64Array(passages.length);
  const total = new Float64Array(passages.length);
  for (let index = 0; index < passages.length; index++) {
    const passage = passages[index] as Passage;
    let cue = 0;
    for (const id of cuesOfKind(passage.cues)) cue += rarity(cueFrequency[id] as number);
    if (profile.cue === 'fact') cue += passage.factShape * factShapeRarity;
    // Terms that are 0 are skipped, not added: the sum is the same to the last bit, and most passages have none.
    const overlap =
      (overlaps[index] as number) +
      (labelled !== undefined && ` ${passage.normalized} `.includes(labelled) ? LABEL_WEIGHT : 0);
    let score = overlap;
    // Fact and role words alone ("path", "directory", "owner" in a tool call) say what kind of passage it is,
    // not that it is about the question: without a word of the question or the item's section they count
    // half. Rule, decision and task words are what such a question asks for, and count in full.
    const inSection = profile.sections.includes(passage.section);
    const nounsOnly = overlap === 0 && !inSection && (profile.cue === 'fact' || profile.cue === 'entity');
    if (cue !== 0) score += Math.min(CUE_WEIGHT * cue, MAX_CUE_SCORE) * (nounsOnly ? 0.5 : 1);
    if (inSection) score += SECTION_WEIGHT;
    if (accepted !== undefined) score = accepted(index, overlap, score);
    if (profile.newestWins && passage.cues.override.length > 0)
      score += OVERRIDE_WEIGHT * strongestCue(passage.cues.override, cueFrequency);
    // A question asks; it answers nothing ("what's the current plan?" shares every word of the item).
    if (passage.text.includes('?') && !stated.has(index)) score *= QUESTION_WEIGHT;
    // A passage that says it is superseded ("Superseded, do not use: …") is not the current decision.
    if (profile.newestWins && SAYS_SUPERSEDED.test(passage.text)) score *= QUESTION_WEIGHT;
    // "Does Ana Lima own X?" is about Ana Lima: a passage that does not name her answers it only by chance.
    if (subject !== undefined && !` ${passage.normalized} `.includes(subject)) score *= QUESTION_WEIGHT;
    // A passage without the kind of value asked for ("who" and no name) cannot answer; one with it gains.
    if (shapeBonus !== undefined) {
      const bonus = shapeBonus.bonus[index] as number;
      score = bonus === 0 ? score * MISSING_SHAPE_WEIGHT : score + bonus;
    }
    base[index] = score;
    total[index] = score + (recencyWeight * passage.position) / last;
  }
  return { base, total, shaped: shapeBonus };
}

const commonWords = new WeakMap<ParsedArtifact, Set<string>>();

/** The words an artifact writes in lower case, read once per parsed artifact. */
function commonWordsOf(parsed: ParsedArtifact): Set<string> {
  let words = commonWords.get(parsed);
  if (words === undefined) {
    words = lowercaseWords(parsed.passages.map((passage) => passage.text));
    commonWords.set(parsed, words);
  }
  return words;
}

/**
 * Every passage's bonus for holding the kind of value the question asks for (a person's name for "who", digits
 * for "how long" or "which port"), each kind counting less the more passages hold it; undefined when the
 * question asks for no particular kind.
 */
function shapeScores(parsed: ParsedArtifact, prompt: string): ShapeScores | undefined {
  const { wants } = questionShape(prompt);
  if (wants.length === 0) return undefined;
  const { passages } = parsed;
  const bonus = new Float64Array(passages.length);
  const lender = new Int32Array(passages.length).fill(-1);
  let any = false;
  const common = commonWordsOf(parsed);
  const named = new Set(namesIn(prompt, common).map((name) => name.toLowerCase()));
  for (const shape of wants) {
    const holds = passages.map((passage) => holdsShape(withoutHeader(passage.text), shape, common, named));
    // People a conversation is about are named by those in it: a name in a tool's output (a commit's author, a
    // log line) is a record, so it counts half, and only the names people said decide how rare a name is.
    const recorded = shape === 'person' ? toolExchanges(parsed).inOutput : undefined;
    const said = holds.filter((held, index) => held && recorded?.[index] !== 1).length;
    const count = said > 0 ? said : holds.filter(Boolean).length;
    // With no passage of the kind at all, the reader cannot tell which passages could answer: no bonus or cost.
    if (count === 0) continue;
    any = true;
    const weight = SHAPE_WEIGHT * rarity(count);
    holds.forEach((held, index) => {
      if (held) {
        const share = said > 0 && recorded?.[index] === 1 ? RECORDED_NAME_SHARE : 1;
        bonus[index] = (bonus[index] as number) + weight * share;
        return;
      }
      // A long line read as sentences: "Yusuf from finance pinged me. Auditors want the rate at issue time."
      // The sentence about the question borrows the name from the one next to it, and is quoted with it.
      for (const next of [index - 1, index + 1]) {
        if (holds[next] !== true || passages[next]?.line !== passages[index]?.line) continue;
        bonus[index] = (bonus[index] as number) + weight / 2;
        lender[index] = next;
        break;
      }
    });
  }
  return any ? { bonus, lender } : undefined;
}

/** A name in a tool's output counts this share of one a person said. */
const RECORDED_NAME_SHARE = 0.5;

/** What the item looks for in the passage it is answered from (see `focusPassage`). */
function focusOf(parsed: ParsedArtifact, item: CaseItem, shape: QuestionShape): Focus {
  // The artifact's common words are only read when a name matters: a question for a person, or about one.
  const needsNames = shape.wants.includes('person') || (shape.yesNo && mayHoldName(item.prompt));
  const common = needsNames ? commonWordsOf(parsed) : new Set<string>();
  return {
    stems: new Set(contentStems(`${item.prompt} ${item.cues.join(' ')}`)),
    wants: shape.wants,
    common,
    named: new Set(namesInPrompt(parsed, item.prompt).map((name) => name.toLowerCase())),
    subject: shape.yesNo && needsNames ? subjectOf(item.prompt, common) : undefined,
  };
}

// Two capitalised words in a row: without them a text holds no name, and the artifact need not be read for one.
const TWO_CAPITALISED = /\p{Lu}\p{Ll}+[ -]\p{Lu}\p{Ll}/u;

function mayHoldName(text: string): boolean {
  return TWO_CAPITALISED.test(text);
}

/** The names a prompt holds, read against the artifact's common words only when it may hold one. */
function namesInPrompt(parsed: ParsedArtifact, prompt: string): string[] {
  return mayHoldName(prompt) ? namesIn(prompt, commonWordsOf(parsed)) : [];
}

function evidenceOf(passage: Passage): TargetEvidence {
  return { line: passage.line, section: passage.section, text: passage.text };
}

/**
 * The positions of the `count` best passages among those whose base reaches the threshold, best first, in one
 * pass (no sort of the whole artifact): higher total first, and on an exact tie the later passage.
 */
function topPositions({ base, total }: PassageScores, count: number): number[] {
  const top: number[] = [];
  // Positions come in increasing order, so on an exact tie the newcomer is the later passage and ranks above.
  const ranksAbove = (a: number, b: number) => (total[a] as number) >= (total[b] as number);
  for (let position = 0; position < base.length; position++) {
    if ((base[position] as number) < ANSWER_THRESHOLD) continue;
    if (top.length === count && !ranksAbove(position, top[count - 1] as number)) continue;
    let index = Math.min(top.length, count - 1);
    top[index] = position;
    while (index > 0 && ranksAbove(position, top[index - 1] as number)) {
      top[index] = top[index - 1] as number;
      top[index - 1] = position;
      index--;
    }
  }
  return top;
}

// As in application items: an override phrase in more than about seven passages is filler.
const MIN_OVERRIDE_RARITY = 0.5;

/** A later change of plan that scores at least this share of the best passage's base supersedes it. */
const SUPERSEDING_SHARE = 0.6;

/**
 * The current decision: the best passage, unless a later passage that is a change of plan ("actually",
 * "final answer", "scratch that") is about the item too, in which case the latest such passage. Recency alone
 * cannot tell two overrides a few messages apart in a long transcript, and quoting the earlier one restates a
 * superseded plan.
 */
function currentDecision(parsed: ParsedArtifact, { base }: PassageScores, best: number): number {
  const floor = Math.max(ANSWER_THRESHOLD, SUPERSEDING_SHARE * (base[best] as number));
  for (let position = base.length - 1; position > best; position--) {
    const passage = parsed.passages[position] as Passage;
    if ((base[position] as number) < floor) continue;
    // A question ("what's the first step on the new plan?") asks about a plan; it does not make one.
    if (passage.text.includes('?')) continue;
    // An override phrase found in many passages is filler ("quick one before I forget"), not a change of plan.
    if (strongestCue(passage.cues.override, parsed.cueFrequency) >= MIN_OVERRIDE_RARITY) return position;
  }
  return best;
}

/**
 * The other half of a tool exchange the passage is part of, -1 when none: for a call ("assistant calls dig
 * {…}"), what it returned (the passage of the output holding the kind of value asked for, else the output's
 * first); for a passage of an output, the call that says what it is the output of. A call and its result
 * answer together: "what does the host resolve to?" is asked by the call and answered by its output.
 */
function exchangePartner(
  parsed: ParsedArtifact,
  scores: PassageScores,
  wants: readonly AnswerShape[],
  position: number,
): number {
  const { partner, inOutput, outputEnd } = toolExchanges(parsed);
  const other = partner[position] as number;
  if (other < 0) return -1;
  const bonus = scores.shaped?.bonus;
  // The call names what an output came from: wanted only when the question asks for that kind of thing ("which
  // file holds…") and the output passage holds none itself.
  if (inOutput[position] === 1) return wants.includes('identifier') && bonus?.[position] === 0 ? other : -1;
  if (bonus === undefined) return other;
  let best = other;
  for (let at = other; at < (outputEnd[other] as number); at++) {
    if ((bonus[at] as number) > (bonus[best] as number)) best = at;
  }
  return best;
}

/**
 * Answers a question item with the best passage (for `list`, up to five passages scoring at least half the
 * best, in reading order), or "The notes do not say." when nothing scores above the threshold.
 */
export function answerQuestionItem(
  parsed: ParsedArtifact,
  item: CaseItem,
  scores: PassageScores = scoreQuestionPassages(parsed, item),
): { response: string; evidence: TargetEvidence[] } {
  const shape = questionShape(item.prompt);
  const focus = focusOf(parsed, item, shape);
  const top = topPositions(scores, item.answerFormat === 'list' ? MAX_LIST_PASSAGES : 1);
  const first = top[0];
  // A quoted reference is resolved even when no passage scores enough on its own: the quote says where to look.
  if (shape.quoted.length > 0) {
    const referent = resolveReference(parsed, shape, scores.base, ANSWER_THRESHOLD, {
      best: first,
      canAnswer: (position) => scores.shaped?.bonus[position] !== 0,
    });
    if (referent !== undefined) {
      return { response: focusPassage(referent.text, focus), evidence: [evidenceOf(referent)] };
    }
  }
  if (first === undefined) return { response: NOTES_DO_NOT_SAY, evidence: [] };
  const best = PROFILES[item.type].newestWins ? currentDecision(parsed, scores, first) : first;
  if (best !== first) top[0] = best;
  const bestTotal = scores.total[best] as number;
  const positions = top.filter((position) => (scores.total[position] as number) >= bestTotal / 2);
  const lenders = positions.map((position) => scores.shaped?.lender[position] ?? -1).filter((at) => at >= 0);
  const partners = positions
    .map((position) => exchangePartner(parsed, scores, shape.wants, position))
    .filter((at) => at >= 0);
  const exceptions = positions
    .map((position) => exceptionAfter(parsed.passages, position))
    .filter((at) => at >= 0);
  const chosen = [...new Set([...positions, ...lenders, ...partners, ...exceptions])]
    .sort((a, b) => a - b)
    .map((position) => parsed.passages[position] as Passage);
  // A decision passage of an accepted proposal ("go with your second option") stands for what was accepted.
  const acceptedAnswer = PROFILES[item.type].newestWins ? withAcceptedDecisions(parsed, chosen) : undefined;
  if (acceptedAnswer !== undefined) {
    return {
      response: acceptedAnswer.texts.map((text) => focusPassage(text, focus)).join('\n'),
      evidence: acceptedAnswer.passages.map(evidenceOf),
    };
  }
  const newestWins = PROFILES[item.type].newestWins;
  const answers = chosen.map((passage) => latestStatement(parsed, passage, focus, scores, newestWins));
  const quoted = new Set<string>();
  const evidence = new Set<Passage>();
  for (const answer of answers) {
    quoted.add(focusPassage(answer.text, focus));
    for (const source of answer.sources) evidence.add(source);
  }
  const response = [...quoted].join('\n');
  return {
    response: shortAnswer(item, focus, response) ?? response,
    evidence: [...evidence].map(evidenceOf),
  };
}

/**
 * A short answer to "who", as a person would give it: the names the quoted passages hold (other than those the
 * question names), without the rest of the sentence. Undefined when the item wants a longer answer, asks for
 * more than a person, or the passages name nobody else.
 */
function shortAnswer(item: CaseItem, focus: Focus, quoted: string): string | undefined {
  if (item.answerFormat !== 'short' || focus.wants.length !== 1 || focus.wants[0] !== 'person')
    return undefined;
  // "Signe Halvorsen's review": the name, without the possessive.
  const names = [
    ...new Set(namesIn(withoutHeader(quoted), focus.common).map((name) => name.replace(/['’]s$/, ''))),
  ].filter((name) => !focus.named.has(name.toLowerCase()));
  return names.length === 0 ? undefined : `${names.join(', ')}.`;
}

/**
 * The answer the notes give a question that asks for a kind of value ("Who should this go to?", "Which port?"),
 * when the passage it is answered from holds one; undefined otherwise. An agent with a default in mind gives
 * the answer its notes state rather than the default.
 */
export function answerWantedValue(
  parsed: ParsedArtifact,
  item: CaseItem,
): { response: string; evidence: TargetEvidence[] } | undefined {
  // "Write the note to the person who decides" is a task, not a question: only a question is answered so.
  if (!item.prompt.trim().endsWith('?') || questionShape(item.prompt).wants.length === 0) return undefined;
  const scores = scoreQuestionPassages(parsed, item);
  const first = topPositions(scores, 1)[0];
  if (first === undefined || scores.shaped === undefined || scores.shaped.bonus[first] === 0)
    return undefined;
  const answer = answerQuestionItem(parsed, item, scores);
  return answer.evidence.length > 0 ? answer : undefined;
}

/**
 * What the reader quotes for a chosen passage: the latest statement of what it says. A value the conversation
 * corrected after the passage stated it is quoted as corrected (`correctedText`); for a question about a
 * decision (`plans`), a plan that a person later dropped or reversed, in a line sharing a distinctive word
 * with it (`planReversal`), is answered by that line, unless the passage holds the kind of value asked for and
 * the line does not. Else the passage as it is.
 */
function latestStatement(
  parsed: ParsedArtifact,
  passage: Passage,
  focus: Focus,
  scores: PassageScores,
  plans: boolean,
): { text: string; sources: Passage[] } {
  const corrected = correctedText(parsed, passage);
  if (corrected !== undefined) return { text: corrected.text, sources: [passage, ...corrected.corrections] };
  const reversal = plans
    ? planReversal(parsed, passage, focusPassage(passage.text, focus), focus.stems)
    : undefined;
  const shaped = scores.shaped;
  if (
    reversal === undefined ||
    (shaped !== undefined &&
      (shaped.bonus[passage.position] as number) > 0 &&
      reversal.passages.every((part) => shaped.bonus[part.position] === 0))
  )
    return { text: passage.text, sources: [passage] };
  return { text: reversal.text, sources: reversal.passages };
}
