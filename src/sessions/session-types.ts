import type { ConversionWarning } from '../messages/conversion-types.js';
import type { MessageFormat } from '../messages/detect-message-format.js';
import type { Message } from '../messages/types.js';

/** The agent-log formats compactkit reads, beside the message formats of `compactkit/messages`. */
export type AgentLogFormat = 'claude-code' | 'codex';

/** Every format a session file can be in. */
export type SessionFormat = AgentLogFormat | MessageFormat;

/** Every value `--input-format` takes: a format, or `auto` to detect it. */
export const SESSION_FORMATS: readonly SessionFormat[] = [
  'claude-code',
  'codex',
  'compactkit',
  'openai',
  'anthropic',
  'ai-sdk',
];

/** What was known about the session besides its messages (absent when the log does not say). */
export interface SessionMetadata {
  /** The session id the agent gave it. */
  sessionId?: string;
  /** The working directory the agent ran in. */
  cwd?: string;
  /** The model of the last assistant reply or turn context. */
  model?: string;
  /** The agent's version (Claude Code `version`, Codex `cli_version`). */
  agentVersion?: string;
}

/** A session log read into compactkit messages. */
export interface Session {
  /** The file it was read from (or the name given to `parseSession`). */
  source: string;
  /** The format it was read as. */
  format: SessionFormat;
  /** The live conversation, in order, each message with a `turn`. */
  messages: Message[];
  /** What was left out or changed (thinking, reasoning, skipped record types), located as `file:line`. */
  warnings: ConversionWarning[];
  metadata: SessionMetadata;
}

/** How to read a session: `format` forces one instead of detecting it. */
export interface ReadSessionOptions {
  format?: 'auto' | SessionFormat;
}
