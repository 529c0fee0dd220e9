/** One tool call of a sample scenario, in agent-neutral terms; each log writer renders it its own way. */
export type ScenarioCall =
  /** Reads a file of this repository (content taken from disk at generation time) or the given content. */
  | { tool: 'read'; path: string; content?: string }
  | { tool: 'bash'; command: string; output: string; exitCode: number; description: string }
  | { tool: 'edit'; path: string; oldText: string; newText: string }
  | { tool: 'write'; path: string; content: string }
  | { tool: 'grep'; pattern: string; path: string; output: string }
  | { tool: 'todo'; items: { content: string; status: 'pending' | 'in_progress' | 'completed' }[] }
  /** A sub-agent run (Claude Code's Task, written with sidechain lines; Codex has none and says it inline). */
  | { tool: 'task'; description: string; prompt: string; result: string };

/** One step of a scenario: what the user typed, or one assistant reply with its tool calls. */
export type ScenarioStep =
  | { kind: 'user'; text: string }
  | { kind: 'assistant'; thinking?: string; text?: string; calls?: ScenarioCall[] };

/** A whole sample session: a task type, a working directory, and its steps in order. */
export interface Scenario {
  name: string;
  taskType: 'debugging' | 'feature' | 'review';
  cwd: string;
  model: { claude: string; codex: string };
  /** A first attempt at a user message that was then edited (Claude Code writes it as an abandoned branch). */
  abandoned?: { afterStep: number; user: string; reply: string };
  steps: ScenarioStep[];
}
