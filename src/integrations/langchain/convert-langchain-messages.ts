import {
  AIMessage,
  type BaseMessage,
  HumanMessage,
  SystemMessage,
  ToolMessage,
} from '@langchain/core/messages';
import type { Message } from '../../messages/types.js';

/** The text of a LangChain message's content: a string as is, text blocks joined by newlines. */
function textOf(content: BaseMessage['content']): string {
  if (typeof content === 'string') return content;
  return content
    .map((block) => (typeof block === 'string' ? block : 'text' in block ? String(block.text) : ''))
    .filter((text) => text !== '')
    .join('\n');
}

/**
 * LangChain messages as compactkit messages: human → user, ai → assistant with its `tool_calls`, tool → tool
 * (paired by `tool_call_id`, `status: 'error'` as isError), system → system. Ids are kept.
 */
export function fromLangChainMessages(messages: readonly BaseMessage[]): Message[] {
  return messages.map((message): Message => {
    const id = message.id === undefined ? {} : { id: message.id };
    const content = textOf(message.content);
    if (message.type === 'ai') {
      const calls = (message as AIMessage).tool_calls ?? [];
      return {
        ...id,
        role: 'assistant',
        content,
        ...(calls.length > 0
          ? {
              toolCalls: calls.map((call, index) => ({
                id: call.id ?? `call_${message.id ?? 'unknown'}_${index}`,
                name: call.name,
                arguments: call.args,
              })),
            }
          : {}),
      };
    }
    if (message.type === 'tool') {
      const tool = message as ToolMessage;
      return {
        ...id,
        role: 'tool',
        content,
        toolCallId: tool.tool_call_id,
        ...(tool.name ? { toolName: tool.name } : {}),
        ...(tool.status === 'error' ? { isError: true } : {}),
      };
    }
    if (message.type === 'system') return { ...id, role: 'system', content };
    return { ...id, role: 'user', content };
  });
}

/** compactkit messages as LangChain messages; every message gets an id (`newId()` when it has none). */
export function toLangChainMessages(messages: readonly Message[], newId: () => string): BaseMessage[] {
  return messages.map((message) => {
    const id = message.id ?? newId();
    switch (message.role) {
      case 'system':
        return new SystemMessage({ content: message.content, id });
      case 'user':
        return new HumanMessage({ content: message.content, id });
      case 'assistant':
        return new AIMessage({
          content: message.content,
          id,
          tool_calls: (message.toolCalls ?? []).map((call) => ({
            id: call.id,
            name: call.name,
            args: (call.arguments !== null && typeof call.arguments === 'object'
              ? call.arguments
              : { input: call.arguments }) as Record<string, unknown>,
            type: 'tool_call' as const,
          })),
        });
      default:
        return new ToolMessage({
          content: message.content,
          id,
          tool_call_id: message.toolCallId ?? '',
          ...(message.toolName ? { name: message.toolName } : {}),
          ...(message.isError ? { status: 'error' as const } : {}),
        });
    }
  });
}
