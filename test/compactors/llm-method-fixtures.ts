import { createLanguageModel } from '../../src/llm/index.js';
import type { LanguageModel } from '../../src/llm/types.js';
import type { Message } from '../../src/messages/types.js';
import type { FakeServer, ReceivedRequest } from '../llm/fake-servers.js';

/** A model that talks to the fake OpenAI server, without retries so an error reply fails at once. */
export function fakeModel(server: FakeServer, spec = 'openai:gpt-4o-mini'): LanguageModel {
  return createLanguageModel(spec, { apiKey: 'sk-test', baseURL: server.baseURL, retry: false });
}

/** What a chat-completions request carried: system prompt, user message, and parameters. */
export interface SentChat {
  system: string;
  user: string;
  temperature: unknown;
  maxTokens: unknown;
  /** Field names of the JSON schema sent as the response format, when there was one. */
  schemaFields: string[] | undefined;
  /** How many messages (a repair retry sends more). */
  messageCount: number;
}

/** Reads a request the fake server received. */
export function sentChat(request: ReceivedRequest): SentChat {
  const body = request.body as {
    messages: { role: string; content: string }[];
    temperature?: unknown;
    max_tokens?: unknown;
    max_completion_tokens?: unknown;
    response_format?: { json_schema?: { schema?: { properties?: Record<string, unknown> } } };
  };
  const properties = body.response_format?.json_schema?.schema?.properties;
  return {
    system: body.messages.find((message) => message.role === 'system')?.content ?? '',
    user: body.messages.find((message) => message.role === 'user')?.content ?? '',
    temperature: body.temperature,
    maxTokens: body.max_tokens ?? body.max_completion_tokens,
    schemaFields: properties === undefined ? undefined : Object.keys(properties),
    messageCount: body.messages.length,
  };
}

/** A short coding session with a rule, a decision, a failing command and an open task. */
export const SESSION: Message[] = [
  {
    role: 'user',
    turn: 0,
    content:
      'Migrate the billing service to Postgres 16. Hard rule: never run migrations against prod-eu-1 directly.',
  },
  { role: 'assistant', turn: 0, content: 'Understood. I will use the staging replica first.' },
  { role: 'user', turn: 1, content: "Let's use pgloader for the data copy." },
  {
    role: 'assistant',
    turn: 1,
    content: '',
    toolCalls: [{ id: 'call_1', name: 'run_command', arguments: { command: 'pgloader billing.load' } }],
  },
  {
    role: 'tool',
    turn: 1,
    toolCallId: 'call_1',
    toolName: 'run_command',
    isError: true,
    content: 'ERROR: column "amount_cents" has type numeric(12,2)',
  },
  { role: 'user', turn: 2, content: 'Still open: fix the amount_cents type before Friday.' },
];

/** The two turns a drift cycle adds: a user message and the assistant's reply. */
export function driftTurns(turn: number, user: string, reply: string): Message[] {
  return [
    { role: 'user', turn, content: user },
    { role: 'assistant', turn, content: reply },
  ];
}

/**
 * A JSON reply for a sectioned summary: every section empty unless given. The field list is written out here,
 * not taken from SECTION_FIELDS, so that renaming a field on the wire breaks the tests.
 */
export function sections(given: Partial<Record<string, string[]>>): Record<string, string[]> {
  const fields = [
    'intent',
    'keyConcepts',
    'filesAndCode',
    'errorsAndFixes',
    'userInstructions',
    'prohibitions',
    'decisions',
    'superseded',
    'pendingTasks',
    'deferredTasks',
    'currentWork',
    'nextStep',
  ];
  return Object.fromEntries(fields.map((field) => [field, given[field] ?? []]));
}
