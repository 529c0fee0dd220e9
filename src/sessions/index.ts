/**
 * Agent session logs read into compactkit messages: Claude Code sessions
 * (`~/.claude/projects/<project>/<session>.jsonl`), Codex CLI rollouts
 * (`~/.codex/sessions/YYYY/MM/DD/rollout-….jsonl`), and every message format `compactkit/messages` reads.
 */
export { detectAgentLogFormat } from './detect-session-format.js';
export { parseSession, readSession, readSessions } from './read-session.js';
export {
  type AgentLogFormat,
  type ReadSessionOptions,
  SESSION_FORMATS,
  type Session,
  type SessionFormat,
  type SessionMetadata,
} from './session-types.js';
