import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { toolExchanges } from './tool-exchanges.js';

/**
 * A question that names where its answer is written: "what does every release need, according to the
 * deployment guide?", "what does OPS-311 list as blockers?", "what does the runbook say about failover?". The
 * words naming the source say where to look, not what the answer is about: a message that only names the
 * guide ("have a look at the deployment guide") does not answer, and a sentence of the guide the agent read
 * does, in other words than the question's.
 */

// "according to the deployment guide", "according to CONTRIBUTING.md". Lower-cased prompt.
const ACCORDING_TO = /\baccording to (?:the |our |this |that |your )?([^,?.;!]+?)\s*(?:[,?.;!]|$)/;
// "what does OPS-311 list as …", "what did the runbook say about …", "which steps does the checklist require".
const SOURCE_SAYS =
  /\b(?:what|which(?: \w+)?) (?:does|did|do) (?:the |our |this |that )?([\w./#-]+(?: [\w./#-]+){0,2}?) (?:list|say|state|require|specify|mention|recommend|prescribe|name|give)\b/;

// Nouns that say what kind of document the source is, not which one: they may be missing from its name
// ("the contributing guide" read as CONTRIBUTING.md).
const DOCUMENT_KIND: ReadonlySet<string> = new Set(
  contentStems(
    'guide guidelines doc docs document documentation file page readme ticket issue comment review notes ' +
      'spec specification wiki handbook policy runbook manual checklist',
  ),
);

// A name written as a file's or a ticket's is: a dot, a slash, an underscore or a digit in it.
const FILE_OR_TICKET = /[\d./_]/;

/** The source a question names: the stems naming it, and which passages are of a document it names. */
export interface NamedSource {
  /** The stems of the words that name the source. */
  stems: readonly string[];
  /** 1 for each passage of a tool's output that reads the named document. */
  inSource: Uint8Array;
}

/** The words a question names its source by (see above), if it names one. */
export function sourceWords(prompt: string): string | undefined {
  const lower = prompt.toLowerCase();
  return (ACCORDING_TO.exec(lower) ?? SOURCE_SAYS.exec(lower))?.[1];
}

/**
 * The source the question names, when a tool's output in the artifact reads it: its call or its first line
 * holds every word of the name other than the kind of document (all of them when the name is only a kind,
 * "the runbook"). Undefined when the question names none or no output reads it.
 */
export function namedSource(parsed: ParsedArtifact, prompt: string): NamedSource | undefined {
  const words = sourceWords(prompt);
  if (words === undefined) return undefined;
  const stems = contentStems(words);
  // A document is named by its kind ("the runbook") or as a file or a ticket is ("CONTRIBUTING.md", "OPS-311");
  // "what did the user say …" names a person, whose words are the conversation's.
  if (!stems.some((stem) => DOCUMENT_KIND.has(stem)) && !FILE_OR_TICKET.test(words)) return undefined;
  const specific = stems.filter((stem) => !DOCUMENT_KIND.has(stem));
  const needed = specific.length > 0 ? specific : stems;
  if (needed.length === 0) return undefined;
  const { partner, outputEnd } = toolExchanges(parsed);
  const { passages } = parsed;
  const inSource = new Uint8Array(passages.length);
  let found = false;
  for (let start = 0; start < passages.length; start++) {
    const end = outputEnd[start] as number;
    if (end < 0) continue;
    const call = partner[start] as number;
    const heading = `${call < 0 ? '' : passages[call]?.normalized} ${passages[start]?.normalized}`;
    const held = new Set(contentStems(heading));
    if (!needed.every((stem) => held.has(stem))) continue;
    inSource.fill(1, start, end);
    found = true;
  }
  return found ? { stems, inSource } : undefined;
}
