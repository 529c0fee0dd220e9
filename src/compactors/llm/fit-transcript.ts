import type { Message } from '../../messages/types.js';
import { countTextTokens } from '../../tokens/count-text-tokens.js';
import { renderTranscriptText } from '../shared/render-transcript-text.js';

/** The transcript text one model call gets, and what had to be left out of it. */
export interface FittedTranscript {
  text: string;
  /** Turn numbers of the messages sent whole or in part. */
  includedTurns: number[];
  /** Says what was left out, for the artifact's `warnings`; absent when everything fit. */
  warning?: string;
}

/**
 * Share of the room kept for the opening; the rest goes to the end. The opening states the task and often
 * the first rules, the end holds the current state, and the middle is most often exploration that later
 * turns restate; the end gets more because the next step is read from it.
 */
const HEAD_SHARE = 0.4;

/** Tokens set aside for the line that marks the gap. */
const GAP_MARKER_TOKENS = 40;

interface Block {
  text: string;
  tokens: number;
  turn: number | undefined;
}

/**
 * The messages as text (see `renderTranscriptText`) within `maxTokens`. When they are longer, the opening and
 * the end are kept, a marker line stands where the middle was, and the warning names the turns left out: a
 * method never drops input without saying so.
 */
export function fitTranscript(
  messages: readonly Message[],
  maxTokens: number,
  method: string,
): FittedTranscript {
  const blocks: Block[] = messages.map((message) => {
    const text = renderTranscriptText([message]);
    // +1 for the newline that joins the block to the next.
    return { text, tokens: countTextTokens(text) + 1, turn: message.turn };
  });
  const total = blocks.reduce((sum, block) => sum + block.tokens, 0);
  if (total <= maxTokens) {
    return { text: renderTranscriptText(messages), includedTurns: turnsOf(blocks) };
  }

  const room = Math.max(0, maxTokens - GAP_MARKER_TOKENS);
  const head: string[] = [];
  const included = new Set<Block>();
  let used = 0;
  let headEnd = 0;
  let headCut = 0;
  const headRoom = Math.floor(room * HEAD_SHARE);
  for (; headEnd < blocks.length; headEnd++) {
    const block = blocks[headEnd]!;
    if (used + block.tokens > headRoom) {
      const prefix = prefixWithin(block.text, headRoom - used);
      if (prefix !== '') {
        head.push(prefix);
        included.add(block);
        used += countTextTokens(prefix) + 1;
        headCut = prefix.length;
      }
      break;
    }
    head.push(block.text);
    included.add(block);
    used += block.tokens;
  }

  const tail: string[] = [];
  for (let index = blocks.length - 1; index >= headEnd; index--) {
    const block = blocks[index]!;
    // The block the head was cut in only has its remainder left for the tail.
    const available = index === headEnd ? block.text.slice(headCut) : block.text;
    const tokens = index === headEnd ? countTextTokens(available) + 1 : block.tokens;
    if (used + tokens > room) {
      const suffix = suffixWithin(available, room - used);
      if (suffix !== '') {
        tail.unshift(suffix);
        included.add(block);
        used += countTextTokens(suffix) + 1;
      }
      break;
    }
    tail.unshift(available);
    included.add(block);
    used += tokens;
  }

  const omittedTurns = turnsOf(blocks.filter((block) => !included.has(block)));
  const range = describeTurns(omittedTurns);
  const marker = `[… about ${total - used} tokens of the transcript${range} left out here to keep the input within ${maxTokens} tokens …]`;
  return {
    text: [...head, marker, ...tail].join('\n'),
    includedTurns: turnsOf(blocks.filter((block) => included.has(block))),
    warning:
      `method ${method}: the transcript is about ${total} tokens, over maxInputTokens=${maxTokens}; ` +
      `kept its opening and end and left out about ${total - used} tokens in the middle${range}`,
  };
}

/** The longest start of the text within the tokens, ending at a whitespace when there is one. */
function prefixWithin(text: string, tokens: number): string {
  if (tokens <= 0) return '';
  const length = longestWithin(text.length, (length) => countTextTokens(text.slice(0, length)) <= tokens);
  const cut = text.slice(0, length);
  const space = cut.search(/\s\S*$/);
  return (space > 0 ? cut.slice(0, space) : cut).trimEnd();
}

/** The longest end of the text within the tokens, starting after a whitespace when there is one. */
function suffixWithin(text: string, tokens: number): string {
  if (tokens <= 0) return '';
  const length = longestWithin(
    text.length,
    (length) => countTextTokens(text.slice(text.length - length)) <= tokens,
  );
  const cut = text.slice(text.length - length);
  const space = cut.search(/\s/);
  return (space >= 0 && space < cut.length - 1 ? cut.slice(space + 1) : cut).trimStart();
}

/** The largest length in [0, max] that fits; a binary search, as the token count grows (near enough) with length. */
function longestWithin(max: number, fits: (length: number) => boolean): number {
  let low = 0;
  let high = max;
  while (low < high) {
    const middle = Math.ceil((low + high) / 2);
    if (fits(middle)) low = middle;
    else high = middle - 1;
  }
  return low;
}

function turnsOf(blocks: readonly Block[]): number[] {
  return [...new Set(blocks.flatMap((block) => (block.turn === undefined ? [] : [block.turn])))];
}

function describeTurns(turns: readonly number[]): string {
  if (turns.length === 0) return '';
  const first = Math.min(...turns);
  const last = Math.max(...turns);
  return first === last ? ` (turn ${first})` : ` (turns ${first}–${last})`;
}
