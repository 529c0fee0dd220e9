import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { type Said, saidPassages, sentenceEnd } from './said-passages.js';
import { valueTokens } from './value-forms.js';

/**
 * A person turning down every option just given ("neither of those", "none of them", "both are wrong"): the
 * values given before it are dropped together, though the line names none of them.
 */
const ALL_REJECTED =
  /(?<![\p{L}\p{N}])(?:(?:neither|none) of (?:those|these|them|the two|the above)|both (?:are|were|of those are|of them are) wrong)(?![\p{L}\p{N}])/iu;

/** How many distinct values of a form before the line count as the options it turns down. */
const OPTIONS = 2;

/** Sentences shorter than this after the rejecting one say too little to stand for the new plan. */
const MIN_REST = 12;

/** A value turned down with the others: the line that does so, and what of it states the plan that stands. */
export interface RejectedOption {
  passage: Passage;
  quote: string;
}

/**
 * The latest line a person wrote that turns down every option just given, when a value of `action` is one of
 * the last two values of its form said before the line and no person gave it again after. Undefined otherwise.
 */
export function rejectedOption(parsed: ParsedArtifact, action: string): RejectedOption | undefined {
  const wanted = valueTokens(action);
  if (wanted.length === 0) return undefined;
  const said = saidPassages(parsed);
  for (let at = said.length - 1; at >= 0; at--) {
    const entry = said[at] as Said;
    if (entry.role === 'assistant') continue;
    const match = ALL_REJECTED.exec(entry.body);
    if (match === null) continue;
    const rest = entry.body.slice(sentenceEnd(entry.body, match.index)).trim();
    if (rest.length < MIN_REST) continue;
    for (const value of wanted) {
      if (givenAgain(said, at, value.normalized)) continue;
      if (lastOptions(said, at, value.form).includes(value.normalized))
        return { passage: entry.passage, quote: rest };
    }
  }
  return undefined;
}

/** The last distinct values of `form` said before `at`, newest first (at most `OPTIONS`). */
function lastOptions(said: readonly Said[], at: number, form: string): string[] {
  const options: string[] = [];
  for (let index = at - 1; index >= 0 && options.length < OPTIONS; index--) {
    for (const value of [...(said[index] as Said).values].reverse()) {
      if (value.form !== form || options.includes(value.normalized)) continue;
      options.push(value.normalized);
      if (options.length === OPTIONS) break;
    }
  }
  return options;
}

/** Whether a person gave the value again after `at`. */
function givenAgain(said: readonly Said[], at: number, normalized: string): boolean {
  for (let index = at + 1; index < said.length; index++) {
    const entry = said[index] as Said;
    if (entry.role !== 'assistant' && entry.values.some((value) => value.normalized === normalized))
      return true;
  }
  return false;
}
