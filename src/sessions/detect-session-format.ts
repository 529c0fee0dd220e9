import { isJsonObject, stringField, tryParseJson } from './json-values.js';
import type { AgentLogFormat } from './session-types.js';

const CLAUDE_CODE_TYPES = new Set(['user', 'assistant', 'system', 'summary', 'file-history-snapshot']);
const CODEX_TYPES = new Set(['session_meta', 'response_item', 'event_msg', 'turn_context', 'compacted']);

/**
 * Tells an agent log from its first lines: Claude Code lines have a `type` and a `uuid` (or a summary's
 * `leafUuid`) and no top-level `role`; Codex lines are `{type, payload}` envelopes, or in the older layout a
 * first line with `id` and `timestamp` but no `type`. Undefined means "not an agent log" (maybe messages).
 */
export function detectAgentLogFormat(firstLines: readonly string[]): AgentLogFormat | undefined {
  let index = 0;
  for (const text of firstLines) {
    if (text.trim() === '') continue;
    const record = tryParseJson(text);
    index += 1;
    if (!isJsonObject(record) || 'role' in record || 'messages' in record) continue;
    const type = stringField(record, 'type');
    if (type !== undefined && CODEX_TYPES.has(type) && isJsonObject(record.payload)) return 'codex';
    if (
      type !== undefined &&
      CLAUDE_CODE_TYPES.has(type) &&
      ('uuid' in record || 'leafUuid' in record || 'messageId' in record)
    )
      return 'claude-code';
    if (index === 1 && type === undefined && 'id' in record && 'timestamp' in record) return 'codex';
  }
  return undefined;
}
