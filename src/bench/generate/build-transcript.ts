import { ValidationError } from '../../errors.js';
import type { Message } from '../../messages/types.js';
import { countTextTokens } from '../../tokens/count-text-tokens.js';
import { buryInToolOutput, type FillerShape, generateFiller, paraphrase } from '../filler/index.js';
import type { Prng } from '../random/prng.js';
import type { Difficulty, TemplateTurn } from '../template/template.js';
import { fillDeep } from './fill-placeholders.js';

/** What `buildTranscript` needs besides the template's turns. */
export interface TranscriptPlan {
  turns: readonly TemplateTurn[];
  difficulty: Difficulty;
  /** The whole transcript's approximate size; filler makes up what the template's own turns leave. */
  targetTokens: number;
  paraphraseDepth: number;
  /** Values filler must not contain: the case's variable values. */
  avoid: readonly string[];
  fill: (text: string, where: string) => string;
  values: ReadonlyMap<string, string>;
  prng: Prng;
  where: string;
}

/** A transcript in the making: messages, and the tags of the template turns they came from. */
export interface BuiltTranscript {
  messages: Message[];
  /** Message index → the tags of its template turn. */
  tags: Map<number, string[]>;
}

/** A slot to fill with filler once the size of everything else is known. */
interface FillerSlot {
  exchanges: number;
  block: number;
  shape: FillerShape;
  language: TemplateTurn['language'];
}

/** The messages of one template turn and its tags. */
interface TemplatePiece {
  messages: Message[];
  tags: readonly string[];
}

/**
 * Expands the template's turns into messages: text turns filled (user turns framed by paraphrase depth),
 * assistant tool calls with their paired tool messages (outputs buried when asked), and each
 * `distractor_block` replaced by realistic filler (exchanges, or agent-loop steps with `shape: steps`) sized so
 * the transcript lands near `targetTokens`.
 */
export function buildTranscript(plan: TranscriptPlan): BuiltTranscript {
  const pieces: (TemplatePiece | FillerSlot)[] = [];
  let fixedTokens = 0;
  let blocks = 0;
  plan.turns.forEach((turn, index) => {
    const where = `transcript.turns[${index}]`;
    if (turn.role === 'distractor_block') {
      pieces.push({
        exchanges: blockSize(turn.count, plan.fill, where, plan.where),
        block: blocks++,
        shape: turn.shape ?? 'exchanges',
        language: turn.language,
      });
      return;
    }
    const messages = expandTurn(turn, index, plan, where);
    for (const message of messages) fixedTokens += messageTokens(message);
    pieces.push({ messages, tags: turn.tags });
  });
  const totalExchanges = pieces.reduce((sum, piece) => sum + ('exchanges' in piece ? piece.exchanges : 0), 0);
  const fillerTokens = Math.max(0, plan.targetTokens - fixedTokens);
  const messages: Message[] = [];
  const tags = new Map<number, string[]>();
  for (const piece of pieces) {
    if ('messages' in piece) {
      if (piece.tags.length > 0) tags.set(messages.length, [...piece.tags]);
      messages.push(...piece.messages);
    } else if (piece.exchanges > 0) {
      messages.push(
        ...generateFiller({
          prng: plan.prng.fork(`filler:${piece.block}`),
          exchanges: piece.exchanges,
          targetTokens: Math.round((fillerTokens * piece.exchanges) / totalExchanges),
          avoid: plan.avoid,
          idPrefix: `b${piece.block}`,
          // The steps of one loop work in one repository, whichever block they are in.
          ...(piece.shape === 'steps' ? { shape: 'steps', workspacePrng: plan.prng.fork('workspace') } : {}),
          ...(piece.language === undefined ? {} : { language: piece.language }),
        }),
      );
    }
  }
  return { messages, tags };
}

function expandTurn(turn: TemplateTurn, index: number, plan: TranscriptPlan, where: string): Message[] {
  let content = plan.fill(turn.template ?? '', `${where}.template`);
  if (turn.role === 'user' && plan.paraphraseDepth > 0) {
    content = paraphrase(content, plan.paraphraseDepth, plan.prng.fork(`paraphrase:${index}`));
  }
  if (turn.toolCalls.length === 0) return [{ role: turn.role as Message['role'], content }];
  const calls = turn.toolCalls.map((call, callIndex) => ({
    id: `t${index}-call-${callIndex}`,
    name: call.name,
    arguments: fillDeep(
      call.arguments,
      plan.values,
      `${plan.where}: ${where}.tool_calls[${callIndex}].arguments`,
    ),
  }));
  const results: Message[] = turn.toolCalls.map((call, callIndex) => {
    const callWhere = `${where}.tool_calls[${callIndex}]`;
    const keyText = plan.fill(call.output, `${callWhere}.output`);
    const buryTokens = call.buryTokens[plan.difficulty] ?? 0;
    const output =
      buryTokens > 0
        ? buryInToolOutput({
            prng: plan.prng.fork(`bury:${index}:${callIndex}`),
            keyText,
            targetTokens: buryTokens,
            avoid: plan.avoid.filter((value) => !keyText.includes(value)),
          })
        : keyText;
    return {
      role: 'tool',
      content: output,
      toolCallId: `t${index}-call-${callIndex}`,
      toolName: call.name,
      ...(call.isError ? { isError: true } : {}),
    };
  });
  return [{ role: 'assistant', content, toolCalls: calls }, ...results];
}

function blockSize(
  count: string | number | undefined,
  fill: TranscriptPlan['fill'],
  path: string,
  template: string,
): number {
  if (count === undefined) return 1;
  const text = typeof count === 'number' ? String(count) : fill(count, `${path}.count`).trim();
  if (!/^\d+$/.test(text)) {
    throw new ValidationError([
      {
        where: `${template}: ${path}.count`,
        message: `expected a whole number of filler turns, got "${text}"`,
      },
    ]);
  }
  return Number(text);
}

function messageTokens(message: Message): number {
  let tokens = countTextTokens(message.content);
  for (const call of message.toolCalls ?? []) tokens += countTextTokens(JSON.stringify(call.arguments)) + 4;
  return tokens;
}
