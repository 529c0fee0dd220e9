/** Who produced a message. Tool results have their own role, as in OpenAI's chat format. */
export type Role = 'system' | 'user' | 'assistant' | 'tool';

/** A call an assistant asked the runtime to make. `arguments` is the parsed JSON value, not a string. */
export interface ToolCall {
  /** Provider-issued id that the matching tool result refers to. */
  id: string;
  /** Tool name, e.g. `read_file`. */
  name: string;
  /** Parsed arguments; a string the provider sent that was not JSON is kept as that string. */
  arguments: unknown;
}

/** An image attached to a message, kept as data so converters can round-trip it. */
export interface ImagePart {
  type: 'image';
  /** e.g. `image/png`; optional when only a URL is known. */
  mediaType?: string;
  /** Base64 data (no `data:` prefix) ... */
  data?: string;
  /** ... or a URL (http(s) or data:). */
  url?: string;
  /** Pixel size, when known; it makes the token estimate exact for OpenAI's tiling rule. */
  width?: number;
  height?: number;
  /** OpenAI's detail hint; `low` costs a flat 85 tokens. */
  detail?: 'low' | 'high' | 'auto';
}

/** A non-image file (PDF, text, audio ...) attached to a message. */
export interface FilePart {
  type: 'file';
  mediaType: string;
  filename?: string;
  /** Base64 data (no `data:` prefix) ... */
  data?: string;
  /** ... or a URL. */
  url?: string;
}

/** A non-text part. Never dropped by a converter or by compaction without a trace. */
export type Attachment = ImagePart | FilePart;

/**
 * One message of a conversation, in the shape every compactkit module speaks.
 * Converters to and from OpenAI, Anthropic and AI SDK formats live beside this file.
 */
export interface Message {
  /** Stable id, when the source had one. */
  id?: string;
  role: Role;
  /** Text content. For a tool message this is the tool's output. */
  content: string;
  /** Images and files, in order, after the text. */
  attachments?: Attachment[];
  /** Assistant only: the tool calls this message makes. */
  toolCalls?: ToolCall[];
  /** Tool only: the id of the call this message answers. */
  toolCallId?: string;
  /** Tool only: the name of the tool that ran, when the source format carries it. */
  toolName?: string;
  /** Tool only: true when the tool reported a failure. */
  isError?: boolean;
  /** Turn index. When absent, `assignTurns` starts a new turn at each user message. */
  turn?: number;
}
