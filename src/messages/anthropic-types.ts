/**
 * The Anthropic Messages API shapes compactkit reads and writes, defined here so the library does not depend
 * on the Anthropic SDK. Only the fields that carry conversation content are modelled.
 */

export interface AnthropicTextBlock {
  type: 'text';
  text: string;
}

/** Base64 data with its media type. */
export interface AnthropicBase64Source {
  type: 'base64';
  media_type: string;
  data: string;
}

/** A file fetched by Anthropic from a URL. */
export interface AnthropicUrlSource {
  type: 'url';
  url: string;
}

/** Plain text given inline as a document. */
export interface AnthropicTextSource {
  type: 'text';
  media_type: 'text/plain';
  data: string;
}

export interface AnthropicImageBlock {
  type: 'image';
  source: AnthropicBase64Source | AnthropicUrlSource;
}

/** A PDF or text document; `title` maps to the attachment's `filename`. */
export interface AnthropicDocumentBlock {
  type: 'document';
  source: AnthropicBase64Source | AnthropicUrlSource | AnthropicTextSource;
  title?: string;
}

/** A tool call by the assistant; `input` is the parsed arguments. */
export interface AnthropicToolUseBlock {
  type: 'tool_use';
  id: string;
  name: string;
  input: unknown;
}

/** A tool's output, sent in the user message after the call. */
export interface AnthropicToolResultBlock {
  type: 'tool_result';
  tool_use_id: string;
  content?: string | (AnthropicTextBlock | AnthropicImageBlock | AnthropicDocumentBlock)[];
  is_error?: boolean;
}

/** Extended thinking. Read but not kept: see `fromAnthropicMessages`. */
export interface AnthropicThinkingBlock {
  type: 'thinking';
  thinking: string;
  signature?: string;
}

/** Extended thinking the API returned encrypted. Read but not kept. */
export interface AnthropicRedactedThinkingBlock {
  type: 'redacted_thinking';
  data: string;
}

export type AnthropicContentBlock =
  | AnthropicTextBlock
  | AnthropicImageBlock
  | AnthropicDocumentBlock
  | AnthropicToolUseBlock
  | AnthropicToolResultBlock
  | AnthropicThinkingBlock
  | AnthropicRedactedThinkingBlock;

/** One message of the Messages API; there is no system role, the system prompt travels beside the messages. */
export interface AnthropicMessage {
  role: 'user' | 'assistant';
  content: string | AnthropicContentBlock[];
}

/** The conversation part of a Messages API request. */
export interface AnthropicConversation {
  system?: string;
  messages: AnthropicMessage[];
}
