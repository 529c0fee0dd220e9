import type { CaseItem } from '../case/types.js';
import type { TargetEvidence } from '../target/target.js';
import { withAcceptedDecisions } from './accepted-proposals.js';
import { namesIn } from './answer-shapes.js';
import { withoutClosedTasks } from './closed-tasks.js';
import { introducedAfter } from './colon-introductions.js';
import { contentStems } from './content-words.js';
import { strongestCue } from './cue-matcher.js';
import { droppedStatement } from './dropped-plans.js';
import { type Focus, focusPassage, givenValues, subjectOf } from './focus-passage.js';
import { PROFILES } from './item-type-profiles.js';
import { keptStatement } from './kept-references.js';
import { restOfMessageLine } from './message-lines.js';
import { saysWhereRestStands } from './open-work.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { planReversal, standingAfter } from './plan-reversals.js';
import { type Pointed, pointedStatement } from './pointed-statements.js';
import { commonWordsOf, mayHoldName, namesInPrompt } from './prompt-names.js';
import { antecedentsOf } from './pronoun-subjects.js';
import { type PassageScores, scoreQuestionPassages } from './question-scores.js';
import {
  type AnswerShape,
  asksWhatCalled,
  asksWhatRemains,
  type QuestionShape,
  questionShape,
} from './question-shape.js';
import { resolveReference } from './resolve-reference.js';
import { exceptionAfter } from './rule-exceptions.js';
import { scopedElsewhere } from './scoped-changes.js';
import { settledChange } from './settled-changes.js';
import { withoutSuperseded } from './superseded-terms.js';
import { correctedText } from './superseded-values.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';
import { shortValueAnswer } from './value-kinds.js';

/** What the lexical reader answers when no passage is about the item. */
export const NOTES_DO_NOT_SAY = 'The notes do not say.';

/**
 * A passage needs at least this score (before the recency tie-break) to be an answer: about one distinctive
 * word of the question (a word in one passage counts 1, in two 0.74), or cue and section weight. Methods that
 * dropped the fact are not answered more by chance at this level than at 1.25 (elite suite, same scores).
 */
export const ANSWER_THRESHOLD = 0.9;

/** What a passage must score to be the referent of a quote, or to answer in its place (`resolveReference`). */
const REFERENCE_THRESHOLD = 1.25;

const MAX_LIST_PASSAGES = 5;

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
    value: shape.value,
    given: givenValues(item.prompt),
  };
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
function currentDecision(
  parsed: ParsedArtifact,
  scores: PassageScores,
  best: number,
  prompt: string,
): number {
  const { base } = scores;
  const floor = Math.max(ANSWER_THRESHOLD, SUPERSEDING_SHARE * (base[best] as number));
  const elsewhere = scopedElsewhere(parsed, scores, prompt);
  for (let position = base.length - 1; position > best; position--) {
    const passage = parsed.passages[position] as Passage;
    if ((base[position] as number) < floor) continue;
    // A question ("what's the first step on the new plan?") asks about a plan; it does not make one.
    if (passage.text.includes('?')) continue;
    // A change of plan that says it leaves the rest as it was changes only what it names.
    if (elsewhere(passage)) continue;
    // An override phrase found in many passages is filler ("quick one before I forget"), not a change of plan.
    if (strongestCue(passage.cues.override, parsed.cueFrequency) >= MIN_OVERRIDE_RARITY) return position;
  }
  return best;
}

