import { normalizeText } from '../scoring/normalize.js';
import { casePassage } from './case-clause.js';
import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import type { Supersession } from './superseded-values.js';

/**
 * Names that decide where a thing goes: "a tag matching v* deploys to production", "QA builds: push a tag
 * matching qa-* and it deploys to the QA host", "branches named release/* build nightly". When the action
 * uses a name of one pattern and the notes give another pattern for what the case is for (a word of the
 * prompt, or of the message that asked for it: "so QA can pick it up"), the action's name sends the thing to
 * the wrong place. The name to use instead is the other pattern with the same variable part ("v1.5.0-rc1"
 * under v* is "qa-1.5.0-rc1" under qa-*).
 */

// "matching v*", "named release/*", "starting with hotfix-": a pattern for a name, with the noun before it.
const PATTERN =
  /\b([a-z]+)s?\s+(?:matching|named|called|starting with|prefixed with|beginning with|of the form|like)\s+[`'"]?([\w./@+-]*\*[\w./@+-]*)/gi;
/** How far apart (in passages) two patterns may be to be read as one document's alternatives. */
const NEAR = 12;

interface NamePattern {
  noun: string;
  glob: string;
  matcher: RegExp;
  passage: Passage;
}

function globMatcher(glob: string): RegExp {
  const parts = glob.split('*').map((part) => part.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&'));
  return new RegExp(`^${parts.join('(.+)')}$`);
}

/** The name patterns the passages state, in reading order. */
function patternsIn(parsed: ParsedArtifact): NamePattern[] {
  const found: NamePattern[] = [];
  for (const passage of parsed.passages) {
    // The cheap test first: almost no passage has an asterisk.
    if (!passage.text.includes('*')) continue;
    for (const match of passage.text.matchAll(PATTERN)) {
      const glob = match[2] as string;
      // A bare "*" names everything: it tells no two names apart.
      if (glob.replaceAll('*', '') === '') continue;
      const noun = contentStems(match[1] as string)[0];
      if (noun !== undefined) found.push({ noun, glob, matcher: globMatcher(glob), passage });
    }
  }
  return found;
}

// Where a name in the action ends: spaces, quotes, backticks, brackets, commas and semicolons.
const TOKEN_BREAK = /[\s'"`()[\]{},;]+/;

/**
 * When the action names a thing by a pattern whose passage is for something else than the case, and a nearby
 * pattern's passage is for the case: the action's name, the name to use, and the passage that gives it.
 */
export function misroutedName(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
): Supersession | undefined {
  const patterns = patternsIn(parsed);
  if (patterns.length < 2) return undefined;
  const asked = new Set([...contentStems(prompt), ...contentStems(action)]);
  const tokens = action.split(TOKEN_BREAK).filter((token) => token.length > 1);
  for (const used of patterns) {
    if (!asked.has(used.noun)) continue;
    const token = tokens.find((candidate) => used.matcher.test(candidate));
    if (token === undefined) continue;
    const variable = (used.matcher.exec(token) as RegExpExecArray)[1] as string;
    const others = patterns.filter(
      (other) =>
        other.noun === used.noun &&
        other.glob !== used.glob &&
        !other.matcher.test(token) &&
        Math.abs(other.passage.position - used.passage.position) <= NEAR,
    );
    if (others.length === 0) continue;
    // What the case is for: the prompt's words, else those of the message that asked for it.
    const promptStems = new Set(contentStems(prompt));
    let asking: Set<string> | undefined;
    const usedStems = new Set(contentStems(used.passage.text));
    for (const other of others) {
      const otherStems = new Set(contentStems(other.passage.text));
      // The words that tell the two passages apart, and how many of them the case's purpose holds.
      const lean = (purpose: ReadonlySet<string>) =>
        [...otherStems].filter((stem) => !usedStems.has(stem) && purpose.has(stem)).length -
        [...usedStems].filter((stem) => !otherStems.has(stem) && purpose.has(stem)).length;
      let toOther = lean(promptStems);
      if (toOther === 0) {
        asking ??= new Set(contentStems(casePassage(parsed, prompt, used.passage.line)?.text ?? ''));
        toOther = lean(asking);
      }
      if (toOther <= 0) continue;
      const replacement = other.glob.replace('*', variable);
      return {
        old: token,
        oldNormalized: normalizeText(token),
        replacement,
        correction: other.passage,
        stated: used.passage,
        quote: other.passage.text,
      };
    }
  }
  return undefined;
}
