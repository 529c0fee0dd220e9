/**
 * Rules that reach the session inside a tool output: a CONTRIBUTING.md or AGENTS.md the agent reads, a code
 * review comment, a ticket. They bind the agent as much as the user's own words, so each rule line is kept as a
 * rule (or, when it requires rather than forbids, as a decision), with the output it came from.
 */
import { EXCEPTION, PROHIBITION, REQUIREMENT } from './cue-patterns.js';
import type { EntryKind } from './ledger-entry.js';
import { splitSentences } from './split-sentences.js';

/** Outputs written for the agent to follow: project guides, review comments, tickets and issues. */
const GUIDANCE_SOURCE =
  /contributing|agents?\.md|claude\.md|gemini\.md|copilot-instructions|conventions?|guidelines?|style[-_ ]?guide|\brules\b|polic(?:y|ies)|code_of_conduct|cursorrules|windsurfrules|hacking|readme|runbook|playbook|review|comment|ticket|issue|jira|linear|pull[-_ ]?request|\bgh pr\b|\bpr[-_ ]view\b/i;

// A line that opens with a verb telling the reader what to do ("Run make lint before pushing").
const IMPERATIVE =
  /^(?:please )?(?:use|run|keep|write|add|put|prefer|follow|name|open|squash|rebase|sign|tag|document|update|include|mark|ask|link|target|format|lint|test|check|make|bump|pin|avoid|leave|ensure|wrap|return|log|create|commit|push|merge|branch|pass|call|import|export|declare|store|place|prefix|start|limit|hold|request|reference|mention|describe|explain|attach|assign|label|close|regenerate|rename|move|split|stick|route|send|review|get|wait|talk|ping|reach|treat|remember|stay|only|target)\b/;

// Statements of how the project works ("We squash-merge", "PRs need one approval", "Reviews should …").
const CONVENTION =
  /\b(?:should|shouldn'?t|needs?|need to|required|requires|is expected|are expected|expected to|only|prefer(?:red)?|by convention|please|rather than|instead of|belongs? (?:in|to|under)|goes (?:in|under)|lives? (?:in|under))\b|, not\b|^(?:we|all|every|each|any|new) /;

// Lines that are code, commands, tables or headings, not prose.
const NOT_PROSE = /^(?:#|```|\$ |\||<)|[{};]\s*$|=>|^\s*[\w.]+\(|^[\w-]+:\s*$/;

const MAX_GUIDANCE_ENTRIES = 24;
const MAX_RULE_CHARS = 300;

/** Whether an output is one whose rules bind the agent: what the call read or ran, or the tool's name. */
export function isGuidanceSource(source: string): boolean {
  return GUIDANCE_SOURCE.test(source);
}

/** The rule a sentence of a guidance output states, as the kind it is kept as; undefined for anything else. */
export function guidanceKind(sentence: string): EntryKind | undefined {
  const lower = sentence.toLowerCase().replace(/[’‘]/g, "'");
  if (lower.split(/\s+/).length < 3 || /\?\s*$/.test(lower)) return undefined;
  if (PROHIBITION.test(lower) && !EXCEPTION.test(lower)) return 'rule';
  if (REQUIREMENT.test(lower) || EXCEPTION.test(lower) || IMPERATIVE.test(lower) || CONVENTION.test(lower))
    return 'decision';
  return undefined;
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
