import { emptyArtifact } from '../../artifact/empty-artifact.js';
import { clip, findErrorLine } from '../../compaction/truncate-tool-output.js';
import type { Message, ToolCall } from '../../messages/types.js';
import { countTextTokens } from '../../tokens/count-text-tokens.js';
import type { MethodDefinition } from '../registry/method-definition.js';
import {
  ENTRY_LENGTHS_KEY,
  entryLengths,
  fitEntries,
  highestTurn,
  joinEntries,
  type KeptEntry,
  numberTurns,
  recoverEntries,
  renderEntry,
  sourceTurnsOf,
  turnStarts,
} from '../shared/kept-entries.js';

/** Lindenbauer et al. 2025 ("The Complexity Trap") kept the latest 10 turns' observations. */
const DEFAULT_KEEP_RECENT_TURNS = 10;
const OPEN_OUTPUTS_KEY = 'openOutputs';
/** Past this many JSON characters the open outputs are left out of metadata (all metadata: 100,000). */
const MAX_OPEN_OUTPUTS_JSON_CHARACTERS = 30_000;
const MAX_ARGUMENT_STRING_CHARACTERS = 60;
const MAX_ARGUMENTS_CHARACTERS = 160;
const MAX_ERROR_LINE_CHARACTERS = 200;

/** A tool output still shown in full, with what its placeholder will need once it leaves the window. */
interface OpenOutput {
  /** Where the output itself starts in the entry's text (after `[turn N] tool name: `). */
  contentStart: number;
  /** The tool and its shortened arguments, e.g. `read_file {"path":"src/a.ts"}`. */
  call: string;
  failed: boolean;
}

type MaskEntry = KeptEntry & { open?: OpenOutput };

/**
 * `observation-masking`: tool outputs older than the last `keepRecentTurns` turns are replaced by a one-line
 * placeholder naming the tool, its shortened arguments and the output's size, e.g.
 * `[output of read_file {"path":"src/a.ts"} omitted: 2,314 tokens, 180 lines]`; everything else stays
 * verbatim. A failed output is masked too, but its placeholder keeps the output's error line, which is what
 * the agent needs of it later. An output whose placeholder would not be shorter stays as it is. In a drift
 * cycle, outputs the previous artifact masked stay masked and those that leave the window are masked then.
 * With a budget the oldest turns are dropped, as in `truncate-last-n`.
 */
export const observationMaskingMethod: MethodDefinition = {
  name: 'observation-masking',
  version: '1.0.0',
  description: 'Baseline: masks tool outputs older than the recent turns with a one-line placeholder.',
  needsModel: false,
  deterministic: true,
  options: {
    keepRecentTurns: {
      type: 'integer',
      default: DEFAULT_KEEP_RECENT_TURNS,
      min: 0,
      description: 'Turns whose tool outputs stay in full (default 10, as in Lindenbauer et al. 2025).',
    },
  },
  create(options) {
    const keepRecentTurns = Number(options.keepRecentTurns ?? DEFAULT_KEEP_RECENT_TURNS);
    return {
      async compact({ transcript, previousArtifact, budgetTokens }, context) {
        context.signal?.throwIfAborted();
        const earlier = recoverOpenEntries(previousArtifact);
        const added = numberTurns(transcript, highestTurn(earlier.entries));
        const entries = [...earlier.entries, ...openEntries(added)];
        const starts = turnStarts(entries);
        const windowStart = starts[Math.max(0, starts.length - keepRecentTurns)] ?? entries.length;
        let maskedOutputs = 0;
        let maskedTokens = 0;
        const masked = entries.map((entry, index) => {
          if (index >= windowStart || !entry.open) return entry;
          const result = maskEntry(entry, entry.open);
          maskedOutputs += result.tokens > 0 ? 1 : 0;
          maskedTokens += result.tokens;
          return result.entry;
        });
        const fitted = fitEntries(masked, budgetTokens);
        const metadata = previousArtifact?.methodMetadata;
        const index = entryLengths(fitted.entries);
        const open = fitted.entries.flatMap((entry: MaskEntry, position) =>
          entry.open ? [[position, entry.open.contentStart, entry.open.call, entry.open.failed ? 1 : 0]] : [],
        );
        const openFits =
          index.lengths !== undefined && JSON.stringify(open).length <= MAX_OPEN_OUTPUTS_JSON_CHARACTERS;
        return {
          ...emptyArtifact(),
          summaryText: joinEntries(fitted.entries),
          selectedSourceTurnIds: sourceTurnsOf(fitted.entries),
          warnings: [
            ...earlier.warnings,
            ...fitted.warnings,
            ...(index.warning ? [index.warning] : []),
            ...(open.length > 0 && !openFits
              ? ['too many tool outputs in the window to index; the next cycle cannot mask them']
              : []),
          ],
          methodMetadata: {
            keepRecentTurns,
            maskedOutputs: (Number(metadata?.maskedOutputs ?? 0) || 0) + maskedOutputs,
            maskedTokens: (Number(metadata?.maskedTokens ?? 0) || 0) + maskedTokens,
            ...(index.lengths ? { [ENTRY_LENGTHS_KEY]: index.lengths } : {}),
            ...(openFits ? { [OPEN_OUTPUTS_KEY]: open } : {}),
          },
        };
      },
    };
  },
};

