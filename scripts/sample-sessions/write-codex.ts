import type { Scenario, ScenarioCall } from './scenario-types.js';
import { Clock, seededId, seededUuid } from './seeded-ids.js';
import { applyPatchText, readContent } from './tool-texts.js';

type Line = Record<string, unknown>;

/**
 * Renders a scenario as a Codex CLI rollout (`~/.codex/sessions/YYYY/MM/DD/rollout-<time>-<uuid>.jsonl`):
 * `{timestamp, type, payload}` lines: session_meta first, the injected environment context, then per user turn
 * a turn_context, the user message (as a response item and as an event_msg), reasoning items, shell
 * function_call / function_call_output pairs (outputs as JSON strings with metadata.exit_code), apply_patch
 * custom tool calls for edits, update_plan for the plan, agent messages and token counts.
 */
export function writeCodex(scenario: Scenario): string {
  const sessionId = seededUuid(`${scenario.name}:codex:session`);
  const clock = new Clock('2026-10-14T09:12:03.000Z');
  const lines: Line[] = [];
  const line = (type: string, payload: Line, seconds = 1) =>
    lines.push({ timestamp: clock.tick(seconds), type, payload });
  let totalTokens = 0;
  line('session_meta', {
    id: sessionId,
    timestamp: clock.tick(0),
    cwd: scenario.cwd,
    originator: 'codex_cli_rs',
    cli_version: '0.46.0',
    instructions: null,
    source: 'cli',
    model_provider: 'openai',
    git: {
      commit_hash: seededId('', `${scenario.name}:commit`, 40).toLowerCase(),
      branch: 'main',
      repository_url: 'git@github.com:acme/compactkit.git',
    },
  });
  line('response_item', {
    type: 'message',
    role: 'user',
    content: [
      {
        type: 'input_text',
        text: `<environment_context>\n  <cwd>${scenario.cwd}</cwd>\n  <approval_policy>on-request</approval_policy>\n  <sandbox_mode>workspace-write</sandbox_mode>\n  <network_access>restricted</network_access>\n  <shell>bash</shell>\n</environment_context>`,
      },
    ],
  });
  for (const [stepIndex, step] of scenario.steps.entries()) {
    if (step.kind === 'user') {
      line('turn_context', {
        cwd: scenario.cwd,
        approval_policy: 'on-request',
        sandbox_policy: {
          mode: 'workspace-write',
          network_access: false,
          exclude_tmpdir_env_var: false,
          exclude_slash_tmp: false,
        },
        model: scenario.model.codex,
        effort: 'medium',
        summary: 'auto',
      });
      line(
        'response_item',
        { type: 'message', role: 'user', content: [{ type: 'input_text', text: step.text }] },
        20,
      );
      line('event_msg', { type: 'user_message', message: step.text, images: [] }, 0);
      continue;
    }
    if (step.thinking) {
      const summary = `**${step.thinking.split(/[.:]/)[0]?.slice(0, 60)}**\n\n${step.thinking}`;
      line('response_item', {
        type: 'reasoning',
        summary: [{ type: 'summary_text', text: summary }],
        content: null,
        encrypted_content: `gAAAAA${seededId('', `${scenario.name}:${stepIndex}:enc`, 120)}`,
      });
      line('event_msg', { type: 'agent_reasoning', text: summary }, 0);
    }
    for (const [index, call] of (step.calls ?? []).entries()) {
      const callId = seededId('call_', `${scenario.name}:${stepIndex}:${index}`);
      if (call.tool === 'task') {
        // Codex has no sub-agents: the same investigation is the agent's own message.
        line('response_item', {
          type: 'message',
          role: 'assistant',
          content: [{ type: 'output_text', text: call.result }],
        });
        continue;
      }
      if (call.tool === 'edit' || call.tool === 'write') {
        line('response_item', {
          type: 'custom_tool_call',
          status: 'completed',
          call_id: callId,
          name: 'apply_patch',
          input: applyPatchText(call),
        });
        const mark = call.tool === 'write' ? 'A' : 'M';
        line('response_item', {
          type: 'custom_tool_call_output',
          call_id: callId,
          output: JSON.stringify({
            output: `Success. Updated the following files:\n${mark} ${call.path}\n`,
            metadata: { exit_code: 0, duration_seconds: 0 },
          }),
        });
        continue;
      }
      if (call.tool === 'todo') {
        const plan = call.items.map((item) => ({ step: item.content, status: item.status }));
        line('response_item', {
          type: 'function_call',
          name: 'update_plan',
          arguments: JSON.stringify({ plan }),
          call_id: callId,
        });
        line('response_item', { type: 'function_call_output', call_id: callId, output: 'Plan updated' });
        continue;
      }
      const { command, output, exitCode } = shellFor(call);
      line('response_item', {
        type: 'function_call',
        name: 'shell',
        arguments: JSON.stringify({
          command: ['bash', '-lc', command],
          workdir: scenario.cwd,
          timeout_ms: 120_000,
        }),
        call_id: callId,
      });
      line(
        'response_item',
        {
          type: 'function_call_output',
          call_id: callId,
          output: JSON.stringify({
            output,
            metadata: {
              exit_code: exitCode,
              duration_seconds: Math.round((0.2 + (output.length % 900) / 100) * 10) / 10,
            },
          }),
        },
        3,
      );
      totalTokens += Math.ceil(output.length / 4);
      line('event_msg', tokenCount(totalTokens), 0);
    }
    if (step.text) {
      line(
        'response_item',
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: step.text }] },
        4,
      );
      line('event_msg', { type: 'agent_message', message: step.text }, 0);
    }
  }
  return `${lines.map((entry) => JSON.stringify(entry)).join('\n')}\n`;
}

function tokenCount(total: number): Line {
  return {
    type: 'token_count',
    info: {
      total_token_usage: {
        input_tokens: total,
        cached_input_tokens: Math.floor(total * 0.8),
        output_tokens: 1200,
        reasoning_output_tokens: 640,
        total_tokens: total + 1200,
      },
      last_token_usage: {
        input_tokens: 3200,
        cached_input_tokens: 2900,
        output_tokens: 180,
        reasoning_output_tokens: 64,
        total_tokens: 3380,
      },
      model_context_window: 272_000,
    },
    rate_limits: {
      primary: { used_percent: 4.0, window_minutes: 299, resets_in_seconds: 14_210 },
      secondary: null,
    },
  };
}

/** The shell command Codex would run for a read, a search or a command, and what it printed. */
function shellFor(call: Exclude<ScenarioCall, { tool: 'edit' | 'write' | 'todo' | 'task' }>): {
  command: string;
  output: string;
  exitCode: number;
} {
  if (call.tool === 'read') {
    const numbered = readContent(call)
      .replace(/\n$/, '')
      .split('\n')
      .map((text, index) => `${String(index + 1).padStart(6)}\t${text}`)
      .join('\n');
    return { command: `nl -ba ${call.path} | sed -n '1,400p'`, output: `${numbered}\n`, exitCode: 0 };
  }
  if (call.tool === 'grep')
    return {
      command: `rg -n ${JSON.stringify(call.pattern)} ${call.path}`,
      output: call.output,
      exitCode: 0,
    };
  return { command: call.command, output: call.output, exitCode: call.exitCode };
}
