/**
 * Rules that reach the session inside a tool output: a CONTRIBUTING.md or AGENTS.md the agent reads, a code
 * review comment, a ticket. They bind the agent as much as the user's own words, so each rule line is kept as a
 * rule, whether it forbids, restricts or requires, with the output it came from.
 */
import { EXCEPTION, forbids, REQUIREMENT } from './cue-patterns.js';
import type { EntryKind } from './ledger-entry.js';
import { splitSentences } from './split-sentences.js';

/**
 * Outputs written for people (and agents) to follow. A file read counts when it is a prose document (Markdown,
 * text, reStructuredText, AsciiDoc) or a guide by name (CONTRIBUTING, AGENTS, a style guide); a source file
 * never does, whatever its name ("ticket_service.go" is code). Any other call counts when the tool or command
 * fetches a review comment, a ticket or an issue.
 */
const GUIDE_NAME =
  /(?:^|\/)(?:contributing|agents|claude|gemini|copilot-instructions|conventions?|guidelines?|style[-_ ]?guide|rules|polic(?:y|ies)|code_of_conduct|hacking|readme|runbook|playbook|handbook|security|maintainers|\.cursorrules|\.windsurfrules)(?:\.[a-z]+)?$/i;
const PROSE_FILE = /\.(?:md|mdx|markdown|rst|txt|adoc)$/i;
const GUIDANCE_CALL =
  /review|comment|ticket|issue|jira|linear|pull[-_ ]?request|\bgh (?:pr|issue)\b|\b(?:cat|less|more|head|tail|bat)\s+\S+\.(?:md|mdx|markdown|rst|txt|adoc)\b/i;

// A line that opens with a verb telling the reader what to do ("Run make lint before pushing").
const IMPERATIVE =
  /^(?:please )?(?:use|run|keep|write|add|put|prefer|follow|name|open|squash|rebase|sign|tag|document|update|include|mark|ask|link|target|format|lint|check|make|bump|pin|avoid|leave|ensure|wrap|return|log|create|commit|push|merge|branch|pass|call|import|export|declare|store|place|prefix|start|limit|hold|request|reference|mention|describe|explain|attach|assign|label|close|regenerate|rename|move|split|stick|route|send|review|wait|talk|ping|reach|treat|remember|stay|only)\b/;

