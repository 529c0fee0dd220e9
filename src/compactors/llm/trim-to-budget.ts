import { MAX_ARTIFACT_ITEM_CHARACTERS, MAX_ARTIFACT_LIST_ITEMS } from '../../artifact/artifact-limits.js';
import { countTextTokens } from '../../tokens/count-text-tokens.js';
import { KEPT_KEYS, type KeptKey, type KeptSections } from './summary-sections.js';

/**
 * The order sections give up items when a sectioned summary is over its budget, least needed first: how
 * past errors were fixed and what was being done go before facts, and the rules and decisions that keep the
 * agent from repeating a mistake go last.
 */
export const TRIM_ORDER: readonly KeptKey[] = [
  'errorsAndFixes',
  'currentWork',
  'deferredItems',
  'intent',
  'nextStep',
  'immutableFacts',
  'unresolvedItems',
  'userInstructions',
  'lockedDecisions',
  'forbiddenBehaviors',
];

/** What trimming removed, for a warning. */
export interface TrimResult<T> {
  value: T;
  /** Items (or lines) removed; 0 when it already fit. */
  removed: number;
  /** Tokens of the rendered result. */
  tokens: number;
}

/** Options of `trimKeptToTokens`. */
export interface TrimKeptOptions {
  kept: KeptSections;
  maxTokens: number;
  render: (kept: KeptSections) => string;
  /** Remove from the front of each list (oldest first, for summaries that append), else from the end. */
  dropOldest: boolean;
}

/**
 * The sections within `maxTokens` of `render`'s text, removing items in `TRIM_ORDER`: first down to one item
 * per section, then the last ones, so a section goes whole only when every cheaper cut is made. `dropOldest`
 * removes from the front of a list (an iterative summary appends, so the front is oldest), else from the end.
 */
export function trimKeptToTokens(options: TrimKeptOptions): TrimResult<KeptSections> {
  const { kept, maxTokens, render, dropOldest } = options;
  const trimmed = Object.fromEntries(
    KEPT_KEYS.map((key) => [key, [...kept[key]]]),
  ) as unknown as KeptSections;
  let tokens = countTextTokens(render(trimmed));
  let removed = 0;
  for (const floor of [1, 0]) {
    for (const key of TRIM_ORDER) {
      const list = trimmed[key];
      while (tokens > maxTokens && list.length > floor) {
        // Remove about as many items as the excess needs, then count exactly again.
        let excess = tokens - maxTokens;
        while (excess > 0 && list.length > floor) {
          const item = dropOldest ? list.shift() : list.pop();
          excess -= countTextTokens(`- ${item ?? ''}`) + 1;
          removed++;
        }
        tokens = countTextTokens(render(trimmed));
      }
    }
  }
  return { value: trimmed, removed, tokens };
}

/**
 * The leading lines of the text within `maxTokens` (the prompts put what matters most first, so the end goes
 * first); when even the first line is too long, its leading words.
 */
export function trimTextToTokens(text: string, maxTokens: number): TrimResult<string> {
  const tokens = countTextTokens(text);
  if (tokens <= maxTokens) return { value: text, removed: 0, tokens };
  const lines = text.split('\n');
  let used = 0;
  let kept = 0;
  for (const line of lines) {
    const cost = countTextTokens(line) + 1;
    if (used + cost > maxTokens) break;
    used += cost;
    kept++;
  }
  if (kept > 0) {
    const value = lines.slice(0, kept).join('\n').trimEnd();
    return { value, removed: lines.length - kept, tokens: countTextTokens(value) };
  }
  const words = (lines[0] ?? '').split(' ');
  let value = '';
  for (const word of words) {
    const next = value === '' ? word : `${value} ${word}`;
    if (countTextTokens(next) > maxTokens) break;
    value = next;
  }
  return { value, removed: lines.length, tokens: countTextTokens(value) };
}

/**
 * The sections within the artifact's size limits: an item longer than `MAX_ARTIFACT_ITEM_CHARACTERS` is cut,
 * a list longer than `MAX_ARTIFACT_LIST_ITEMS` loses its oldest (or last) items. Returns the warnings.
 */
export function limitKept(kept: KeptSections, dropOldest: boolean, method: string): string[] {
  const warnings: string[] = [];
  for (const key of KEPT_KEYS) {
    let list = kept[key];
    if (list.length > MAX_ARTIFACT_LIST_ITEMS) {
      const over = list.length - MAX_ARTIFACT_LIST_ITEMS;
      list = dropOldest ? list.slice(over) : list.slice(0, MAX_ARTIFACT_LIST_ITEMS);
      warnings.push(
        `method ${method}: ${key} had ${over} items over the limit of ${MAX_ARTIFACT_LIST_ITEMS}; removed`,
      );
    }
    let cut = 0;
    kept[key] = list.map((item) => {
      if (item.length <= MAX_ARTIFACT_ITEM_CHARACTERS) return item;
      cut++;
      return `${item.slice(0, MAX_ARTIFACT_ITEM_CHARACTERS - 1)}…`;
    });
    if (cut > 0) {
      warnings.push(
        `method ${method}: ${cut} item(s) of ${key} were cut to ${MAX_ARTIFACT_ITEM_CHARACTERS} characters`,
      );
    }
  }
  return warnings;
}
