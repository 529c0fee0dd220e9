import { z } from 'zod';
import { CompactkitError } from '../errors.js';
import { formatModelSpec, parseModelSpec } from '../llm/parse-model-spec.js';
import { ProviderError } from '../llm/provider-error.js';
import { sanitizeUrl } from '../llm/redact.js';
import { resolveProviderSettings } from '../llm/resolve-provider-settings.js';
import { callSettings, type ProviderCallOptions, postProviderJson } from './post-provider-json.js';
import type { OpaqueWindow } from './probe-method.js';

/** Instructions of the model under test when its context is a provider's compacted window, not text. */
export const WINDOW_ANSWER_INSTRUCTIONS = `You are a coding assistant continuing your own earlier work. Your earlier conversation was compacted; the
conversation items before the question are what is left of it. Answer the question from them only. Be specific:
name files, commands, error messages, versions and decisions exactly. If they do not say, answer that you do not
know rather than guessing. Do not call tools.`;

/** What this reads of a Responses API reply: assistant message items and their output text. */
const responseSchema = z.looseObject({
  status: z.string().nullish(),
  incomplete_details: z.looseObject({ reason: z.string().nullish() }).nullish(),
  output: z.array(z.unknown()),
});
const outputMessageSchema = z.looseObject({
  type: z.literal('message'),
  content: z.array(z.looseObject({ type: z.string(), text: z.string().optional() })),
});

/**
 * Answers a probe from an opaque window the way the Responses API expects: `POST /responses` with the window's
 * items exactly as the compaction returned them, then the question as a user message (`store: false`; no
 * temperature, which the reasoning models that compact refuse). `modelId` must be an `openai:<model>` spec: only
 * OpenAI can read its encrypted items. Errors are one line naming the method, the endpoint and what was wrong.
 */
export async function answerFromWindow(
  input: { window: OpaqueWindow; question: string; modelId: string },
  options: ProviderCallOptions & { signal?: AbortSignal } = {},
): Promise<string> {
  const { window, question, modelId } = input;
  const spec = openAISpec(modelId, window.method);
  const settings = resolveProviderSettings(spec, options);
  const url = `${settings.baseURL.replace(/\/+$/, '')}/responses`;
  const reply = await postProviderJson({
    caller: window.method,
    spec: formatModelSpec(spec),
    url,
    headers: { authorization: `Bearer ${settings.apiKey ?? ''}` },
    body: {
      model: spec.model,
      instructions: WINDOW_ANSWER_INSTRUCTIONS,
      input: [...window.items, { type: 'message', role: 'user', content: `Question: ${question}` }],
      store: false,
    },
    apiKey: settings.apiKey,
    ...(options.signal ? { signal: options.signal } : {}),
    ...callSettings(options),
  });
  const fail = (what: string) =>
    new ProviderError(`${window.method}: POST ${sanitizeUrl(url)} answered ${what}`, {
      modelId: formatModelSpec(spec),
      reason: 'invalid-response',
      isRetryable: false,
      attempts: 1,
      url: sanitizeUrl(url),
      responseBody: JSON.stringify(reply).slice(0, 500),
    });
  const parsed = responseSchema.safeParse(reply);
  if (!parsed.success) throw fail('a JSON value with no output list');
  const text = parsed.data.output
    .flatMap((item) => {
      const message = outputMessageSchema.safeParse(item);
      return message.success ? message.data.content : [];
    })
    .flatMap((part) => (part.type === 'output_text' && part.text !== undefined ? [part.text] : []))
    .join('');
  if (text.trim() === '') {
    const reason = parsed.data.incomplete_details?.reason;
    throw fail(`with no output text (status ${parsed.data.status ?? 'none'}${reason ? `: ${reason}` : ''})`);
  }
  return text;
}

function openAISpec(modelId: string, method: string) {
  let spec: ReturnType<typeof parseModelSpec> | undefined;
  try {
    spec = parseModelSpec(modelId);
  } catch {
    spec = undefined;
  }
  if (spec?.provider !== 'openai')
    throw new CompactkitError(
      'method_failed',
      `${method}: the compacted context is an opaque item only an OpenAI model can read, and the model under test is ${modelId}: answer with --model openai:<model>`,
    );
  return spec;
}
