import {
  type BlockCompactionStrategy,
  findPairingProblem,
  splitSteps,
  TurnMap,
} from '../compaction/index.js';
import { compactorAsBlockStrategy } from '../compactors/engine-bridges/compactor-as-block-strategy.js';
import { loadCompactor } from '../compactors/registry/load-compactor.js';
import { parseMethodOptionArgs } from '../compactors/registry/method-options.js';
import type { Compactor } from '../compactors/types.js';
import { ValidationError } from '../errors.js';
import { createLanguageModel } from '../llm/create-language-model.js';
import type { Message } from '../messages/types.js';
import { parseSession, readSession, type Session, type SessionFormat } from '../sessions/index.js';
import type { TokenCounter } from '../tokens/index.js';
import { decodeUtf8 } from '../validation/decode-utf8.js';

/**
 * Reads the transcript from a file, or from standard input when `file` is `-`: any message format, a Claude
 * Code session or a Codex rollout, detected unless `format` names one.
 */
export async function loadTranscript(
  file: string,
  format: 'auto' | SessionFormat = 'auto',
): Promise<Session> {
  if (file !== '-') return readSession(file, { format });
  const chunks: Buffer[] = [];
  for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
  const { text, warning } = decodeUtf8(Buffer.concat(chunks), '<stdin>');
  const session = parseSession(text, {
    format,
    source: isJsonDocument(text) ? '<stdin>.json' : '<stdin>.jsonl',
  });
  return warning === undefined ? session : { ...session, warnings: [warning, ...session.warnings] };
}

/** True when the text is one JSON array, or one object with `messages`: a `.json` transcript; else JSONL. */
function isJsonDocument(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return Array.isArray(value) || (value !== null && typeof value === 'object' && 'messages' in value);
  } catch {
    return false;
  }
}

/** The method's compactor and block strategy, from `--method`, `--method-opt` and `--method-model`. */
export async function loadMethod(options: {
  method: string | undefined;
  methodOpt: readonly string[];
  methodModel: string | undefined;
}): Promise<{ compactor?: Compactor; strategy?: BlockCompactionStrategy }> {
  const name = options.method;
  if (name === undefined || name === 'default') {
    if (options.methodOpt.length > 0) {
      throw new ValidationError([
        { where: '--method-opt', message: 'options need a --method that takes them' },
      ]);
    }
    return {};
  }
  const given = parseMethodOptionArgs(options.methodOpt);
  for (const scope of given.keys()) {
    if (scope !== '*' && scope !== name) {
      throw new ValidationError([
        { where: `--method-opt ${scope}.…`, message: `method ${scope} is not --method ${name}` },
      ]);
    }
  }
  const compactor = await loadCompactor(name, { ...(given.get('*') ?? {}), ...(given.get(name) ?? {}) });
  if (compactor.needsModel === true && options.methodModel === undefined) {
    throw new ValidationError([
      {
        where: `--method ${name}`,
        message:
          'this method needs a language model: add --method-model <spec>, e.g. --method-model openai:gpt-4o-mini',
      },
    ]);
  }
  const model = options.methodModel === undefined ? undefined : createLanguageModel(options.methodModel);
  return { compactor, strategy: compactorAsBlockStrategy(compactor, model ? { model } : {}) };
}

/**
 * What the CLI refuses unless `--repair`: messages that break tool pairing, and a latest tool result that alone
 * exceeds the budget (the engine would cut it). One line naming the file, the message and the problem.
 */
export function checkTranscript(options: {
  file: string;
  messages: readonly Message[];
  budgetTokens: number;
  counter: TokenCounter;
}): void {
  const { file, messages, counter } = options;
  const problem = findPairingProblem(messages);
  if (problem) {
    throw new ValidationError([
      {
        where: `${file}: message ${problem.index + 1}`,
        message: `${problem.problem}; fix the transcript, or pass --repair to pair it (placeholders for missing results)`,
      },
    ]);
  }
  const turnMap = TurnMap.fromMessages(messages);
  const bounds = turnMap.turnMsgRange(turnMap.turnCount() - 1);
  if (!bounds) return;
  const { steps } = splitSteps(messages.slice(bounds[0], bounds[1]));
  const latest = steps[steps.length - 1];
  for (const message of latest?.messages ?? []) {
    if (message.role !== 'tool') continue;
    const tokens = counter.countMessage(message);
    if (tokens > options.budgetTokens) {
      const index = messages.indexOf(message);
      throw new ValidationError([
        {
          where: `${file}: message ${index + 1}`,
          message: `the latest tool result (${message.toolCallId}, ${tokens} tokens) alone exceeds the budget of ${options.budgetTokens} tokens; raise --budget or --max-context, or pass --repair to cut it (head and tail kept)`,
        },
      ]);
    }
  }
}
