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

// Negation or restriction: "nothing goes into main without a review", "only the bot tags releases".
const RESTRICTS =
  /\b(?:not|no|never|nothing|none|without|only|reserved|instead of|rather than|except by)\b|n't\b/;

// Lines that are code, commands, tables or headings, not prose.
const NOT_PROSE = /^(?:#|```|\$ |\||<)|[{};]\s*$|[{}]|=>|:=|==|\breturn\b|^\s*[\w.]+\(|^[\w-]+:\s*$/;

const MAX_GUIDANCE_ENTRIES = 24;
const MAX_RULE_CHARS = 300;

/** Whether an output is one whose rules bind the agent: the file a call read, else the call or tool itself. */
export function isGuidanceSource(path: string | undefined, call: string): boolean {
  if (path !== undefined) return PROSE_FILE.test(path) || GUIDE_NAME.test(path);
  return GUIDANCE_CALL.test(call);
}

/** The rule a sentence of a guidance output states, as the kind it is kept as; undefined for anything else. */
export function guidanceKind(sentence: string): EntryKind | undefined {
  const lower = sentence.toLowerCase().replace(/[’‘]/g, "'");
  // A sentence: it opens with a letter or a quote and has a few real words ("✓ 18 passed (18)" is not one).
  if (!/^["'`\p{L}]/u.test(lower) || (lower.match(/\p{L}{3,}/gu) ?? []).length < 4 || /\?\s*$/.test(lower))
    return undefined;
  // In a guide, a sentence that forbids, restricts, requires or tells the reader what to do is a rule.
  const states =
    forbids(lower) ||
    RESTRICTS.test(lower) ||
    REQUIREMENT.test(lower) ||
    EXCEPTION.test(lower) ||
    IMPERATIVE.test(lower) ||
    CONVENTION.test(lower);
  return states ? 'rule' : undefined;
}

/** The rules in the lines of a guidance output, in order, each with its kind; at most a couple of dozen. */
export function guidanceRules(lines: readonly string[]): { kind: EntryKind; text: string }[] {
  const rules: { kind: EntryKind; text: string }[] = [];
  let inCode = false;
  for (const raw of lines) {
    if (raw.startsWith('```')) inCode = !inCode;
    if (inCode || NOT_PROSE.test(raw)) continue;
    const line = raw
      .replace(/^(?:[-*•>]|\d+[.)]|\[[ x]\])\s+/, '')
      .replace(/\*\*|__/g, '')
      .trim();
    for (const sentence of splitSentences(line)) {
      const kind = guidanceKind(sentence);
      if (kind === undefined || sentence.length > MAX_RULE_CHARS) continue;
      rules.push({ kind, text: sentence });
      if (rules.length >= MAX_GUIDANCE_ENTRIES) return rules;
    }
  }
  return rules;
}

// A comment line of a source or config file, after an optional line number: "# …", "// …", "/* …", "* …", "-- …".
const COMMENT = /^(?:\d+[:|]?\s+)?(?:#+|\/\/+|\/\*+|\*|--|;+)\s*(.+?)(?:\s*\*\/)?$/;
const MAX_COMMENT_RULES = 8;

/**
 * The rules written as comments in a file the agent reads ("# never bump this image: the cluster pins it"): a
 * comment that forbids, restricts or requires is a rule. Comments that only describe code say none of these and
 * are left.
 */
export function commentRules(lines: readonly string[]): { kind: EntryKind; text: string }[] {
  const rules: { kind: EntryKind; text: string }[] = [];
  for (const line of lines) {
    const comment = line.match(COMMENT)?.[1];
    if (comment === undefined || comment.length > MAX_RULE_CHARS) continue;
    const lower = comment.toLowerCase().replace(/[’‘]/g, "'");
    if ((lower.match(/\p{L}{3,}/gu) ?? []).length < 4) continue;
    if (!(forbids(lower) || RESTRICTS.test(lower) || REQUIREMENT.test(lower))) continue;
    rules.push({ kind: 'rule', text: comment });
    if (rules.length >= MAX_COMMENT_RULES) break;
  }
  return rules;
}
