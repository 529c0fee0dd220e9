import { amountsIn, thresholdsIn, withinThreshold } from './amount-thresholds.js';
import { caseClause, sharedCaseStems } from './case-clause.js';
import { contentStems } from './content-words.js';
import { passagesOfLine } from './line-passages.js';
import { restatesException } from './outside-exception.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

// Words that open an exception to a rule: "drafts skip the slow suite, unless …", "nobody gets paged, barring a
// SEV1", "read-only, with one carve-out: …". Matched on normalised text.
const EXCEPTION_MARKER =
  /\b(?:unless|except|exception|apart from|other than|barring|carve out|save for|excluding|with the exception of)\b/;

// The exception markers as written (before normalising, "carve-out" keeps its hyphen).
const EXCEPTION_IN_TEXT =
  /\b(?:unless|except|exception|apart from|other than|barring|carve[- ]out|save for|excluding|with the exception of)\b/;

/** A word of the prompt in at most this many passages is one that can name the case at hand. */
const DISTINCTIVE_FREQUENCY = 8;

/**
 * When the action restates a rule (`general`, a passage that affirms it) whose message also carves out an
 * exception, and the prompt's case is that exception (the exception names a distinctive word of the prompt
 * that neither the action nor the rule's own sentence holds): the passages of that message that name it, in
 * order. "draft PRs skip the e2e suite. unless the PR touches app/checkout/: then add the run-e2e label"
 * against "no label, drafts skip the e2e suite" for a draft PR in app/checkout/.
 */
export function exceptionForCase(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  general: Passage,
): Passage[] {
  const line = passagesOfLine(parsed.passages, general.position);
  if (!line.some((passage) => EXCEPTION_MARKER.test(passage.normalized))) return [];
  // A short message is one passage: its rule is the part before the exception.
  const marker = EXCEPTION_MARKER.exec(general.normalized);
  const ruleText = marker === null ? general.normalized : general.normalized.slice(0, marker.index);
  const exceptionText = marker === null ? '' : general.normalized.slice(marker.index);
  // An action that says what the exception says is the exception's own step, not the rule it narrows.
  // Read as written: its sentences tell the exception from what happens to everything else.
  const rawException = marker === null ? '' : exceptionOf(general.text);
  const rawRule = general.text.slice(0, general.text.length - rawException.length);
  const after = line.filter((passage) => passage.position > general.position).map((passage) => passage.text);
  if (restatesException(action, rawRule, [rawException, ...after].join(' '))) return [];
  const ruled = new Set([...contentStems(action), ...contentStems(ruleText)]);
  const caseStems = contentStems(prompt).filter((stem) => !ruled.has(stem));
  // The message that brought the case up says more of it than the prompt ("Bluefin Hardware (enterprise plan)").
  const clause = caseClause(parsed, prompt, general.line);
  const textOf = (passage: Passage) => (passage === general ? exceptionText : passage.normalized);
  const namedIn = (passage: Passage) => {
    const text = textOf(passage);
    const said = clause === undefined ? [] : sharedCaseStems(clause, text).filter((stem) => !ruled.has(stem));
    return [...caseStems.filter((stem) => holds(text, stem)), ...said];
  };
  const naming = line.filter((passage) => namedIn(passage).length > 0);
  if (naming.length === 0) return [];
  // The word must name this case, not something every message speaks of.
  const named = naming.flatMap(namedIn);
  const rare = named.some(
    (stem) =>
      parsed.passages.filter((passage) => holds(passage.normalized, stem)).length <= DISTINCTIVE_FREQUENCY,
  );
  // An exception with a cap ("pre-approved up to 5,000 EUR") does not cover a case past it.
  const amounts = amountsIn(prompt).map((found) => found.amount);
  const capped = naming.some((passage) =>
    thresholdsIn(passage === general ? exceptionOf(passage.text) : passage.text).some((cap) =>
      amounts.some((amount) => amount.unit === cap.amount.unit && !withinThreshold(amount, cap)),
    ),
  );
  return rare && !capped ? naming : [];
}

/** The part of a passage from its exception marker on ("except on the enterprise plan, …"); all of it when none. */
export function exceptionOf(text: string): string {
  const at = text.toLowerCase().search(EXCEPTION_IN_TEXT);
  return at < 0 ? text : text.slice(at);
}

function holds(normalized: string, stem: string): boolean {
  return normalized.includes(stem) && contentStems(normalized).includes(stem);
}

// An exception that opens its sentence: "unless the PR touches app/checkout/: …", "the one exception is …".
const OPENS_WITH_EXCEPTION =
  /^(?:(?:[a-z0-9]+ ){0,3})(?:unless|except|the one exception|one exception|the only exception|apart from|other than|barring|save for|with one carve out|carve out)\b/;

/**
 * The position of the passage after `position`, in the same line, when it narrows that passage with an
 * exception ("draft PRs skip the e2e suite. unless the PR touches app/checkout/: then …"); else -1. A rule
 * quoted without its exception states more than the rule.
 */
export function exceptionAfter(passages: readonly Passage[], position: number): number {
  const passage = passages[position];
  const next = passages[position + 1];
  if (passage === undefined || next === undefined || next.line !== passage.line) return -1;
  return OPENS_WITH_EXCEPTION.test(next.normalized) ? position + 1 : -1;
}
