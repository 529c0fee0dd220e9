import type { TokenCounter } from '../tokens/index.js';
import { cutTextToTokens } from './cut-text-to-tokens.js';
import { formatTurns } from './format-turns.js';
import type { TurnSummary } from './summarize-turn.js';

/** Below this many tokens of room, a line that does not fit is left out rather than cut. */
const MIN_CUT_TOKENS = 24;

/** What a budgeted summary kept and what gave way. */
export interface BudgetedSummary {
  /** The summary text; empty when nothing fit. */
  text: string;
  /** Turns whose activity line was left out for the budget, oldest first. */
  omittedActivityTurns: number[];
  /** Turns whose instruction lines were left out for the budget (only when instructions alone overflow). */
  omittedInstructionTurns: number[];
  /** Human-readable notes for the block's warnings. */
  warnings: string[];
}

/** Inputs of `summarizeWithinBudget`. */
export interface SummarizeWithinBudgetInput {
  header: string;
  /** One short line used when not even the header and notes fit the budget. */
  fallback: string;
  summaries: readonly TurnSummary[];
  budgetTokens: number;
  counter: TokenCounter;
  focus?: string;
}

/**
 * Joins per-turn summaries into one text of at most `budgetTokens` tokens.
 *
 * Priority: user and system lines that state a rule, constraint or decision first; then the lines of turns
 * that match the focus; then everything else. Within a priority the newest lines win, so when the budget runs
 * out the OLDEST turns give way, and the first line that does not fit is cut into the room left. Whatever is left
 * out or cut is named in a closing line, never dropped silently.
 */
