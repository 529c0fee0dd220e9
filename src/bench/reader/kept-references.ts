import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { keptParts } from './partial-revisions.js';
import type { Passage } from './passage.js';
import { type Said, saidPassages } from './said-passages.js';
import { findSupersessions } from './superseded-values.js';

/** How many earlier passages by the same writer a kept part may reach back for the statement it keeps. */
const REACH = 20;

/**
 * The statement a person's message keeps when it answers a question only by saying that part stays ("bump the
 * memory to 2Gi, replicas stay" for "how many replicas?"): the latest earlier passage by the same writer that
 * names the kept part with a value ("four replicas, memory limit 512Mi"), else the statement its corrections
 * go back to (see `revisedStatement`). Undefined when the passage keeps nothing the question asks about.
 */
export function keptStatement(
  parsed: ParsedArtifact,
  passage: Passage,
  asked: ReadonlySet<string>,
): Passage | undefined {
  const said = saidPassages(parsed);
  const at = said.findIndex((entry) => entry.passage === passage);
  const entry = said[at];
  if (entry === undefined || entry.role === 'assistant') return undefined;
  const kept = keptParts(entry.body)
    .flatMap((word) => contentStems(word))
    .filter((stem) => asked.has(stem));
  if (kept.length === 0) return undefined;
  let reach = REACH;
  for (let index = at - 1; index >= 0 && reach > 0; index--) {
    const earlier = said[index] as Said;
    if (earlier.role !== entry.role) continue;
    reach--;
    const stems = new Set(contentStems(earlier.body));
    if (kept.some((stem) => stems.has(stem)) && (earlier.values.length > 0 || /\d/.test(earlier.body)))
      return earlier.passage;
  }
  return revisedStatement(parsed, passage);
}

/**
 * The statement a message's corrections go back to: the first passage stating the value it replaces, through
 * the corrections of that one ("every Tuesday at 07:15" … "make it Friday" … "Thursday. time stays"). What a
 * revision keeps is a part of that statement, though it need not name the part ("at 07:15" is the time).
 * Undefined when the message corrects nothing.
 */
function revisedStatement(parsed: ParsedArtifact, passage: Passage): Passage | undefined {
  const supersessions = findSupersessions(parsed);
  const said = saidPassages(parsed);
  let current = passage;
  for (let step = 0; step < supersessions.length; step++) {
    const made = supersessions.find((entry) => entry.correction === current && entry.stated !== current);
    if (made === undefined) break;
    const first = said.find(
      (entry) =>
        entry.passage.position < current.position &&
        entry.values.some((value) => value.normalized === made.oldNormalized),
    );
    current = first?.passage ?? made.stated;
  }
  return current === passage ? undefined : current;
}
