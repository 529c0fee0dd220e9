import type { LanguageModelMiddleware, ModelMessage } from 'ai';

/** The prompt a language model receives (`LanguageModelV3Prompt`), as the middleware's `transformParams` sees it. */
export type LanguageModelPrompt = Parameters<
  NonNullable<LanguageModelMiddleware['transformParams']>
>[0]['params']['prompt'];
type PromptMessage = LanguageModelPrompt[number];
type UserPart = Extract<PromptMessage, { role: 'user' }>['content'][number];
type AssistantPart = Extract<PromptMessage, { role: 'assistant' }>['content'][number];
type ToolPart = Extract<PromptMessage, { role: 'tool' }>['content'][number];

/**
 * ModelMessages (what `toModelMessages` writes) as the provider-level prompt: string contents become text parts,
 * images become file parts; tool calls and results keep their shape. Approval requests, which a prompt cannot
 * carry, are left out.
 */
export function toLanguageModelPrompt(messages: readonly ModelMessage[]): LanguageModelPrompt {
  return messages.map((message): PromptMessage => {
    const providerOptions = message.providerOptions ? { providerOptions: message.providerOptions } : {};
    switch (message.role) {
      case 'system':
        return { role: 'system', content: message.content, ...providerOptions };
      case 'user': {
        const content: UserPart[] =
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content }]
            : message.content.map((part): UserPart => {
                if (part.type === 'text') return { type: 'text', text: part.text };
                if (part.type === 'image') {
                  return {
                    type: 'file',
                    data: part.image as Extract<UserPart, { type: 'file' }>['data'],
                    mediaType: part.mediaType ?? 'image/*',
                  };
                }
                return part as unknown as UserPart;
              });
        return { role: 'user', content, ...providerOptions };
      }
      case 'assistant': {
        const content: AssistantPart[] =
          typeof message.content === 'string'
            ? [{ type: 'text', text: message.content }]
            : message.content
                .filter((part) => part.type !== 'tool-approval-request')
                .map((part) => part as unknown as AssistantPart);
        return { role: 'assistant', content, ...providerOptions };
      }
      default:
        return {
          role: 'tool',
          content: message.content.map((part) => part as unknown as ToolPart),
          ...providerOptions,
        };
    }
  });
}
