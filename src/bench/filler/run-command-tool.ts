import { buildOutput } from './build-output.js';
import { lintOutput } from './lint-output.js';
import { serviceLogOutput } from './service-log-output.js';
import { type CommandResult, testRunOutput } from './test-run-output.js';
import type { FillerContext, ToolRun } from './tool-run.js';

const COMMAND_KINDS = [
  [testRunOutput, 5],
  [buildOutput, 2],
  [lintOutput, 1.5],
  [serviceLogOutput, 2],
] as const;

/** `run_command`: a test run, a build or typecheck, a lint report or a service's logs. */
export function runCommandTool(context: FillerContext, targetTokens: number): ToolRun {
  const result: CommandResult = context.prng.weighted(COMMAND_KINDS)(context, targetTokens);
  return {
    name: 'run_command',
    arguments: { command: result.command },
    output: result.output,
    outputTokens: result.outputTokens,
    isError: result.isError,
    lead: `running \`${result.command}\``,
    note: result.note,
    request: result.request,
  };
}
