/**
 * Structural copies of the Vercel AI SDK v6 `ModelMessage` types, so the library does not depend on `ai`.
 * A type-level test checks that these and `import type { ModelMessage } from 'ai'` are assignable both ways.
 */

export type AiSdkJsonValue = null | string | number | boolean | AiSdkJsonObject | AiSdkJsonValue[];
export type AiSdkJsonObject = { [key: string]: AiSdkJsonValue | undefined };

/** Per-provider options, keyed by provider name. compactkit keeps `id` and `turn` under `compactkit`. */
export type AiSdkProviderOptions = Record<string, AiSdkJsonObject>;

/** Base64 text, a URL string, bytes, or a URL object. */
export type AiSdkDataContent = string | Uint8Array | ArrayBuffer | URL;

export interface AiSdkTextPart {
  type: 'text';
  text: string;
  providerOptions?: AiSdkProviderOptions;
}

export interface AiSdkImagePart {
  type: 'image';
  image: AiSdkDataContent;
  mediaType?: string;
  providerOptions?: AiSdkProviderOptions;
}

export interface AiSdkFilePart {
  type: 'file';
  data: AiSdkDataContent;
  filename?: string;
  mediaType: string;
  providerOptions?: AiSdkProviderOptions;
}

export interface AiSdkReasoningPart {
  type: 'reasoning';
  text: string;
  providerOptions?: AiSdkProviderOptions;
}

export interface AiSdkToolCallPart {
  type: 'tool-call';
  toolCallId: string;
  toolName: string;
  input: unknown;
  providerOptions?: AiSdkProviderOptions;
  providerExecuted?: boolean;
}

/** One item of a `content` tool output. */
export type AiSdkToolResultContentItem =
  | { type: 'text'; text: string; providerOptions?: AiSdkProviderOptions }
  | { type: 'media'; data: string; mediaType: string }
  | {
      type: 'file-data';
      data: string;
      mediaType: string;
      filename?: string;
      providerOptions?: AiSdkProviderOptions;
    }
  | { type: 'file-url'; url: string; mediaType?: string; providerOptions?: AiSdkProviderOptions }
  | { type: 'file-id'; fileId: string | Record<string, string>; providerOptions?: AiSdkProviderOptions }
  | { type: 'image-data'; data: string; mediaType: string; providerOptions?: AiSdkProviderOptions }
  | { type: 'image-url'; url: string; providerOptions?: AiSdkProviderOptions }
  | { type: 'image-file-id'; fileId: string | Record<string, string>; providerOptions?: AiSdkProviderOptions }
  | { type: 'custom'; providerOptions?: AiSdkProviderOptions };

export type AiSdkToolResultOutput =
  | { type: 'text'; value: string; providerOptions?: AiSdkProviderOptions }
  | { type: 'json'; value: AiSdkJsonValue; providerOptions?: AiSdkProviderOptions }
  | { type: 'execution-denied'; reason?: string; providerOptions?: AiSdkProviderOptions }
  | { type: 'error-text'; value: string; providerOptions?: AiSdkProviderOptions }
  | { type: 'error-json'; value: AiSdkJsonValue; providerOptions?: AiSdkProviderOptions }
  | { type: 'content'; value: AiSdkToolResultContentItem[] };

export interface AiSdkToolResultPart {
  type: 'tool-result';
  toolCallId: string;
  toolName: string;
  output: AiSdkToolResultOutput;
  providerOptions?: AiSdkProviderOptions;
}

export interface AiSdkToolApprovalRequest {
  type: 'tool-approval-request';
  approvalId: string;
  toolCallId: string;
  signature?: string;
  inputSchemaInput?: unknown;
}

export interface AiSdkToolApprovalResponse {
  type: 'tool-approval-response';
  approvalId: string;
  approved: boolean;
  reason?: string;
  providerExecuted?: boolean;
}

export interface AiSdkSystemMessage {
  role: 'system';
  content: string;
  providerOptions?: AiSdkProviderOptions;
}

export interface AiSdkUserMessage {
  role: 'user';
  content: string | (AiSdkTextPart | AiSdkImagePart | AiSdkFilePart)[];
  providerOptions?: AiSdkProviderOptions;
}

export type AiSdkAssistantPart =
  | AiSdkTextPart
  | AiSdkFilePart
  | AiSdkReasoningPart
  | AiSdkToolCallPart
  | AiSdkToolResultPart
  | AiSdkToolApprovalRequest;

export interface AiSdkAssistantMessage {
  role: 'assistant';
  content: string | AiSdkAssistantPart[];
  providerOptions?: AiSdkProviderOptions;
}

export interface AiSdkToolMessage {
  role: 'tool';
  content: (AiSdkToolResultPart | AiSdkToolApprovalResponse)[];
  providerOptions?: AiSdkProviderOptions;
}

/** One message of an AI SDK prompt, as `generateText({ messages })` takes it. */
export type AiSdkModelMessage =
  | AiSdkSystemMessage
  | AiSdkUserMessage
  | AiSdkAssistantMessage
  | AiSdkToolMessage;
