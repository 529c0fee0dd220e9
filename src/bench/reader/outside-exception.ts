import { namesCase } from './case-clause.js';
import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';

/**
 * The other side of a rule's exception. "Everything is shown in UTC, invoice PDFs being the one exception:
 * those show the customer's local time" lets the exception's case (invoice PDFs) do what the exception says;
 * an action that does it (show the customer's local time) for another case (the ops timeline) breaks the rule.
 * The exception's case is the words the marker introduces ("except X", "apart from X", "barring X") or the
 * words before a marker that follows them ("X being the one exception", "X is the exception").
 */

// A marker before its case: "except for X", "apart from X", "unless X", "barring X", "with one carve-out: X".
const MARKER_BEFORE =
  /\b(?:except(?: for)?|apart from|other than|barring|save for|excluding|unless|with one carve[- ]out:?|the (?:one|only) exception is)\s+([^.;:!?,]+)/;
// A marker after its case: "invoice PDFs being the one exception", "PDFs are the only exception".
const MARKER_AFTER =
  /((?:[\w'’-]+\s+){1,4})(?:being|is|are)\s+the\s+(?:one\s+|only\s+|sole\s+)?(?:exception|carve[- ]out)\b/;

/** The exception a passage makes: its case, the rule before it and what comes after it, lower-cased. */
function exceptionIn(lower: string): { subject: string; rule: string; rest: string } | undefined {
  const after = MARKER_AFTER.exec(lower);
  if (after !== null) {
    return {
      subject: after[1] as string,
      rule: lower.slice(0, after.index),
      rest: lower.slice(after.index + after[0].length),
    };
  }
  const before = MARKER_BEFORE.exec(lower);
  if (before === null) return undefined;
  return {
    subject: before[1] as string,
    rule: lower.slice(0, before.index),
    rest: lower.slice(before.index + before[0].length),
  };
}

// A sentence about what the exception leaves out: "anything else …", "the rest …", "otherwise …".
const ELSE_BRANCH = /^(?:(?:anything|everything|all|everyone|anyone) else|the rest|otherwise|else)\b/i;

/**
 * Whether the action says what the exception part of a rule says rather than its rule part: more of its words
 * only after the exception than in the rule before it, two at least.
 */
export function restatesException(action: string, rule: string, rest: string): boolean {
  // What happens to everything else ("anything else goes to the triage queue") is the rule's own branch.
  const sentences = rest.split(/(?<=[.;!?])\s+/);
  const otherwise = sentences.filter((sentence) => ELSE_BRANCH.test(sentence.trim()));
  const stems = contentStems(action);
  const inRule = new Set(contentStems([rule, ...otherwise].join(' ')));
  const inRest = new Set(
    contentStems(sentences.filter((sentence) => !otherwise.includes(sentence)).join(' ')),
  );
  const restating = stems.filter((stem) => inRest.has(stem) && !inRule.has(stem)).length;
  return restating >= 2 && restating > stems.filter((stem) => inRule.has(stem)).length;
}

/**
 * When the action restates what a rule's exception lets its case do (more of the action's words after the
 * exception than in the rule before it) and the prompt's case is not the exception's: the rule, as a quote
 * (the passage's text up to the exception). Undefined otherwise.
 */
export function outsideException(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
  general: Passage,
): string | undefined {
  const lower = general.text.toLowerCase();
  const exception = exceptionIn(lower);
  if (exception === undefined) return undefined;
  if (!restatesException(action, exception.rule, exception.rest)) return undefined;
  const stems = contentStems(action);
  const inRule = new Set(contentStems(exception.rule));
  // The exception's own words name its case wherever they recur ("barring a SEV1 … if it is a SEV1, page …").
  const subject = new Set(contentStems(exception.subject));
  const ruled = new Set([...stems, ...inRule].filter((stem) => !subject.has(stem)));
  if (namesCase(parsed, prompt, exception.subject, general.line, ruled)) return undefined;
  const rule = general.text.slice(0, exception.rule.length).replace(/[\s,;:—–-]+$/, '');
  return contentStems(rule).length === 0 ? undefined : rule;
}