/**
 * The other half of a tool exchange the passage is part of, -1 when none: for a call ("assistant calls dig
 * {…}"), what it returned (the passage of the output that scores best, which counts holding the kind of
 * value asked for); for a passage of an output, the call that says what it is the output of. A call and its result
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
  // The output's passage that best answers the question (its score counts the kind of value asked for): a
  // document's sentence about it, rather than the document's title or the first path of a listing.
  const { base } = scores;
  let best = other;
  for (let at = other; at < (outputEnd[other] as number); at++) {
    if ((base[at] as number) > (base[best] as number)) best = at;
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
  // "What's left?" answered by a list of work partly closed since: where the rest of it stands is said too.
  if (first !== undefined && top.length === 1 && asksWhatRemains(item.prompt)) {
    const next = topPositions(scores, 2)[1];
    if (next !== undefined && saysWhereRestStands(parsed, first, next, scores.total)) top.push(next);
  }
  // A quoted reference is resolved even when no passage scores enough on its own: the quote says where to look.
  if (shape.quoted.length > 0) {
    // A passage that only just reaches the threshold does not answer a question that points back at a quote.
    const confident = first !== undefined && (scores.base[first] as number) >= REFERENCE_THRESHOLD;
    const referent = resolveReference(parsed, shape, scores.base, REFERENCE_THRESHOLD, {
      best: confident ? first : undefined,
      canAnswer: (position) => scores.shaped?.bonus[position] !== 0,
    });
    if (referent !== undefined) {
      return { response: focusPassage(referent.text, focus), evidence: [evidenceOf(referent)] };
    }
  }
  if (first === undefined) return { response: NOTES_DO_NOT_SAY, evidence: [] };
  const best = PROFILES[item.type].newestWins ? currentDecision(parsed, scores, first, item.prompt) : first;
  if (best !== first) top[0] = best;
  const bestTotal = scores.total[best] as number;
  const positions = top.filter((position) => (scores.total[position] as number) >= bestTotal / 2);
  const lenders = positions.map((position) => scores.shaped?.lender[position] ?? -1).filter((at) => at >= 0);
  const partners = positions
    .map((position) => exchangePartner(parsed, scores, shape.wants, position))
    .filter((at) => at >= 0);
  // "Trust the file", "use that key too": the value is where the passage points, quoted with it.
  const pointedQuotes = new Map<number, string>();
  for (const position of positions) {
    const found = pointedFrom(parsed, parsed.passages[position] as Passage, focus, scores);
    if (found !== undefined) pointedQuotes.set(found.passage.position, found.quote);
  }
  const pointed = [...pointedQuotes.keys()];
  const exceptions = positions
    .map((position) => exceptionAfter(parsed.passages, position))
    .filter((at) => at >= 0);
  // "It belongs to …" is quoted with the sentence that says what "it" is.
  const before = antecedentsOf(parsed);
  const antecedents = positions.map((position) => before[position] as number).filter((at) => at >= 0);
  // A sentence of a long message is quoted with the rest of it (see `restOfMessageLine`).
  // Not for a question that asks for a person: its short answer is made of the names quoted, and a message
  // names more people than the one asked for ("Ewan Dizon is the mobile one, easy to mix up"). For a question
  // that names someone, not the sentences naming someone else ("Ana -> the deploy. Ben -> the emails").
  const rest = shape.wants.includes('person')
    ? []
    : positions
        .flatMap((position) => restOfMessageLine(parsed, position))
        .filter((position) => !namesOthers(parsed, parsed.passages[position] as Passage, focus.named));
  // "…, for example:" is quoted with the example it introduces.
  const introduced = positions.map((position) => introducedAfter(parsed, position)).filter((at) => at >= 0);
  // A sentence dropping a plan is answered with the plan its message goes on to state.
  const standing = PROFILES[item.type].newestWins
    ? positions.flatMap((position) => standingAfter(parsed, position, focus.stems))
    : [];
  const chosen = [
    ...new Set([
      ...positions,
      ...lenders,
      ...partners,
      ...pointed,
      ...exceptions,
      ...antecedents,
      ...introduced,
      ...standing,
      ...rest,
    ]),
  ]
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
  // What a later passage points back to stands as it points to it: no change since reverses it.
  const answers = chosen.map((passage) => {
    const quote = pointedQuotes.get(passage.position);
    return quote === undefined
      ? latestStatement(parsed, passage, focus, scores, newestWins)
      : { text: quote, sources: [passage] };
  });
  const quoted = new Set<string>();
  const evidence = new Set<Passage>();
  for (const answer of answers) {
    // What is quoted stands as of its latest source: a value or name superseded after it is left out.
    const asOf = Math.max(...answer.sources.map((source) => source.position));
    const focused = focusPassage(answer.text, focus);
    quoted.add(withoutSuperseded(parsed, asOf, focused, focus, item.prompt));
    for (const source of answer.sources) evidence.add(source);
  }
  const response = [...quoted].join('\n');
  return {
    response:
      shortAnswer(item, focus, response) ??
      (item.answerFormat === 'short'
        ? shortValueAnswer(item.prompt, focus.value, withoutHeader(response))
        : undefined) ??
      response,
    evidence: [...evidence].map(evidenceOf),
  };
}

/** Whether the passage names someone (or something, by a name) other than those in `named`, when that is not empty. */
function namesOthers(parsed: ParsedArtifact, passage: Passage, named: ReadonlySet<string>): boolean {
  if (named.size === 0) return false;
  return namesIn(passage.text, commonWordsOf(parsed)).some((name) => !named.has(name.toLowerCase()));
}

