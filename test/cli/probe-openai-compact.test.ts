import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeServer, startFakeServer, textReply } from '../llm/fake-servers.js';
import { runBuiltCliAsync } from '../support/built-cli.js';

/** Runs the built CLI without blocking this process, which serves the fake API; no key or URL is inherited. */
function cli(args: string[], env: Record<string, string> = {}) {
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([key]) => !/API_KEY|BASE_URL/.test(key)),
  ) as Record<string, string>;
  return runBuiltCliAsync(args, { env: { ...clean, ...env }, replaceEnvironment: true });
}

const SESSION = 'samples/sessions/codex/rollout-2026-10-14T09-12-03-debugging-retry-attempts.jsonl';
const COMPACTION_ITEM = '{"type":"compaction","id":"cmp_9","encrypted_content":"gAAAAABpX2-Qw/9+zz=="}';

describe('compactkit probe --method openai-compact, against a fake Responses API server', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer('openai-responses');
    server.setFallback((request) =>
      request.path === '/v1/responses/compact'
        ? {
            rawBody: `{"id":"resp_c","object":"response.compaction","created_at":1,"output":[{"type":"message","role":"user","content":[{"type":"input_text","text":"The retry test fails."}]},${COMPACTION_ITEM}],"usage":{"input_tokens":900,"output_tokens":120,"total_tokens":1020}}`,
          }
        : textReply(
            'openai-responses',
            'The first failing command was npx vitest run test/llm/retry.test.ts.',
          ),
    );
  });
  afterAll(async () => {
    await server.close();
  });

  it('compacts once with the model under test and answers every probe from the opaque window', async () => {
    const run = await cli(
      [
        'probe',
        SESSION,
        '--method',
        'openai-compact',
        '--model',
        'openai:gpt-5.1-codex-max',
        '--no-store',
        '--json',
      ],
      { OPENAI_API_KEY: 'sk-test', OPENAI_BASE_URL: server.baseURL },
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const json = JSON.parse(run.stdout) as {
      results: { method: string; answer?: string; error?: unknown; tokensAfter: number }[];
    };
    expect(json.results.length).toBeGreaterThan(0);
    for (const result of json.results) {
      expect(result.method).toBe('openai-compact');
      expect(result.error).toBeUndefined();
      expect(result.answer).toContain('npx vitest run test/llm/retry.test.ts');
    }
    const compacts = server.requests.filter((request) => request.path === '/v1/responses/compact');
    const answers = server.requests.filter((request) => request.path === '/v1/responses');
    expect(compacts).toHaveLength(1);
    expect(compacts[0]?.body.model).toBe('gpt-5.1-codex-max');
    expect(compacts[0]?.headers.authorization).toBe('Bearer sk-test');
    expect(answers).toHaveLength(json.results.length);
    for (const request of answers) {
      expect(request.body.model).toBe('gpt-5.1-codex-max');
      expect(request.rawBody).toContain(COMPACTION_ITEM);
    }
  });

  it('exits 2 with one line when no OpenAI model can read the window back', async () => {
    const lexical = await cli(['probe', SESSION, '--method', 'openai-compact', '--no-store']);
    expect(lexical.code).toBe(2);
    expect(lexical.stderr).toBe(
      'compactkit: --method openai-compact: its compacted context is an opaque encrypted item only an OpenAI model can read, so the lexical reader cannot answer from it: add --model openai:<model>\n',
    );
    const claude = await cli(
      [
        'probe',
        SESSION,
        '--method',
        'openai-compact',
        '--model',
        'anthropic:claude-sonnet-4-5',
        '--no-store',
      ],
      { ANTHROPIC_API_KEY: 'sk-test' },
    );
    expect(claude.code).toBe(2);
    expect(claude.stderr).toBe(
      'compactkit: --model: openai-compact needs an openai:<model> spec, got anthropic:claude-sonnet-4-5\n',
    );
  });
});
