import { classifyMention } from '../scoring/mentions.js';
import type { TargetEvidence } from '../target/target.js';
import { quotableDocumentRule } from './document-rules.js';
import { passagesOfLine } from './line-passages.js';
import { findNextStep } from './next-step.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { sentence } from './refusal-grounds.js';
import { findReason } from './refusal-reasons.js';
import { refusalWithoutSteps } from './refusal-wording.js';
import { withReplacement } from './superseded-values.js';

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
