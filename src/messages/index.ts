/**
 * compactkit messages: the `Message` type and its schema, turn numbering, converters to and from the OpenAI,
 * Anthropic and AI SDK formats, and transcript files.
 *
 * What crosses a format boundary and what does not: text parts join into one string with attachments after
 * it; `id` and `turn` survive only the AI SDK (in `providerOptions.compactkit`), elsewhere turns are assigned
 * again by `assignTurns` on import; reasoning and thinking are dropped with a warning; an attachment a format
 * cannot hold throws unless `onUnsupportedPart: 'placeholder'` is passed.
 */
export { fromModelMessages, toModelMessages } from './ai-sdk.js';
export type {
  AiSdkAssistantMessage,
  AiSdkAssistantPart,
  AiSdkDataContent,
  AiSdkFilePart,
  AiSdkImagePart,
  AiSdkJsonObject,
  AiSdkJsonValue,
  AiSdkModelMessage,
  AiSdkProviderOptions,
  AiSdkReasoningPart,
  AiSdkSystemMessage,
  AiSdkTextPart,
  AiSdkToolApprovalRequest,
  AiSdkToolApprovalResponse,
  AiSdkToolCallPart,
  AiSdkToolMessage,
  AiSdkToolResultContentItem,
  AiSdkToolResultOutput,
  AiSdkToolResultPart,
  AiSdkUserMessage,
} from './ai-sdk-types.js';
export { fromAnthropicMessages, SYSTEM_TEXT_PREFIX, toAnthropicMessages } from './anthropic.js';
export type {
  AnthropicBase64Source,
  AnthropicContentBlock,
  AnthropicConversation,
  AnthropicDocumentBlock,
  AnthropicImageBlock,
  AnthropicMessage,
  AnthropicRedactedThinkingBlock,
  AnthropicTextBlock,
  AnthropicTextSource,
  AnthropicThinkingBlock,
  AnthropicToolResultBlock,
  AnthropicToolUseBlock,
  AnthropicUrlSource,
} from './anthropic-types.js';
export { assignTurns } from './assign-turns.js';
export type { ConversionResult, ConversionWarning, ExportOptions } from './conversion-types.js';
export { detectMessageFormat, type MessageFormat } from './detect-message-format.js';
export { fromOpenAIMessages, toOpenAIMessages } from './openai.js';
export type {
  OpenAIAssistantMessage,
  OpenAIAudioPart,
  OpenAIDeveloperMessage,
  OpenAIFilePart,
  OpenAIImagePart,
  OpenAIMessage,
  OpenAIRefusalPart,
  OpenAISystemMessage,
  OpenAITextPart,
  OpenAIToolCall,
  OpenAIToolMessage,
  OpenAIUserContentPart,
  OpenAIUserMessage,
} from './openai-types.js';
export {
  type ParseTranscriptOptions,
  parseTranscript,
  type ReadTranscriptOptions,
  readTranscript,
  type Transcript,
} from './read-transcript.js';
export { attachmentSchema, messageSchema, parseMessages, toolCallSchema } from './schema.js';
export type { Attachment, FilePart, ImagePart, Message, Role, ToolCall } from './types.js';