/** Entries of new messages; each tool output is open, with its call found by id anywhere in the messages. */
function openEntries(messages: readonly Message[]): MaskEntry[] {
  const calls = new Map<string, ToolCall>();
  for (const message of messages) for (const call of message.toolCalls ?? []) calls.set(call.id, call);
  return messages.map((message) => {
    const entry = renderEntry(message);
    if (message.role !== 'tool') return entry;
    const call = message.toolCallId === undefined ? undefined : calls.get(message.toolCallId);
    return {
      ...entry,
      open: {
        contentStart: entry.text.length - message.content.length,
        call: describeCall(call, message.toolName),
        failed: message.isError === true,
      },
    };
  });
}

/** The previous artifact's entries, with its open outputs marked again. */
function recoverOpenEntries(
  artifact: Parameters<typeof recoverEntries>[0],
): ReturnType<typeof recoverEntries> & { entries: MaskEntry[] } {
  const recovered = recoverEntries(artifact);
  const open = artifact?.methodMetadata[OPEN_OUTPUTS_KEY];
  if (!recovered.exact || !Array.isArray(open)) return recovered;
  const entries: MaskEntry[] = [...recovered.entries];
  for (const row of open) {
    if (!Array.isArray(row)) continue;
    const [position, contentStart, call, failed] = row as unknown[];
    const entry = typeof position === 'number' ? entries[position] : undefined;
    if (!entry || typeof contentStart !== 'number' || typeof call !== 'string') continue;
    if (!Number.isInteger(contentStart) || contentStart < 0 || contentStart > entry.text.length) continue;
    entries[position as number] = { ...entry, open: { contentStart, call, failed: failed === 1 } };
  }
  return { ...recovered, entries };
}

/** The entry with its output replaced by a placeholder, and the output's tokens (0 when kept as it was). */
function maskEntry(entry: KeptEntry, open: OpenOutput): { entry: KeptEntry; tokens: number } {
  const settled = { turn: entry.turn, text: entry.text, sourceTurns: entry.sourceTurns };
  const output = entry.text.slice(open.contentStart);
  const tokens = countTextTokens(output);
  const placeholder = placeholderOf(open, output, tokens);
  if (countTextTokens(placeholder) >= tokens) return { entry: settled, tokens: 0 };
  return { entry: { ...settled, text: `${entry.text.slice(0, open.contentStart)}${placeholder}` }, tokens };
}

function placeholderOf(open: OpenOutput, output: string, tokens: number): string {
  const lines = output === '' ? 0 : output.split('\n').length - (output.endsWith('\n') ? 1 : 0);
  const size = `${plural(tokens, 'token')}, ${plural(lines, 'line')}`;
  if (!open.failed) return `[output of ${open.call} omitted: ${size}]`;
  const outputLines = output.split('\n').map((line) => line.trim());
  const errorLine = findErrorLine(outputLines) ?? outputLines.find((line) => line !== '') ?? '';
  const error = errorLine === '' ? '' : `; its error: ${clip(errorLine, MAX_ERROR_LINE_CHARACTERS)}`;
  return `[output of ${open.call} omitted: ${size}${error}]`;
}

/** `read_file {"path":"src/a.ts"}`: the tool and its arguments as one line, long strings clipped. */
function describeCall(call: ToolCall | undefined, toolName: string | undefined): string {
  const name = (call?.name ?? toolName ?? 'a tool').replace(/\s+/g, ' ');
  if (!call) return name;
  const json = JSON.stringify(clipStrings(call.arguments, 0)) ?? '';
  return json === '' ? name : `${name} ${clip(json, MAX_ARGUMENTS_CHARACTERS)}`;
}

function clipStrings(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clip(value, MAX_ARGUMENT_STRING_CHARACTERS);
  // The whole description is clipped anyway; this only bounds the work on huge or deep arguments.
  if (depth > 8) return '…';
  if (Array.isArray(value)) return value.slice(0, 20).map((item) => clipStrings(item, depth + 1));
  if (value !== null && typeof value === 'object') {
    const fields = Object.entries(value).slice(0, 20);
    return Object.fromEntries(fields.map(([key, item]) => [key, clipStrings(item, depth + 1)]));
  }
  return value;
}

function plural(count: number, noun: string): string {
  const grouped = String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${grouped} ${noun}${count === 1 ? '' : 's'}`;
}
