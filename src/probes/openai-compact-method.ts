import { z } from 'zod';
import { ValidationError } from '../errors.js';
import { formatModelSpec, parseModelSpec } from '../llm/parse-model-spec.js';
import { ProviderError } from '../llm/provider-error.js';
import { sanitizeUrl } from '../llm/redact.js';
import { resolveProviderSettings } from '../llm/resolve-provider-settings.js';
import type { Message } from '../messages/types.js';
import { callSettings, type ProviderCallOptions, postProviderJson } from './post-provider-json.js';
import type { ProbeMethod } from './probe-method.js';
import { blind, renderContext } from './render-context.js';
import { toResponsesInput } from './responses-input.js';

const METHOD = 'openai-compact';

/** What this method reads of a compacted response; the items themselves are kept as parsed, unvalidated. */
const compactionReplySchema = z.looseObject({
  output: z.array(z.unknown()),
  usage: z.looseObject({ output_tokens: z.number().int().nonnegative().optional() }).nullish(),
});
const compactionItemSchema = z.looseObject({ type: z.literal('compaction'), encrypted_content: z.string() });
const messageItemSchema = z.looseObject({
  type: z.literal('message').optional(),
  role: z.enum(['user', 'assistant', 'system', 'developer']),
  content: z.union([z.string(), z.array(z.looseObject({ type: z.string(), text: z.string().optional() }))]),
});

/**
 * The seed's opaque provider compression, OpenAI's way: the history is sent as Responses API items to
 * `POST /responses/compact` (`model`, `input`, and the leading system prompt as `instructions`), and the `output`
 * list it returns (the user messages it kept and one `compaction` item whose `encrypted_content` only OpenAI can
 * read) is the compacted window. The items are kept exactly as returned, in the context's `window`: a model
 * answerer sends them back to `POST /responses` as they are, and the lexical reader refuses them. `text` (what the
 * judge sees) shows the readable items and marks the opaque one. `spec` is `openai:<model>`; key and base URL as
 * for every OpenAI model (`OPENAI_API_KEY`, `OPENAI_BASE_URL`); `--budget` does not apply (the server decides).
 * @example
 * const method = createOpenAICompactMethod('openai:gpt-5.1-codex-max');
 * const run = await runProbes({ sessions, methods: [method], answerer: createModelAnswerer(model), judge });
 */
export function createOpenAICompactMethod(
  spec: string,
  options: ProviderCallOptions & { where?: string } = {},
): ProbeMethod {
  const parsed = parseModelSpec(spec);
  if (parsed.provider !== 'openai')
    throw new ValidationError([
      { where: options.where ?? '--model', message: `${METHOD} needs an openai:<model> spec, got ${spec}` },
    ]);
  const modelId = formatModelSpec(parsed);
  return {
    name: METHOD,
    async compact(history, { counter }) {
      const settings = resolveProviderSettings(parsed, options);
      const url = `${settings.baseURL.replace(/\/+$/, '')}/responses/compact`;
      const { instructions, input } = toResponsesInput(history);
      const reply = await postProviderJson({
        caller: METHOD,
        spec: modelId,
        url,
        headers: { authorization: `Bearer ${settings.apiKey ?? ''}` },
        body: { model: parsed.model, input, ...(instructions !== undefined ? { instructions } : {}) },
        apiKey: settings.apiKey,
        ...callSettings(options),
      });
      const fail = (what: string) =>
        new ProviderError(`${METHOD}: POST ${sanitizeUrl(url)} answered ${what}`, {
          modelId,
          reason: 'invalid-response',
          isRetryable: false,
          attempts: 1,
          url: sanitizeUrl(url),
          responseBody: JSON.stringify(reply).slice(0, 500),
        });
      const compacted = compactionReplySchema.safeParse(reply);
      if (!compacted.success) throw fail('a JSON value with no output list');
      const items = compacted.data.output;
      const opaque = items.filter((item) => compactionItemSchema.safeParse(item).success);
      if (opaque.length === 0) throw fail(`with no compaction item (output item types: ${typesOf(items)})`);
      const readable = readableMessages(items);
      const outputTokens = compacted.data.usage?.output_tokens;
      return {
        messages: readable,
        text: blind(renderContext(readable), METHOD),
        tokensBefore: counter.countMessages([...history]),
        // The encrypted item has no text to count: what the server generated for it stands in for its size.
        tokensAfter: counter.countMessages(readable) + (outputTokens ?? 0),
        window: { api: 'openai-responses', method: METHOD, items },
      };
    },
  };
}

/** The window as messages for the judge: readable message items as they are, each opaque item as a marker. */
function readableMessages(items: readonly unknown[]): Message[] {
  const messages: Message[] = [];
  for (const item of items) {
    const compaction = compactionItemSchema.safeParse(item);
    if (compaction.success) {
      messages.push({
        role: 'user',
        content: `[Compaction: an opaque encrypted item of ${compaction.data.encrypted_content.length} characters; only the provider's model can read it]`,
      });
      continue;
    }
    const message = messageItemSchema.safeParse(item);
    if (!message.success) continue;
    const { role, content } = message.data;
    const text =
      typeof content === 'string'
        ? content
        : content.flatMap((part) => (part.text ? [part.text] : [])).join('\n');
    messages.push({ role: role === 'developer' ? 'system' : role, content: text });
  }
  return messages;
}

function typesOf(items: readonly unknown[]): string {
  if (items.length === 0) return 'none';
  return items
    .map((item) => {
      const typed = z.looseObject({ type: z.string() }).safeParse(item);
      return typed.success ? typed.data.type : typeof item;
    })
    .join(', ');
}
