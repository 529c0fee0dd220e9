import { describe, expect, it } from 'vitest';
import { createLexicalTarget } from '../../../src/bench/reader/index.js';
import { parseArtifactText } from '../../../src/bench/reader/parse-artifact-text.js';
import { toolExchanges } from '../../../src/bench/reader/tool-exchanges.js';
import { makeItem } from './make-item.js';
import { transcriptArtifact } from './noise.js';

const BATCH = [
  '[turn 3] assistant calls search {"pattern":"retry"}',
  '[turn 3] assistant calls read_file {"path":"config/retry.yaml"}',
  '[turn 3] tool search: src/retry.ts:12: export function retry()',
  'src/queue.ts:40: retry(job)',
  '[turn 3] tool read_file: attempts: 4',
  'base_delay_ms: 250',
  '[turn 4] user: thanks',
].join('\n');

describe('toolExchanges', () => {
  it('pairs calls written together with the outputs after them, in order, and knows where each output ends', () => {
    const parsed = parseArtifactText(BATCH);
    const { partner, inOutput, outputEnd } = toolExchanges(parsed);
    expect(Array.from(partner)).toEqual([2, 4, 0, 0, 1, 1, -1]);
    expect(Array.from(inOutput)).toEqual([0, 0, 1, 1, 1, 1, 0]);
    expect(outputEnd[2]).toBe(4);
    expect(outputEnd[4]).toBe(6);
  });

  it('leaves a call of an earlier batch that got no output unpaired', () => {
    const parsed = parseArtifactText(
      [
        '[turn 2] assistant calls run_command {"command":"make lint"}',
        '[turn 2] assistant: Lint is clean.',
        '[turn 2] assistant calls run_command {"command":"dig +short api.example.net"}',
        '[turn 2] tool run_command: 198.51.100.7',
      ].join('\n'),
    );
    expect(Array.from(toolExchanges(parsed).partner)).toEqual([-1, -1, 3, 2]);
  });

  it('reads the output of a call that failed as an output too', () => {
    const parsed = parseArtifactText(
      [
        '[turn 5] assistant calls run_command {"command":"ruff check ."}',
        '[turn 5] tool run_command (failed): app/config.py:3:1: UP006 Use `list` in place of `List`',
        '[turn 6] user: ok',
      ].join('\n'),
    );
    expect(Array.from(toolExchanges(parsed).partner)).toEqual([1, 0, -1]);
    expect(Array.from(toolExchanges(parsed).inOutput)).toEqual([0, 1, 0]);
  });
});

describe('lexical reader: a call and its result answer together', () => {
  async function ask(artifactText: string, prompt: string) {
    return createLexicalTarget().answer({
      artifactText,
      item: makeItem({ type: 'immutable_fact_recall', prompt }),
    });
  }

  it('quotes what a call returned when the question is asked in the words of the call', async () => {
    const artifactText = transcriptArtifact(120, {
      60: '[turn 9] assistant calls run_command {"command":"dig +short api-eu.example.org A"}',
      61: '[turn 9] tool run_command: 198.51.100.7',
    });
    const result = await ask(artifactText, 'What does api-eu.example.org resolve to right now?');
    expect(result.response).toContain('198.51.100.7');
  });

  it('quotes the call that names the file an output was read from, for "which file"', async () => {
    const artifactText = transcriptArtifact(120, {
      60: '[turn 9] assistant calls read_file {"path":"config/session-cookies.toml"}',
      61: '[turn 9] tool read_file: # session cookie settings for every environment',
      62: 'secure = true',
    });
    const result = await ask(artifactText, 'Which file holds the session cookie settings?');
    expect(result.response).toContain('config/session-cookies.toml');
  });

  it("reads the output of a call that failed as that call's output", () => {
    const parsed = parseArtifactText(
      [
        '[turn 2] assistant calls run_command {"command":"git commit -m wip"}',
        '[turn 2] tool run_command (failed): lint-staged....Failed',
        'Commit aborted.',
        '[turn 3] user: ok',
      ].join('\n'),
    );
    const { partner, inOutput } = toolExchanges(parsed);
    expect(Array.from(partner)).toEqual([1, 0, 0, -1]);
    expect(Array.from(inOutput)).toEqual([0, 1, 1, 0]);
  });
});
