import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { keptParts } from './partial-revisions.js';
import type { Passage } from './passage.js';
import { type Said, saidPassages } from './said-passages.js';

/** How many earlier passages by the same writer a kept part may reach back for the statement it keeps. */
const REACH = 20;

/**
 * The statement a person's message keeps when it answers a question only by saying that part stays ("bump the
 * memory to 2Gi, replicas stay" for "how many replicas?"): the latest earlier passage by the same writer that
 * names the kept part with a value ("four replicas, memory limit 512Mi"). Undefined when the passage keeps
 * nothing the question asks about.
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
  return undefined;
}
