import type { Command } from 'commander';
import {
  CACHE_MODES,
  type CacheMode,
  createLanguageModel,
  formatUsageSummary,
  UsageMeter,
} from '../llm/index.js';
import { openStore } from '../store/index.js';
import { parseChoice, parseWholeNumber } from './parse-options.js';

interface ModelsCheckOptions {
  prompt: string;
  maxTokens: number;
  cache: CacheMode;
  db?: string;
  timeout: number;
  maxReplyBytes?: number;
}

/** Characters of the reply `models check` prints: enough to see it works, never a flood. */
const REPLY_PREVIEW_CHARACTERS = 500;

/** The start of a reply, quoted, with how much was left out. */
function replyPreview(text: string): string {
  const characters = Array.from(text);
  if (characters.length <= REPLY_PREVIEW_CHARACTERS) return JSON.stringify(text);
  const rest = characters.length - REPLY_PREVIEW_CHARACTERS;
  return `${JSON.stringify(characters.slice(0, REPLY_PREVIEW_CHARACTERS).join(''))}… (${rest.toLocaleString('en-US')} more characters)`;
}

/** `compactkit models check SPEC`: one real call through the full middleware, to prove keys, URL and cache work. */
export function registerModelsCommand(program: Command): void {
  const models = program.command('models').description('language models: check a model spec end to end');
  models
    .command('check')
    .description(
      'send one short request to a model spec (openai:<model>, anthropic:<model>, ollama:<model>, openai-compatible:<model>@<baseURL>) and print the reply, tokens, cost and latency',
    )
    .argument('<spec>', 'model spec')
    .option('--prompt <text>', 'what to ask', 'Reply with the single word: ready')
    .option('--max-tokens <n>', 'output token limit', parseWholeNumber, 16)
    .option(
      '--cache <mode>',
      `record/replay mode: ${CACHE_MODES.join(', ')}`,
      parseChoice(CACHE_MODES),
      'read-write',
    )
    .option('--db <path>', 'the store file (default .compactkit/compactkit.db)')
    .option('--timeout <ms>', 'per-request timeout in milliseconds', parseWholeNumber, 60_000)
    .option(
      '--max-reply-bytes <n>',
      'fail a reply larger than this (default COMPACTKIT_MAX_REPLY_BYTES, else 1048576)',
      parseWholeNumber,
    )
    .action(async (spec: string, options: ModelsCheckOptions) => {
      const store = options.cache === 'off' ? undefined : openStore(options.db ? { path: options.db } : {});
      try {
        const meter = new UsageMeter();
        const model = createLanguageModel(spec, {
          timeoutMs: options.timeout,
          ...(options.maxReplyBytes === undefined ? {} : { maxReplyBytes: options.maxReplyBytes }),
          meter: { meter, label: 'models check' },
          ...(store ? { cache: { recorder: store.llmCalls, mode: options.cache } } : {}),
        });
        const reply = await model.complete({
          messages: [{ role: 'user', content: options.prompt }],
          maxTokens: options.maxTokens,
          temperature: 0,
        });
        const lines = [
          `model:    ${model.id}`,
          `reply:    ${replyPreview(reply.text)}`,
          `finish:   ${reply.finishReason}${reply.cached ? ' (replayed from the store: no request was sent)' : ''}`,
          `tokens:   ${reply.usage.inputTokens ?? '?'} in, ${reply.usage.outputTokens ?? '?'} out`,
          `cost:     ${reply.costUsd === undefined ? 'unknown (no price for this model)' : `$${reply.costUsd.toFixed(6)}`}`,
          `latency:  ${Math.round(reply.latencyMs)} ms`,
          ...(store ? [`recorded: ${store.path}`] : []),
          '',
          formatUsageSummary(meter.summary()),
        ];
        process.stdout.write(`${lines.join('\n')}\n`);
      } finally {
        store?.close();
      }
    });
}
