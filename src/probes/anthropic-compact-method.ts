import { z } from 'zod';
import { CompactkitError, ValidationError } from '../errors.js';
import { parseModelSpec } from '../llm/parse-model-spec.js';
import { ProviderError } from '../llm/provider-error.js';
import { sanitizeUrl } from '../llm/redact.js';
import { resolveProviderSettings } from '../llm/resolve-provider-settings.js';
import { toAnthropicMessages } from '../messages/anthropic.js';
import type { Message } from '../messages/types.js';
import { callSettings, type ProviderCallOptions, postProviderJson } from './post-provider-json.js';
import type { ProbeMethod } from './probe-method.js';
import { blind, renderContext } from './render-context.js';

/** The beta that enables server-side compaction, and the smallest trigger the API takes. */
const COMPACTION_BETA = 'compact-2026-01-12';
const MINIMUM_TRIGGER_TOKENS = 50_000;

/** What the Messages API returns that this method reads: the compaction block and why it stopped. */
interface CompactionReply {
  stop_reason?: string | null | undefined;
  content?: { type: string; content?: unknown }[] | undefined;
}

/**
 * The seed's opaque provider compression, Anthropic's way: the history is sent to the Messages API with the
 * compaction beta (`context_management.edits: [{type: 'compact_20260112', trigger, pause_after_compaction}]`),
 * and the `compaction` block the server returns is the compacted context (the API drops everything before it on
 * later requests). The server compacts only above its trigger (at least 50,000 input tokens); a history below it
 * is an error recorded on the rows, not a silent pass-through. `spec` is `anthropic:<model>`; key and base URL
 * as for every Anthropic model (`ANTHROPIC_API_KEY`, `ANTHROPIC_BASE_URL`).
 */
export function createAnthropicCompactMethod(
  spec: string,
  options: ProviderCallOptions & { triggerTokens?: number; instructions?: string } = {},
): ProbeMethod {
  const parsed = parseModelSpec(spec);
  if (parsed.provider !== 'anthropic')
    throw new ValidationError([
      { where: '--method-model', message: `anthropic-compact needs an anthropic:<model> spec, got ${spec}` },
    ]);
  const trigger = Math.max(MINIMUM_TRIGGER_TOKENS, options.triggerTokens ?? MINIMUM_TRIGGER_TOKENS);
  return {
    name: 'anthropic-compact',
    async compact(history, { counter }) {
      const settings = resolveProviderSettings(parsed, options);
      const tokensBefore = counter.countMessages([...history]);
      // The API answers a user turn: the history ends where an agent would compact, before the next request.
      const conversation = toAnthropicMessages(
        [...history, { role: 'user', content: 'Continue where we left off.' }],
        { onUnsupportedPart: 'placeholder' },
      );
      const url = `${settings.baseURL.replace(/\/+$/, '')}/messages`;
      const value = await postProviderJson({
        caller: 'anthropic-compact',
        spec,
        url,
        headers: {
          'x-api-key': settings.apiKey ?? '',
          'anthropic-version': '2023-06-01',
          'anthropic-beta': COMPACTION_BETA,
        },
        body: {
          model: parsed.model,
          max_tokens: 4096,
          ...(conversation.system ? { system: conversation.system } : {}),
          messages: conversation.messages,
          context_management: {
            edits: [
              {
                type: 'compact_20260112',
                trigger: { type: 'input_tokens', value: trigger },
                pause_after_compaction: true,
                ...(options.instructions ? { instructions: options.instructions } : {}),
              },
            ],
          },
        },
        apiKey: settings.apiKey,
        ...callSettings(options),
      });
      const reply = parseReply(value, spec, url);
      const block = reply.content?.find((part) => part.type === 'compaction');
      if (block === undefined || typeof block.content !== 'string') {
        throw new CompactkitError(
          'method_failed',
          `anthropic-compact: the server did not compact (stop_reason ${reply.stop_reason ?? 'none'}); the history has ${tokensBefore} tokens and the trigger is ${trigger}`,
        );
      }
      const messages: Message[] = [{ role: 'user', content: `[Compaction summary]\n${block.content}` }];
      return {
        messages,
        text: blind(renderContext(messages), 'anthropic-compact'),
        tokensBefore,
        tokensAfter: counter.countMessages(messages),
      };
    },
  };
}

/** The part of a Messages API reply this method reads; other fields are left alone. */
const replySchema = z.looseObject({
  stop_reason: z.string().nullish(),
  content: z.array(z.looseObject({ type: z.string(), content: z.unknown().optional() })).optional(),
});

function parseReply(value: unknown, spec: string, url: string): CompactionReply {
  const parsed = replySchema.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ProviderError(
    `anthropic-compact: POST ${sanitizeUrl(url)} answered JSON that is not a Messages API reply`,
    {
      modelId: spec,
      reason: 'invalid-response',
      isRetryable: false,
      attempts: 1,
      responseBody: JSON.stringify(value).slice(0, 500),
    },
  );
}