/**
 * A short answer to "who", as a person would give it: the names the quoted passages hold (other than those the
 * question names), without the rest of the sentence. Undefined when the item wants a longer answer, asks for
 * more than a person, or the passages name nobody else.
 */
function shortAnswer(item: CaseItem, focus: Focus, quoted: string): string | undefined {
  if (item.answerFormat !== 'short' || focus.wants.length !== 1 || focus.wants[0] !== 'person')
    return undefined;
  // A team's name may be made of common words ("Search Platform"), which no name test tells from prose: the
  // passage is quoted whole.
  if (asksWhatCalled(item.prompt)) return undefined;
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
  // "replicas stay" answers "how many replicas?" with the statement it keeps.
  const kept = keptStatement(parsed, passage, focus.stems);
  if (kept !== undefined) return latestStatement(parsed, kept, focus, scores, plans);
  const corrected = correctedText(parsed, passage);
  if (corrected !== undefined) return { text: corrected.text, sources: [passage, ...corrected.corrections] };
  // A list of tasks is quoted without those done or set aside since: they are no longer to do.
  const open = withoutClosedTasks(parsed, passage, passage.text);
  if (open !== undefined) return { text: open, sources: [passage] };
  const focused = plans ? focusPassage(passage.text, focus) : '';
  const reversal = plans
    ? (planReversal(parsed, passage, focused, focus.stems) ??
      droppedStatement(parsed, passage, focused) ??
      settledChange(parsed, passage))
    : undefined;
  const shaped = scores.shaped;
  if (
    reversal === undefined ||
    pointsBackTo(parsed, reversal.passages, passage, focus, scores) ||
    (shaped !== undefined &&
      (shaped.bonus[passage.position] as number) > 0 &&
      reversal.passages.every((part) => shaped.bonus[part.position] === 0))
  )
    return { text: passage.text, sources: [passage] };
  // "…so archives on the share like before": the reversal is quoted with the statement it goes back to.
  const back = reversal.passages
    .map((part) => pointedFrom(parsed, part, focus, scores))
    .find((found) => found !== undefined);
  if (back !== undefined)
    return { text: `${back.quote}\n${reversal.text}`, sources: [back.passage, ...reversal.passages] };
  return { text: reversal.text, sources: reversal.passages };
}

/** The statement `passage` points at for the question (see `pointedStatement`), if any. */
function pointedFrom(
  parsed: ParsedArtifact,
  passage: Passage,
  focus: Focus,
  scores: PassageScores,
): Pointed | undefined {
  const canAnswer = (position: number) => scores.shaped === undefined || scores.shaped.bonus[position] !== 0;
  return pointedStatement(parsed, passage, focus.stems, scores.base, canAnswer);
}

/**
 * Whether a later line points back at `passage` ("back to Postgres, with the index you tested"): it takes the
 * passage up, it does not reverse it.
 */
function pointsBackTo(
  parsed: ParsedArtifact,
  line: readonly Passage[],
  passage: Passage,
  focus: Focus,
  scores: PassageScores,
): boolean {
  return line.some((part) => pointedFrom(parsed, part, focus, scores)?.passage === passage);
}