// Statements of how the project works ("We squash-merge", "PRs need one approval", "Reviews should …").
const CONVENTION =
  /\b(?:should|shouldn'?t|needs?|need to|required|requires|is expected|are expected|expected to|only|prefer(?:red)?|by convention|please|rather than|instead of|belongs? (?:in|to|under)|goes (?:in|under)|lives? (?:in|under))\b|, not\b|^(?:we|all|every|each|any|new) /;

// Negation or restriction: "nothing goes into main without a review", "only the bot tags releases", "out of scope".
const RESTRICTS =
  /\b(?:not|no|never|nothing|none|without|only|reserved|instead of|rather than|except by|out of scope|blocking|blocker)\b|n't\b/;

// A choice made on purpose ("pinned to bullseye on purpose", "paused deliberately"): changing it is not the
// reader's call.
const DELIBERATE = /\b(?:on purpose|deliberately|intentionally|by design|pinned)\b/;

// Lines that are code, commands, tables or headings, not prose.
const NOT_PROSE = /^(?:#|```|\$ |\||<)|[{};]\s*$|[{}]|=>|:=|==|\breturn\b|^\s*[\w.]+\(|^[\w-]+:\s*$/;

const MAX_GUIDANCE_ENTRIES = 24;
const MAX_RULE_CHARS = 300;
// A rule with the sentences that point back at it may run longer than one sentence would.
const MAX_JOINED_CHARS = 500;

/** Whether an output is one whose rules bind the agent: the file a call read, else the call or tool itself. */
export function isGuidanceSource(path: string | undefined, call: string): boolean {
  if (path !== undefined) return PROSE_FILE.test(path) || GUIDE_NAME.test(path);
  return GUIDANCE_CALL.test(call);
}

/** The rule a sentence of a guidance output states, as the kind it is kept as; undefined for anything else. */
export function guidanceKind(sentence: string): EntryKind | undefined {
  const lower = sentence.toLowerCase().replace(/[’‘]/g, "'");
  // A sentence: it opens with a letter or a quote and has a few real words ("✓ 18 passed (18)" is not one).
  if (!/^["'`\p{L}]/u.test(lower) || longWords(lower) < SHORT_SENTENCE_WORDS || /\?\s*$/.test(lower))
    return undefined;
  // In a guide, a sentence that forbids, restricts, requires or tells the reader what to do is a rule.
  const states =
    forbids(lower) ||
    RESTRICTS.test(lower) ||
    REQUIREMENT.test(lower) ||
    EXCEPTION.test(lower) ||
    DELIBERATE.test(lower) ||
    IMPERATIVE.test(lower) ||
    CONVENTION.test(lower);
  return states ? 'rule' : undefined;
}

// A label a list goes under ("Out of scope:", "Acceptance criteria:"): it says how to read the items, so each
// item is kept with it.
const LABEL = /^([A-Z][\w '/-]{2,40}):$/;
const MAX_LABEL_WORDS = 5;
// A comment written after the place it is about, on one line: "packages/cart/src/shipping.ts:61 When you …".
const INLINE_PLACE = /^\S*[\w-]\.[a-z]{1,5}:\d+\s+\S/;
// A line naming a place in the code, alone before a paragraph: "src/pay/charge.ts line 48:", "api/users.py:12:".
const PLACE = /^(\S*[\w-]\.[a-z]{1,5}(?:(?:,? (?:line|lines|l\.) ?|:)\d+(?:[-–]\d+)?)?):$/;
// A sentence this short ("Blocking.", "Page the DBA.") says little alone: it is kept with the sentence after it.
const SHORT_SENTENCE_WORDS = 4;

/** Words of three letters or more: what a sentence is judged long enough by. */
function longWords(text: string): number {
  return (text.match(/\p{L}{3,}/gu) ?? []).length;
}

// A sentence whose subject points back at the one before ("It may be removed after …", "That puts us in …",
// "Resuming it before …"): alone it names nothing, so it is kept with the sentence it points at.
const POINTS_BACK = /^(?:it|this|that|they|these|those|doing so|[a-z]+ing (?:it|them|this|that))\b/i;

// Where a sentence that points back was joined on.
const POINTS_BACK_INSIDE = new RegExp(`[.!?] ${POINTS_BACK.source.slice(1)}`, 'i');

/**
 * The sentences of a line, each too short to stand alone joined to the one after it (or before, at the end),
 * and each that points back at the one before joined to it.
 */
function joinedSentences(line: string): string[] {
  const joined: string[] = [];
  let pending = '';
  for (const sentence of splitSentences(line)) {
    if (pending === '' && joined.length > 0 && POINTS_BACK.test(sentence)) {
      joined[joined.length - 1] = `${joined.at(-1)} ${sentence}`;
      continue;
    }
    const text = pending === '' ? sentence : `${pending} ${sentence}`;
    if (longWords(text) < SHORT_SENTENCE_WORDS) pending = text;
    else {
      joined.push(text);
      pending = '';
    }
  }
  if (pending !== '') {
    if (joined.length > 0) joined[joined.length - 1] = `${joined.at(-1)} ${pending}`;
    else joined.push(pending);
  }
  return joined;
}

/**
 * What a guidance output says, in order, each with its kind: its rules, and its other prose sentences as facts
 * (a guide's "everything under gen/ is generated by make proto" is why its rule holds). Items under a label
 * ("Out of scope:") carry the label, and a paragraph under the place it is about (a review comment's file and
 * line) carries the place, up to the next blank line. At most a couple of dozen.
 */
export function guidanceRules(lines: readonly string[]): { kind: EntryKind; text: string }[] {
  const rules: { kind: EntryKind; text: string }[] = [];
  let inCode = false;
  let label = '';
  // The place a review comment is about ("src/pay/charge.ts line 48:"), which its paragraph is read with.
  let place = '';
  for (const raw of lines) {
    if (raw.startsWith('```')) inCode = !inCode;
    if (inCode || NOT_PROSE.test(raw)) {
      if (raw.startsWith('#')) label = '';
      continue;
    }
    const listed = /^(?:[-*•>]|\d+[.)]|\[[ x]\])\s+/.test(raw);
    const line = raw
      .replace(/^(?:[-*•>]|\d+[.)]|\[[ x]\])\s+/, '')
      .replace(/\*\*/g, '')
      // "__bold__" is emphasis; "test/__expected__/" and "__init__.py" are names, kept as written.
      .replace(/(?<![\w/.`])__([^_`]+?)__(?![\w/`]|\.\w)/g, '$1')
      .trim();
    if (line === '') {
      place = '';
      continue;
    }
    const located = line.match(PLACE)?.[1];
    if (located !== undefined) {
      place = located;
      continue;
    }
    const named = line.match(LABEL)?.[1];
    if (named !== undefined && named.split(' ').length <= MAX_LABEL_WORDS) {
      label = named;
      continue;
    }
    if (!listed) label = '';
    // "src/cart.ts:33 Money as a float will bite us. Keep amounts in minor units.": one review comment on one
    // place, whose sentences explain each other, is kept whole.
    const comment = INLINE_PLACE.test(line) && line.length <= MAX_JOINED_CHARS;
    // "- Tests: `make quick` runs the unit tests. Plain `make test` needs the full stack; only CI runs that.": one
    // item of a guide's list is one rule, whose sentences say what to do instead and why; kept whole.
    const sentences = comment ? [line] : joinedSentences(line);
    const item =
      listed &&
      sentences.length > 1 &&
      line.length <= MAX_JOINED_CHARS &&
      sentences.some((sentence) => guidanceKind(sentence) === 'rule');
    for (const joined of item ? [line] : sentences) {
      const labelled = listed && label !== '' ? `${label}: ${joined}` : joined;
      const sentence = place === '' ? labelled : `${place}: ${labelled}`;
      const limit =
        joined.length > MAX_RULE_CHARS && POINTS_BACK_INSIDE.test(joined) ? MAX_JOINED_CHARS : MAX_RULE_CHARS;
      if (joined.length > limit || /\?\s*$/.test(joined) || !isProse(labelled)) continue;
      const kind = guidanceKind(sentence) ?? 'fact';
      if (kind === undefined) continue;
      rules.push({ kind, text: sentence });
      if (rules.length >= MAX_GUIDANCE_ENTRIES) return rules;
    }
  }
  return rules;
}

// A word of prose, with the punctuation around it: not a path, a key=value pair, a number or code.
const PLAIN_WORD = /^[("'`]?\p{L}[\p{Ll}'’-]*[)"'`,.;:!]?$/u;
// Most of a prose sentence's words are plain words; a log line or a stack frame is mostly other tokens.
const PLAIN_SHARE = 0.6;
// A compiler's or linter's report line ("src/a.py:12: error: …"), which reads like prose but is output.
const DIAGNOSTIC = /^\S+:\d+(?::\d+)?:?\s+(?:error|warning|note)\b|\b(?:error|warning) [A-Z]+\d+\b/i;

/** Whether a sentence is prose: a few real words, most of its tokens plain words, and no diagnostic. */
export function isProse(sentence: string): boolean {
  const tokens = sentence.split(/\s+/);
  const plain = tokens.filter((token) => PLAIN_WORD.test(token)).length;
  return (
    longWords(sentence) >= SHORT_SENTENCE_WORDS &&
    plain >= tokens.length * PLAIN_SHARE &&
    !DIAGNOSTIC.test(sentence)
  );
}

// A comment line of a source or config file, after an optional line number: "# …", "// …", "/* …", "* …", "-- …".
const COMMENT = /^(?:\d+[:|]?\s+)?(?:#+|\/\/+|\/\*+|\*|--|;+)\s*(.+?)(?:\s*\*\/)?$/;
const MAX_COMMENT_RULES = 8;

/** Whether a comment sentence forbids, restricts or requires something, or says a choice was deliberate. */
function commentStates(sentence: string): boolean {
  const lower = sentence.toLowerCase().replace(/[’‘]/g, "'");
  if (longWords(lower) < SHORT_SENTENCE_WORDS) return false;
  return forbids(lower) || RESTRICTS.test(lower) || REQUIREMENT.test(lower) || DELIBERATE.test(lower);
}

/**
 * The rules written as comments in a file the agent reads ("# never bump this image: the cluster pins it"). A
 * comment block (consecutive comment lines, one text) that forbids, restricts, requires or says a choice is
 * deliberate is kept whole, sentence by sentence: its other sentences say why, or what to do instead. Blocks that
 * only describe code say none of these and are left.
 */
export function commentRules(lines: readonly string[]): { kind: EntryKind; text: string }[] {
  const rules: { kind: EntryKind; text: string }[] = [];
  const blocks: string[][] = [];
  let block: string[] = [];
  for (const line of lines) {
    const comment = line.match(COMMENT)?.[1];
    if (comment === undefined) {
      if (block.length > 0) blocks.push(block);
      block = [];
    } else block.push(comment);
  }
  if (block.length > 0) blocks.push(block);
  for (const comments of blocks) {
    const sentences = splitSentences(comments.join(' ')).filter(
      (sentence) => sentence.length <= MAX_RULE_CHARS,
    );
    if (!sentences.some(commentStates)) continue;
    for (const sentence of sentences) {
      if (longWords(sentence) < SHORT_SENTENCE_WORDS) continue;
      rules.push({ kind: commentStates(sentence) ? 'rule' : 'fact', text: sentence });
      if (rules.length >= MAX_COMMENT_RULES) return rules;
    }
  }
  return rules;
}
