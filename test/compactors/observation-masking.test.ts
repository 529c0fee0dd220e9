import { describe, expect, it } from 'vitest';
import { observationMaskingMethod } from '../../src/compactors/methods/observation-masking.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { renderTranscriptText } from '../../src/compactors/shared/render-transcript-text.js';
import type { Message } from '../../src/messages/types.js';
import { countTextTokens } from '../../src/tokens/index.js';
import { awkwardTranscript, eliteTranscript, runDrift } from './deterministic-method-helpers.js';

const masking = (keepRecentTurns?: number) =>
  instantiateMethod(observationMaskingMethod, keepRecentTurns === undefined ? {} : { keepRecentTurns });
const transcript = eliteTranscript('hard', 12);
const turns = [...new Set(transcript.map((message) => message.turn as number))];
const grouped = (count: number) => String(count).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** The placeholder line the method should write for this tool output. */
function expectedLine(output: Message, call: { name: string; arguments: unknown }): string {
  const tokens = countTextTokens(output.content);
  const lines = output.content.split('\n').length - (output.content.endsWith('\n') ? 1 : 0);
  const label = `[turn ${output.turn}] tool ${output.toolName}${output.isError ? ' (failed)' : ''}: `;
  return `${label}[output of ${call.name} ${JSON.stringify(call.arguments)} omitted: ${grouped(tokens)} tokens, ${grouped(lines)} lines`;
}

describe('observation-masking', () => {
  it('masks tool outputs older than the window with the tool, its arguments and the output size', async () => {
    const artifact = await masking(3).compact({ transcript }, {});
    const recent = new Set(turns.slice(-3));
    const calls = new Map(
      transcript.flatMap((message) => message.toolCalls ?? []).map((call) => [call.id, call]),
    );
    let masked = 0;
    for (const message of transcript) {
      if (message.role !== 'tool') {
        expect(artifact.summaryText).toContain(renderTranscriptText([message]));
        continue;
      }
      if (recent.has(message.turn as number)) {
        expect(artifact.summaryText).toContain(renderTranscriptText([message]));
        continue;
      }
      const call = calls.get(message.toolCallId as string)!;
      // Generated arguments are short, so the placeholder shows them whole.
      expect(artifact.summaryText).toContain(expectedLine(message, call));
      masked++;
    }
    expect(masked).toBeGreaterThan(5);
    expect(artifact.methodMetadata.maskedOutputs).toBe(masked);
    expect(artifact.selectedSourceTurnIds).toEqual(turns);
    expect(countTextTokens(artifact.summaryText)).toBeLessThan(
      countTextTokens(renderTranscriptText(transcript)) / 2,
    );
  });

  it('uses a window of 10 turns by default; 0 masks every output', async () => {
    expect(instantiateMethod(observationMaskingMethod).config).toEqual({ keepRecentTurns: 10 });
    const all = await masking(0).compact({ transcript }, {});
    const outputs = transcript.filter((message) => message.role === 'tool').length;
    expect(
      all.summaryText.split('\n').filter((line) => /^\[turn \d+\] tool [^:]+: \[output of /.test(line)),
    ).toHaveLength(outputs);
  });

  it('keeps the error line of a failed output, and a short output whose placeholder would be longer', async () => {
    const messages: Message[] = [
      { role: 'user', content: 'Run the tests.', turn: 0 },
      {
        role: 'assistant',
        content: '',
        toolCalls: [
          { id: 'run', name: 'run_command', arguments: { command: 'npm test' } },
          { id: 'write', name: 'write_file', arguments: { path: 'a.ts', content: 'x'.repeat(500) } },
        ],
        turn: 0,
      },
      {
        role: 'tool',
        toolCallId: 'run',
        toolName: 'run_command',
        isError: true,
        content: `${'ok 1 - passes\n'.repeat(40)}TypeError: cannot read properties of undefined (reading 'id')\n${'  at frame\n'.repeat(20)}`,
        turn: 0,
      },
      { role: 'tool', toolCallId: 'write', toolName: 'write_file', content: 'wrote a.ts', turn: 0 },
      { role: 'user', content: 'Thanks.', turn: 1 },
    ];
    const artifact = await masking(1).compact({ transcript: messages }, {});
    expect(artifact.summaryText).toContain(
      `[turn 0] tool run_command (failed): [output of run_command {"command":"npm test"} omitted: ${countTextTokens(messages[2]!.content)} tokens, 61 lines; its error: TypeError: cannot read properties of undefined (reading 'id')]`,
    );
    expect(artifact.summaryText).toContain('[turn 0] tool write_file: wrote a.ts');
    // The call itself stays verbatim; only outputs are masked.
    expect(artifact.summaryText).toContain(`"content":"${'x'.repeat(500)}"`);
  });

  it('shortens long arguments and names the tool of an output whose call is missing', async () => {
    const long = `src/${'deep/'.repeat(60)}file.ts`;
    const messages: Message[] = [
      { role: 'user', content: 'Look.', turn: 0 },
      {
        role: 'assistant',
        content: '',
        toolCalls: [{ id: 'r', name: 'read_file', arguments: { path: long } }],
        turn: 0,
      },
      { role: 'tool', toolCallId: 'r', toolName: 'read_file', content: 'line\n'.repeat(300), turn: 0 },
      { role: 'tool', toolCallId: 'ghost', toolName: 'search', content: 'hit\n'.repeat(300), turn: 0 },
      { role: 'user', content: 'Next.', turn: 1 },
    ];
    const artifact = await masking(1).compact({ transcript: messages }, {});
    expect(artifact.summaryText).toContain(`[output of read_file {"path":"${long.slice(0, 59)}…"} omitted: `);
    expect(artifact.summaryText).toContain('[turn 0] tool search: [output of search omitted: ');
    const awkward = await masking(0).compact({ transcript: awkwardTranscript() }, {});
    expect(awkward.summaryText).toContain(
      '[turn 0] tool read_file: [output of read_file {"path":"index.html"} omitted: ',
    );
  });

  it('masks outputs as they leave the window in drift cycles, exactly as on the whole history', async () => {
    const { artifacts, history } = await runDrift(masking(3), transcript, 3);
    const whole = await masking(3).compact({ transcript: history }, {});
    expect(artifacts[3]).toEqual(whole);
    const maskedCounts = artifacts.map((artifact) => artifact.methodMetadata.maskedOutputs as number);
    // Outputs masked once stay masked; each cycle masks the outputs of the turn that left the window.
    expect(maskedCounts).toEqual([...maskedCounts].sort((a, b) => a - b));
    expect(maskedCounts[3]).toBeGreaterThan(maskedCounts[0]!);
    const toolLines = (text: string) => text.split('\n').filter((line) => /^\[turn \d+\] tool /.test(line));
    for (let cycle = 1; cycle <= 3; cycle++) {
      const before = artifacts[cycle - 1]!.summaryText;
      const after = artifacts[cycle]!.summaryText;
      for (const line of toolLines(before).filter((line) => line.includes('omitted: '))) {
        expect(after).toContain(line);
      }
    }
  });
});
