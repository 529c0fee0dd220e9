/**
 * The OpenAI chat-completions message shapes compactkit reads and writes, defined here so the library does
 * not depend on the OpenAI SDK. Only the fields that carry conversation content are modelled.
 */

/** A text part of a content array. */
export interface OpenAITextPart {
  type: 'text';
  text: string;
}

/** An image given as an http(s) URL or a base64 `data:` URL. */
export interface OpenAIImagePart {
  type: 'image_url';
  image_url: { url: string; detail?: 'low' | 'high' | 'auto' };
}

/** Base64 audio; OpenAI accepts wav and mp3. */
export interface OpenAIAudioPart {
  type: 'input_audio';
  input_audio: { data: string; format: 'wav' | 'mp3' };
}

/** A file sent inline as a `data:` URL (`file_data`). File-id references are not supported on import. */
export interface OpenAIFilePart {
  type: 'file';
  file: { file_data: string; filename?: string };
}

/** An assistant's refusal, as a content part. */
export interface OpenAIRefusalPart {
  type: 'refusal';
  refusal: string;
}

/** A part of a user message. */
export type OpenAIUserContentPart = OpenAITextPart | OpenAIImagePart | OpenAIAudioPart | OpenAIFilePart;

/** A function call requested by the assistant; `arguments` is JSON text, as the API sends it. */
export interface OpenAIToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface OpenAISystemMessage {
  role: 'system';
  content: string | OpenAITextPart[];
  name?: string;
}

/** Newer models' name for system instructions; imported as a system message. */
export interface OpenAIDeveloperMessage {
  role: 'developer';
  content: string | OpenAITextPart[];
  name?: string;
}

export interface OpenAIUserMessage {
  role: 'user';
  content: string | OpenAIUserContentPart[];
  name?: string;
}

export interface OpenAIAssistantMessage {
  role: 'assistant';
  content?: string | (OpenAITextPart | OpenAIRefusalPart)[] | null;
  name?: string;
  tool_calls?: OpenAIToolCall[];
  refusal?: string | null;
}

export interface OpenAIToolMessage {
  role: 'tool';
  content: string | OpenAITextPart[];
  tool_call_id: string;
  /** Not in OpenAI's current schema, but written by some clients; read into `toolName`. */
  name?: string;
}

/** One message of an OpenAI chat-completions request or transcript. */
export type OpenAIMessage =
  | OpenAISystemMessage
  | OpenAIDeveloperMessage
  | OpenAIUserMessage
  | OpenAIAssistantMessage
  | OpenAIToolMessage;
