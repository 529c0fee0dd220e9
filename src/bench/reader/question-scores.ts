import type { CaseItem } from '../case/types.js';
import { normalizeText } from '../scoring/normalize.js';
import { acceptedProposalScoring } from './accepted-proposals.js';
import { addAcronymOverlap } from './acronyms.js';
import { isCodeRecord } from './code-records.js';
import { contentStems } from './content-words.js';
import { rarity, strongestCue } from './cue-matcher.js';
import { documentProse } from './document-passages.js';
import { addIdiomOverlap } from './idiom-overlap.js';
import { CUES_OF_KIND, PROFILES } from './item-type-profiles.js';
import { labelIn } from './numbered-labels.js';
import { asksForWork, listsClosedWork, reportsDone } from './open-work.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { namesInPrompt } from './prompt-names.js';
import { inheritAntecedentOverlap } from './pronoun-subjects.js';
import {
  buildQueryWeights,
  matchMasks,
  overlapScores,
  stemFrequencies,
  stemWeights,
} from './query-weights.js';
import { askedGroup, asksOpenQuestion, asksWhatRemains, questionShape } from './question-shape.js';
import { namedSource } from './question-sources.js';
import { namesTopic } from './question-topic.js';
import { asksWhy, reasonGivers } from './reason-clauses.js';
import { type ShapeScores, shapeScores } from './shape-scores.js';
import { stemsStatedBeforeAsking } from './stated-before-asking.js';
import { supersededLines } from './superseded-labels.js';
import { findSupersessions, type Supersession } from './superseded-values.js';
import { toolExchanges } from './tool-exchanges.js';

