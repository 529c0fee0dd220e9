import { createLogLines } from './log-lines.js';
import { createOutputBuilder, fillWithin } from './output-builder.js';
import { counted } from './source-writer.js';
import type { CommandResult } from './test-run-output.js';
import type { FillerContext } from './tool-run.js';

/** The tail of a service's logs (`docker compose logs`, `kubectl logs`), about `targetTokens`. */
export function serviceLogOutput(context: FillerContext, targetTokens: number): CommandResult {
  const { prng, guard, workspace } = context;
  const service = workspace.service;
  const logLines = createLogLines(prng, service, guard);
  const builder = createOutputBuilder(guard, logLines.charsPerToken);
  const count = fillWithin(builder, logLines.next, targetTokens, 'log line');
  const command = prng.pick([
    `docker compose logs --tail ${Math.max(50, Math.ceil(count / 50) * 50)} ${service}`,
    `kubectl logs deploy/${service} --since ${prng.pick([5, 10, 15, 30])}m`,
    `journalctl -u ${service} -n ${Math.max(50, count)} --no-pager`,
  ]);
  return {
    command,
    output: builder.text(),
    outputTokens: builder.tokens,
    isError: false,
    note: `That is ${counted(count, 'log line')} from \`${service}\`, mostly routine info messages.`,
    request: prng.pick([
      `What do the ${service} logs show?`,
      `Can you pull the recent logs of ${service}?`,
      'Show me the service logs.',
    ]),
  };
}
