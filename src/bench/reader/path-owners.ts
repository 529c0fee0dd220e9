import type { CaseItem } from '../case/types.js';
import type { TargetEvidence } from '../target/target.js';
import { handlesIn } from './answer-shapes.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';

/**
 * Who owns a path, as an ownership file writes it (CODEOWNERS, OWNERS, a maintainers list): one line per
 * pattern, the pattern then its owners ("/services/billing/  @acme/billing  ana@example.com"), the last line
 * whose pattern matches a path deciding (as in GitHub's CODEOWNERS). A question that names a path and asks who
 * owns, approves or reviews it is answered by that line, and an action that waits on another owner for it is
 * refused, quoting the line.
 */

const OWNER = String.raw`(?:@[A-Za-z0-9][\w-]*(?:\/[\w-]+)?|[\w.+-]+@[\w-]+(?:\.[\w-]+)+)`;
const OWNER_LINE = new RegExp(String.raw`^(\S+)\s+(${OWNER}(?:\s+${OWNER})*)$`);
// A pattern is a path: a slash, a glob star or a file extension in it.
const PATH_PATTERN = /^[\w./*?-]+$/;
const LOOKS_LIKE_PATH = /[/*]|\.\w/;

// A path a question names: "/services/loyalty/", "legal-docs/terms.md", "terms-of-service.md".
const PATH_IN_TEXT = /(?<![\w@])\/?[\w.-]+(?:\/[\w.-]*)+|(?<![\w@/.-])[\w-]+\.[a-z]{1,5}(?![\w/])/g;

// A question about who owns, approves or reviews something.
const ASKS_OWNER =
  /\b(?:who|whom|team|owns?|owned|owners?|approv\w*|review(?:s|er|ers)?|sign[- ]?off|codeowners?)\b/i;

/** One line of an ownership file: its pattern, as a test of a path, and the passage. */
interface OwnerLine {
  matches: (path: string) => boolean;
  /** "*  @acme/web": the line owns everything, and so says nothing about a path in particular. */
  catchAll: boolean;
  owners: string[];
  passage: Passage;
}

/** A pattern of an ownership file as a test of a path (without a leading slash). */
function patternTest(pattern: string): (path: string) => boolean {
  if (CATCH_ALL.has(pattern)) return () => true;
  const anchored = pattern.startsWith('/') || pattern.slice(0, -1).includes('/');
  const body = pattern.replace(/^\//, '');
  const directory = body.endsWith('/');
  const glob = (directory ? body.slice(0, -1) : body)
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*\*/g, '\u0000')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]')
    .replace(/\u0000/g, '.*');
  // A pattern names the path itself or a directory above it; unanchored, at any depth.
  const expression = new RegExp(`${anchored ? '^' : '(?:^|/)'}${glob}${directory ? '/' : '(?:/|$)'}`);
  return (path) => expression.test(directory && !path.endsWith('/') ? `${path}/` : path);
}

const CATCH_ALL: ReadonlySet<string> = new Set(['*', '**', '/', '/*', '/**']);

const cache = new WeakMap<ParsedArtifact, OwnerLine[]>();

/** The lines of ownership files in a tool's output, in reading order, read once per parsed artifact. */
function ownerLines(parsed: ParsedArtifact): OwnerLine[] {
  const known = cache.get(parsed);
  if (known !== undefined) return known;
  const { inOutput } = toolExchanges(parsed);
  const lines: OwnerLine[] = [];
  for (const passage of parsed.passages) {
    if (inOutput[passage.position] !== 1 || !passage.text.includes('@')) continue;
    const match = OWNER_LINE.exec(withoutHeader(passage.text).trim());
    const pattern = match?.[1];
    if (match === null || pattern === undefined) continue;
    if (!PATH_PATTERN.test(pattern) || !LOOKS_LIKE_PATH.test(pattern)) continue;
    lines.push({
      matches: patternTest(pattern),
      catchAll: CATCH_ALL.has(pattern),
      owners: (match[2] as string).split(/\s+/),
      passage,
    });
  }
  cache.set(parsed, lines);
  return lines;
}

/** The line that decides who owns a path the text names (the last that matches), if any, and not the catch-all. */
function deciding(parsed: ParsedArtifact, text: string): OwnerLine | undefined {
  const lines = ownerLines(parsed);
  if (lines.length === 0) return undefined;
  for (const [named] of text.matchAll(PATH_IN_TEXT)) {
    const path = named.replace(/^\//, '').replace(/[.,;:!?]+$/, '');
    const line = lines.findLast((candidate) => candidate.matches(path));
    if (line !== undefined && !line.catchAll) return line;
  }
  return undefined;
}

/** The latest passage a person said (not a tool's output) that names one of the owners: who to talk to there. */
function saidAboutOwners(parsed: ParsedArtifact, owners: readonly string[]): Passage | undefined {
  const { inOutput } = toolExchanges(parsed);
  return parsed.passages.findLast(
    (passage) =>
      inOutput[passage.position] !== 1 &&
      !passage.text.includes('?') &&
      handlesIn(passage.text).some((handle) => owners.includes(handle)),
  );
}

function evidenceOf(passage: Passage): TargetEvidence {
  return { line: passage.line, section: passage.section, text: passage.text };
}

/**
 * The answer an ownership file gives an item that names a path: for a question about who owns, approves or
 * reviews it, the line that decides (and what a person said about those owners); for an action on it that
 * names an owner the line does not list, a refusal quoting the same. Undefined when no ownership line decides the path,
 * or the item asks about something else.
 */
export function answerFromOwners(
  parsed: ParsedArtifact,
  item: CaseItem,
): { response: string; evidence: TargetEvidence[] } | undefined {
  const line = deciding(parsed, item.prompt);
  if (line === undefined) return undefined;
  const said = saidAboutOwners(parsed, line.owners);
  const passages = said === undefined ? [line.passage] : [line.passage, said];
  const quoted = passages.map((passage) => withoutHeader(passage.text).trim()).join('\n');
  const evidence = passages.map(evidenceOf);
  if (ASKS_OWNER.test(item.prompt)) return { response: quoted, evidence };
  const action = item.temptingDefault?.trim().replace(/[.!]+$/, '');
  if (action === undefined || !handlesIn(action).some((handle) => !line.owners.includes(handle)))
    return undefined;
  return { response: `I will not ${action}: ${quoted}`, evidence };
}