const SECTION_WEIGHT = 3;
const CUE_WEIGHT = 1.5;
const MAX_CUE_SCORE = 3;
const OVERRIDE_WEIGHT = 1.5;
const PROMPT_WORD_WEIGHT = 1;
const ITEM_CUE_WEIGHT = 2;
const NAME_WEIGHT = 2;
const QUESTION_WEIGHT = 0.5;
const OPEN_QUESTION_WEIGHT = 0.25;
// A document's sentence the agent read is a note written down for it (see `documentProse`).
const DOCUMENT_WEIGHT = 0.5;
// What a passage of the document a question names as its source gains when it is about the question.
const SOURCE_WEIGHT = 0.5;
// What a passage giving a reason gains for a "why" question, scaled by how rare such passages are: as much as
// the kind of value asked for (`SHAPE_WEIGHT`), since a passage giving no reason cannot answer "why".
const REASON_WEIGHT = 2;
// The share of the call's words a sentence of its output is credited with.
const CALL_SHARE = 0.5;
// A label that says what follows is no longer the plan.
const SAYS_SUPERSEDED =
  /^(?:[-*•]\s*)?(?:superseded|rejected|dropped|abandoned|obsolete|outdated|old plan|previous plan|no longer|do not use|don'?t use)\b/i;
const LABEL_WEIGHT = 2;
// What a list of work asked for, partly closed since, gains for "what's left?": about one rare task cue.
const TASK_LIST_WEIGHT = 1.5;
// What a fact stated in an accepted option gains (a decision in one gains the section weight).
const ACCEPTED_FACT_WEIGHT = 1.5;

const MISSING_SHAPE_WEIGHT = 0.5;
/** What recency adds at most where it only breaks near-ties (the newest passage gains this much). */
const TIE_BREAK_RECENCY = 0.25;
/** The share of its fact or role cue weight a line of code in a tool's output keeps. */
const RECORD_CUE_SHARE = 0.5;

const NO_SUPERSESSIONS: readonly Supersession[] = Object.freeze([]);

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
  const shape = questionShape(item.prompt);
  // "Which file holds …?": every passage that reads a file shares "file"; the word says what kind of answer
  // is wanted (the shape bonus rewards that), not what the answer is about.
  const kindStems = new Set(contentStems(shape.kindWords.join(' ')));
  // "…, according to the deployment guide?": the words naming the guide say where the answer is written, not
  // what it is about (see `namedSource`).
  const source = namedSource(parsed, item.prompt);
  for (const stem of source?.stems ?? []) kindStems.add(stem);
  const query = buildQueryWeights([
    { stems: contentStems(item.cues.join(' ')), weight: ITEM_CUE_WEIGHT },
    { stems: contentStems(names.join(' ')), weight: NAME_WEIGHT },
    // "Who from legal …?": the group named says whom, as a name does.
    { stems: contentStems(askedGroup(item.prompt) ?? ''), weight: NAME_WEIGHT },
    { stems: contentStems(item.prompt).filter((stem) => !kindStems.has(stem)), weight: PROMPT_WORD_WEIGHT },
  ]);
  const masks = matchMasks(parsed, query);
  // "What change sped up the build?": when some passage is about its topic, one that shares no word of it
  // ("Find every use of X", a decision word alone) answers only by its kind.
  const frequency = stemFrequencies(query, masks);
  const topical = namesTopic(query, frequency, kindStems);
  const overlaps = overlapScores(parsed, query, masks);
  // "It belongs to …" is about what the sentence before it names.
  inheritAntecedentOverlap(parsed, query, masks, overlaps);
  // "What is still unclear?": "I can't tell which one …" is about it, in other words.
  addIdiomOverlap(parsed, item.prompt, overlaps);
  // "Which decision record …?": "ADR-12" writes the words as their initials.
  addAcronymOverlap(parsed, item.prompt, overlaps);
  const labelled = labelIn(item.prompt);
  const remaining = asksWhatRemains(item.prompt);
  const { passages, cueFrequency } = parsed;
  const last = Math.max(passages.length - 1, 1);
  const recencyWeight = profile.newestWins ? 1 : TIE_BREAK_RECENCY;
  const factShapeRarity = rarity(parsed.factShapeFrequency);
  const cuesOfKind = CUES_OF_KIND[profile.cue];
  const subjectName = shape.yesNo ? names[0] : undefined;
  const subject = subjectName === undefined ? undefined : ` ${normalizeText(subjectName)} `;
  const shapeBonus = shapeScores(parsed, item.prompt);
  // A question for a value: a passage stating one that a later message corrected answers it all the same (it
  // is quoted with the corrected value, see `correctedText`), even when it also asks something.
  const corrections = shape.wants.includes('number') ? findSupersessions(parsed) : NO_SUPERSESSIONS;
  const stated = new Set(corrections.map((supersession) => supersession.stated.position));
  // An option the user accepted is a decision, as if listed under Locked decisions; those passed over are not.
  // A fact about it ("what does the chosen instance cost?") is read from the option accepted too, as the facts
  // it states now hold; the options passed over still state facts, so they keep their score.
  const accepted = acceptedProposalScoring(
    parsed,
    overlaps,
    profile.newestWins
      ? { decided: SECTION_WEIGHT, setAside: QUESTION_WEIGHT }
      : { decided: ACCEPTED_FACT_WEIGHT, setAside: 1, fact: true },
  );
  const prose = documentProse(parsed);
  // "Why …?": a passage about the question that gives a reason gains, the more so the fewer give one.
  const reasons = asksWhy(item.prompt) ? reasonGivers(parsed) : undefined;
  const reasonWeight =
    reasons === undefined ? 0 : REASON_WEIGHT * rarity(reasons.reduce((sum, gives) => sum + gives, 0));
  // A document's sentence is about what the call that read it names too ("CONTRIBUTING.md": the contributing
  // guide), as a sentence under a heading is about the heading.
  const exchanges = toolExchanges(parsed);
  const calledFor = (index: number) => {
    const call = exchanges.partner[index] as number;
    return call < 0 ? 0 : CALL_SHARE * (overlaps[call] as number);
  };
  const bitWeights = stemWeights(query, frequency);
  const saidBeforeAsking = (index: number) => {
    let said = 0;
    for (const stem of stemsStatedBeforeAsking(parsed, index)) {
      const bit = query.bits.get(stem);
      if (bit !== undefined) said += bitWeights[bit] as number;
    }
    return said;
  };
  const base = new Float64Array(passages.length);
  const total = new Float64Array(passages.length);
  const superseded = supersededLines(parsed);
  for (let index = 0; index < passages.length; index++) {
    const passage = passages[index] as Passage;
    let cue = 0;
    for (const id of cuesOfKind(passage.cues)) cue += rarity(cueFrequency[id] as number);
    if (profile.cue === 'fact') cue += passage.factShape * factShapeRarity;
    // Terms that are 0 are skipped, not added: the sum is the same to the last bit, and most passages have none.
    const overlap =
      (overlaps[index] as number) +
      (prose[index] === 1 ? calledFor(index) : 0) +
      (labelled !== undefined && ` ${passage.normalized} `.includes(labelled) ? LABEL_WEIGHT : 0);
    let score = overlap;
    // Fact and role words alone ("path", "directory", "owner" in a tool call) say what kind of passage it is,
    // not that it is about the question: without a word of the question or the item's section they count
    // half. Rule, decision and task words are what such a question asks for: they count in full when no
    // passage holds a word of its topic ("What is the plan?"), and half otherwise.
    const inSection = profile.sections.includes(passage.section);
    const nounsOnly =
      overlap === 0 && !inSection && (topical || profile.cue === 'fact' || profile.cue === 'entity');
    // A call's argument names ("path", "directory") are the tool's, not a fact anyone stated.
    const call = profile.cue === 'fact' && exchanges.partner[index] !== -1 && exchanges.inOutput[index] === 0;
    // A line of code in a tool's output names things as a program does: "owner" in `role_owner` is an
    // identifier, not someone saying who owns what (a document's prose is read as a note instead). An error
    // the run reports ("AssertionError: assert total == 20") states a fact about it all the same.
    const record =
      (profile.cue === 'fact' || profile.cue === 'entity') &&
      exchanges.inOutput[index] === 1 &&
      prose[index] === 0 &&
      isCodeRecord(passage.text);
    if (cue !== 0 && !call)
      score +=
        Math.min(CUE_WEIGHT * cue, MAX_CUE_SCORE) * (nounsOnly ? 0.5 : 1) * (record ? RECORD_CUE_SHARE : 1);
    if (inSection) score += SECTION_WEIGHT;
    if (reasons !== undefined && overlap !== 0 && reasons[index] === 1) score += reasonWeight;
    // A sentence of a document the agent read, about the question, answers it as a note would.
    if (overlap !== 0 && prose[index] === 1) score += DOCUMENT_WEIGHT;
    if (accepted !== undefined) score = accepted(index, overlap, score);
    if (profile.newestWins && passage.cues.override.length > 0)
      score += OVERRIDE_WEIGHT * strongestCue(passage.cues.override, cueFrequency);
    // "What's left?": a list of work asked for that a later message closed part of holds the rest.
    if (remaining && overlap !== 0 && listsClosedWork(parsed, index)) score += TASK_LIST_WEIGHT;
    // A question asks; it answers nothing ("what's the current plan?" shares every word of the item).
    // An open question ("what's left before the review?") names only what nobody has said yet: it counts less.
    // Asked what is left, a request put as a question ("can you fix both?") states the work it asks for.
    if (passage.text.includes('?') && !stated.has(index) && !(remaining && asksForWork(passage.text))) {
      const weight = asksOpenQuestion(passage.text) ? OPEN_QUESTION_WEIGHT : QUESTION_WEIGHT;
      score *= weight;
      // What it states before it asks is said all the same: those words keep their weight.
      if (overlap !== 0) score += (1 - weight) * Math.min(overlap, saidBeforeAsking(index));
    }
    // "What is still open?": work someone reports done ("Ana already replied to them") is not what remains.
    if (remaining && reportsDone(parsed, index)) score *= QUESTION_WEIGHT;
    // A passage that says it is superseded ("Superseded, do not use: …") is not the current decision.
    if (profile.newestWins && SAYS_SUPERSEDED.test(passage.text)) score *= QUESTION_WEIGHT;
    // "What does OPS-311 list …?": a passage outside the document the question names answers it only by chance.
    // A passage of it about the question answers it as a note would.
    if (source !== undefined)
      score =
        source.inSource[index] === 0 ? score * QUESTION_WEIGHT : score + (overlap !== 0 ? SOURCE_WEIGHT : 0);
    // "Does Ana Lima own X?" is about Ana Lima: a passage that does not name her answers it only by chance.
    if (subject !== undefined && !` ${passage.normalized} `.includes(subject)) score *= QUESTION_WEIGHT;
    // A passage without the kind of value asked for ("who" and no name) cannot answer; one with it gains.
    if (shapeBonus !== undefined) {
      const bonus = shapeBonus.bonus[index] as number;
      score = bonus !== 0 ? score + bonus : shapeBonus.soft ? score : score * MISSING_SHAPE_WEIGHT;
    }
    // A note the notes label superseded ("Superseded, do not use: …", "… (superseded)") answers only when no
    // current one does, whatever it holds: the kind of value asked for in it is the value no longer current.
    // Asked what was ruled out ("which fix did they turn down?"), it is what is asked for.
    if (profile.cue !== 'rule' && superseded[index] === 1) score *= QUESTION_WEIGHT;
    base[index] = score;
    // The newest decision wins, but a later passage that decides nothing (a request, a commit subject) is no
    // newer decision: recency only breaks its near-ties, as for facts.
    const decides = inSection || passage.cues.decision.length > 0 || passage.cues.override.length > 0;
    total[index] = score + ((decides ? recencyWeight : TIE_BREAK_RECENCY) * passage.position) / last;
  }
  return { base, total, shaped: shapeBonus };
}
