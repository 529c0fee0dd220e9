import type { AiSdkDataContent, AiSdkJsonObject, AiSdkProviderOptions } from './ai-sdk-types.js';
import type { ConversionWarning } from './conversion-types.js';
import { parseDataUrl } from './data-url.js';
import type { Message } from './types.js';

/** Where compactkit keeps its own fields inside AI SDK `providerOptions`; providers ignore unknown keys. */
export const PROVIDER_OPTIONS_KEY = 'compactkit';

// A URL always starts with a scheme and a colon; base64 text never contains a colon.
const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/** Reads AI SDK data (base64, URL string, data: URL, bytes, URL object) as compactkit `data` or `url`. */
export function fromDataContent(
  value: AiSdkDataContent,
): { data: string; mediaType?: string } | { url: string } {
  if (value instanceof URL) return fromDataContent(value.href);
  if (typeof value !== 'string')
    return {
      data: Buffer.from(value instanceof ArrayBuffer ? new Uint8Array(value) : value).toString('base64'),
    };
  if (!URL_SCHEME.test(value)) return { data: value };
  return parseDataUrl(value) ?? { url: value };
}

/** The `id` and `turn` a message keeps in `providerOptions.compactkit`, so they survive a round trip. */
export function toProviderOptions(message: Message): { providerOptions?: AiSdkProviderOptions } {
  const own: AiSdkJsonObject = {};
  if (message.id !== undefined) own.id = message.id;
  if (message.turn !== undefined) own.turn = message.turn;
  return Object.keys(own).length === 0 ? {} : { providerOptions: { [PROVIDER_OPTIONS_KEY]: own } };
}

/** Reads `id` and `turn` back from `providerOptions.compactkit`, warning about values of the wrong type. */
export function fromProviderOptions(
  providerOptions: AiSdkProviderOptions | undefined,
  where: string,
  warnings: ConversionWarning[],
): Pick<Message, 'id' | 'turn'> {
  const own = providerOptions?.[PROVIDER_OPTIONS_KEY];
  if (own === undefined) return {};
  const result: Pick<Message, 'id' | 'turn'> = {};
  const path = `${where}.providerOptions.${PROVIDER_OPTIONS_KEY}`;
  if (typeof own.id === 'string') result.id = own.id;
  else if (own.id !== undefined)
    warnings.push({ where: `${path}.id`, message: 'ignored: expected a string' });
  if (typeof own.turn === 'number' && Number.isInteger(own.turn) && own.turn >= 0) result.turn = own.turn;
  else if (own.turn !== undefined)
    warnings.push({ where: `${path}.turn`, message: 'ignored: expected a non-negative integer' });
  return result;
}

/** OpenAI's image detail as the AI SDK's OpenAI provider reads it, `providerOptions.openai.imageDetail`. */
export function detailFromProviderOptions(
  providerOptions: AiSdkProviderOptions | undefined,
): 'low' | 'high' | 'auto' | undefined {
  const detail = providerOptions?.openai?.imageDetail;
  return detail === 'low' || detail === 'high' || detail === 'auto' ? detail : undefined;
}