export function summarizeWithinBudget(input: SummarizeWithinBudgetInput): BudgetedSummary {
  const { header, summaries, budgetTokens, counter } = input;
  const focusTerms = termsOf(input.focus);
  type Candidate = {
    turn: number;
    order: number;
    line: string;
    tokens: number;
    kind: 'instruction' | 'activity';
    isRule: boolean;
    /** True once the line was cut to the room left. */
    cut?: boolean;
  };
  const candidates: Candidate[] = [];
  let order = 0;
  for (const summary of summaries) {
    for (const { line, isRule } of summary.instructionLines) {
      const tokens = counter.countText(line) + 1;
      candidates.push({ turn: summary.turn, order: order++, line, tokens, kind: 'instruction', isRule });
    }
    if (summary.activityLine) {
      const line = summary.activityLine;
      const tokens = counter.countText(line) + 1;
      candidates.push({ turn: summary.turn, order: order++, line, tokens, kind: 'activity', isRule: false });
    }
  }
  const matchesFocus = new Set(
    summaries
      .filter((summary) => focusTerms.some((term) => summary.searchText.includes(term)))
      .map((s) => s.turn),
  );
  const rank = (candidate: Candidate): number =>
    candidate.isRule ? 0 : matchesFocus.has(candidate.turn) ? 1 : 2;
  const byPriority = [...candidates].sort((a, b) => rank(a) - rank(b) || b.order - a.order);

  // Reserve the header and a little for the closing note; the overflow pass below settles the rest exactly.
  const reserve = counter.countText(header) + 12;
  let used = reserve;
  const chosen = new Set<Candidate>();
  for (const candidate of byPriority) {
    if (used + candidate.tokens > budgetTokens) continue;
    chosen.add(candidate);
    used += candidate.tokens;
  }
  // The line that first did not fit is cut (head and tail kept) into the room left rather than dropped whole:
  // one long turn would otherwise leave the summary a header and a note while most of its budget stays unused.
  const cutCandidate = byPriority.find((candidate) => !chosen.has(candidate));
  // Its note costs what the reserve does not cover, so the room left is what the cut may take.
  const cutRoom =
    budgetTokens -
    used -
    counter.countText(cutNote([cutCandidate?.turn ?? 0], cutCandidate?.kind ?? 'activity')) -
    2;
  if (cutCandidate && cutRoom >= MIN_CUT_TOKENS) {
    cutCandidate.line = cutTextToTokens({
      text: cutCandidate.line,
      maxTokens: cutRoom,
      counter,
      what: 'summary line',
    });
    cutCandidate.tokens = counter.countText(cutCandidate.line) + 1;
    cutCandidate.cut = true;
    chosen.add(cutCandidate);
    used += cutCandidate.tokens;
  }
  const render = (): BudgetedSummary => {
    const omittedActivity = uniqueTurns(candidates.filter((c) => c.kind === 'activity' && !chosen.has(c)));
    const omittedInstruction = uniqueTurns(
      candidates.filter((c) => c.kind === 'instruction' && !chosen.has(c)),
    );
    const notes: string[] = [];
    const warnings: string[] = [];
    const cut = candidates.find((c) => c.cut && chosen.has(c));
    if (cut) notes.push(cutNote([cut.turn], cut.kind));
    if (omittedActivity.length > 0) {
      notes.push(
        `activity of ${omittedActivity.length} turn(s) omitted for the summary budget: ${formatTurns(omittedActivity)}`,
      );
    }
    if (omittedInstruction.length > 0) {
      const note = `user/system messages of ${omittedInstruction.length} turn(s) omitted for the summary budget: ${formatTurns(omittedInstruction)}`;
      notes.push(note);
      warnings.push(note);
    }
    const lines = candidates.filter((candidate) => chosen.has(candidate)).map((candidate) => candidate.line);
    const text = [header, ...lines, ...notes.map((note) => `[${note}]`)].join('\n');
    return {
      text,
      omittedActivityTurns: omittedActivity,
      omittedInstructionTurns: omittedInstruction,
      warnings,
    };
  };
  let result = render();
  // Per-line sums only estimate the joined text: on overflow, the oldest activity line goes first, then instructions.
  // Victims are removed in batches worth the overflow, so this converges in a few renders, not one per line.
  for (let overflow = counter.countText(result.text) - budgetTokens; overflow > 0 && chosen.size > 0; ) {
    // Give way in reverse priority: lowest rank first, and the oldest line within a rank.
    const victims = candidates
      .filter((c) => chosen.has(c))
      .sort((a, b) => rank(b) - rank(a) || a.order - b.order);
    let freed = 0;
    for (const victim of victims) {
      if (freed >= overflow) break;
      chosen.delete(victim);
      freed += victim.tokens;
    }
    result = render();
    overflow = counter.countText(result.text) - budgetTokens;
  }
  if (counter.countText(result.text) > budgetTokens) {
    // Not even the header and the omission notes fit: a one-line marker still says what was compacted,
    // because an empty section would make the middle vanish without a trace.
    const omittedInstructionTurns = uniqueTurns(candidates.filter((c) => c.kind === 'instruction'));
    const instructionNote = omittedInstructionsNote(omittedInstructionTurns);
    const warning = `summary budget of ${budgetTokens} tokens is too small for the summary header; only a marker was kept`;
    return {
      text: `${input.fallback}${instructionNote}`,
      omittedActivityTurns: uniqueTurns(candidates.filter((c) => c.kind === 'activity')),
      omittedInstructionTurns,
      warnings: [...result.warnings, warning],
    };
  }
  return result;
}

/** The line a summary reduced to its marker adds for the turns whose user and system messages it left out. */
export function omittedInstructionsNote(turns: readonly number[]): string {
  return turns.length > 0
    ? `\n[user/system messages of ${turns.length} turn(s) omitted for the summary budget: ${formatTurns(turns)}]`
    : '';
}

// A cut user or system message says so: what is left of it may be a few characters, and the note is how the
// reader knows an instruction was there.
function cutNote(turns: readonly number[], kind: 'instruction' | 'activity'): string {
  const what = kind === 'instruction' ? 'a user/system message' : 'a line';
  return `${what} of turn(s) ${formatTurns(turns)} was cut to fit the summary budget`;
}

function termsOf(focus: string | undefined): string[] {
  if (!focus) return [];
  return [...new Set(focus.toLowerCase().split(/[^\p{L}\p{N}_./-]+/u))].filter((term) => term.length >= 3);
}

function uniqueTurns(candidates: readonly { turn: number }[]): number[] {
  return [...new Set(candidates.map((candidate) => candidate.turn))].sort((a, b) => a - b);
}
