import { execFile } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../../src/store/index.js';
import { type FakeServer, openAIReply, startFakeServer } from '../llm/fake-servers.js';

const root = new URL('../..', import.meta.url).pathname;
const directory = mkdtempSync(join(tmpdir(), 'compactkit-eval-cli-'));

function cli(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', join(root, 'src/cli/main.ts'), ...args],
      {
        cwd: root,
        maxBuffer: 64 * 1024 * 1024,
        env: {
          ...process.env,
          CI: 'true',
          // Never the real hub: a closed local port, and a cache of our own.
          HF_ENDPOINT: 'http://127.0.0.1:9',
          COMPACTKIT_CACHE_DIR: join(directory, 'cache'),
          ...env,
        },
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) : 0, stdout, stderr }),
    );
  });
}

describe('compactkit eval', () => {
  let server: FakeServer;
  beforeAll(async () => {
    server = await startFakeServer('openai');
    // The "proxy" answers with the capitalised word after "capital of ... is" in the prompt, else "unknown".
    server.setFallback((request) => {
      const messages = request.body.messages as { content: string }[];
      const prompt = messages.map((message) => message.content).join('\n');
      const match = /is ([A-Z][a-z]+)\./.exec(prompt);
      return {
        ...openAIReply(match ? (match[1] as string) : 'unknown', { input: 40, output: 2 }),
        delayMs: 20,
      };
    });
  });
  afterAll(() => server.close());

  it('compares systems side by side on a JSONL file and prints JSON', async () => {
    const result = await cli([
      'eval',
      '--dataset',
      'examples/qa.jsonl',
      '--system',
      'identity',
      '--system',
      'truncate:20',
      '--system',
      'identity',
      '--output',
      'json',
      '--no-store',
      '--no-progress',
    ]);
    expect(result.stderr).toBe('');
    expect(result.code).toBe(0);
    const parsed = JSON.parse(result.stdout) as {
      summary: Record<string, Record<string, number>>;
      rows: unknown[];
    };
    expect(Object.keys(parsed.summary)).toEqual(['identity', 'truncate-20', 'identity#2']);
    expect(parsed.rows).toHaveLength(15);
    expect(parsed.summary['truncate-20']?.compression_ratio).toBeGreaterThan(1);
    expect(parsed.summary.identity?.compression_ratio).toBe(1);
  });

  it('runs an OpenAI-compatible proxy with --max-workers requests in flight, stores rows and resumes', async () => {
    const dataset = join(directory, 'capitals.jsonl');
    const countries = ['France', 'Spain', 'Italy', 'Japan', 'Peru', 'Chile', 'Kenya', 'Egypt'];
    const capitals = ['Paris', 'Madrid', 'Rome', 'Tokyo', 'Lima', 'Santiago', 'Nairobi', 'Cairo'];
    writeFileSync(
      dataset,
      countries
        .map((country, index) =>
          JSON.stringify({
            id: country,
            context: `The capital of ${country} is ${capitals[index]}.`,
            question: `Capital of ${country}?`,
            answer: capitals[index],
          }),
        )
        .join('\n'),
    );
    const db = join(directory, 'store.db');
    const args = [
      'eval',
      '--dataset',
      dataset,
      '--system',
      `proxy:${server.baseURL}`,
      '--max-workers',
      '3',
      '--db',
      db,
      '--output',
      'json',
      '--no-progress',
    ];
    const first = await cli(args);
    expect(first.stderr).toBe('');
    expect(first.code).toBe(0);
    expect(server.requests).toHaveLength(8);
    expect(server.maxInFlight).toBe(3);
    expect(server.requests[0]?.path).toBe('/v1/chat/completions');
    expect(JSON.stringify(server.requests[0]?.body.messages)).toContain('The capital of France is Paris.');
    const summary = (JSON.parse(first.stdout) as { summary: Record<string, Record<string, number>> }).summary;
    expect(summary[`proxy:${server.baseURL}`]).toMatchObject({
      examples: 8,
      failed: 0,
      mean_f1: 1,
      pass_rate: 1,
    });
    const store = openStore({ path: db, readonly: true });
    const run = store.runs.list({ kind: 'evaluate' })[0];
    expect(run?.status).toBe('complete');
    expect(store.readRun(run?.id as string).evaluationRows).toHaveLength(8);
    store.close();
    const again = await cli(args);
    expect(again.code).toBe(0);
    expect(server.requests).toHaveLength(8);
    expect(JSON.parse(again.stdout).summary).toEqual(JSON.parse(first.stdout).summary);
  });

  it('skips a bad record naming its line and field, or stops on it with exit 2', async () => {
    const file = join(directory, 'bad.jsonl');
    writeFileSync(
      file,
      `${JSON.stringify({ id: 1, context: 'a', answer: 'a' })}\n${JSON.stringify({ id: 2, answer: 'b' })}\n{oops\n`,
    );
    const skipped = await cli(['eval', '--dataset', file, '--no-store', '--no-progress']);
    expect(skipped.code).toBe(0);
    expect(skipped.stderr).toContain('compactkit: skipped bad.jsonl:2: context: missing or not a string');
    expect(skipped.stderr).toContain('compactkit: skipped bad.jsonl:3: not JSON');
    const failed = await cli([
      'eval',
      '--dataset',
      file,
      '--on-bad-record',
      'fail',
      '--no-store',
      '--no-progress',
    ]);
    expect(failed.code).toBe(2);
    expect(failed.stderr).toBe('compactkit: bad.jsonl:2: context: missing or not a string\n');
  });

  it('a missing or empty file, or an unknown system, is one line and exit 2', async () => {
    const missing = await cli(['eval', '--dataset', join(directory, 'nope.jsonl'), '--no-store']);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/^compactkit: .*nope\.jsonl: no such dataset file\n$/);
    const empty = join(directory, 'empty.csv');
    writeFileSync(empty, '');
    const emptied = await cli(['eval', '--dataset', empty, '--no-store']);
    expect(emptied.code).toBe(2);
    expect(emptied.stderr).toMatch(/^compactkit: .*empty\.csv: the dataset file is empty\n$/);
    const unknown = await cli(['eval', '--dataset', 'examples/qa.jsonl', '--system', 'magic', '--no-store']);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain(
      'system "magic": unknown system; known: compactor, identity, model, proxy, truncate',
    );
  });

  it('compactkit report renders stored evaluation runs as self-contained HTML, Markdown or JSON', async () => {
    const db = join(directory, 'report.db');
    const ran = await cli([
      'eval',
      '--dataset',
      'examples/qa.jsonl',
      '--system',
      'identity',
      '--system',
      'truncate:20',
      '--db',
      db,
      '--no-progress',
    ]);
    expect(ran.code).toBe(0);
    const store = openStore({ path: db, readonly: true });
    const runIds = store.runs.list({ kind: 'evaluate' }).map((run) => run.id);
    store.close();
    expect(runIds).toHaveLength(2);
    const out = join(directory, 'evaluation.html');
    const written = await cli(['report', ...runIds, '--db', db, '--out', out]);
    expect(written.stderr).toBe('');
    expect(written.stdout).toBe(`report: ${out}\n`);
    const html = readFileSync(out, 'utf8');
    expect(html).toContain('Content-Security-Policy" content="default-src \'none\'');
    expect(html).not.toMatch(/<script|https?:\/\/(?!www\.w3\.org)/);
    expect(html).toContain('<svg class="chart"');
    expect(html).toContain('95% CI');
    expect(html).toContain('truncate-20');
    expect(html).toContain('q5');
    const markdown = await cli(['report', ...runIds, '--db', db, '--format', 'md']);
    expect(markdown.stdout).toContain('identity');
    const json = JSON.parse((await cli(['report', ...runIds, '--db', db, '--format', 'json'])).stdout) as {
      rows: unknown[];
    };
    expect(json.rows).toHaveLength(10);
  });

  it('evaluates a registered dataset from --data-dir with its own evaluators, and datasets list names all 44', async () => {
    const dataDir = join(directory, 'gsm8k', 'main');
    mkdirSync(dataDir, { recursive: true });
    writeFileSync(
      join(dataDir, 'test.jsonl'),
      `${JSON.stringify({ question: 'What is 2 + 2?', answer: '2 + 2 = 4\n#### 4' })}\n`,
    );
    const result = await cli([
      'eval',
      '--dataset',
      'gsm8k',
      '--data-dir',
      join(directory, 'gsm8k'),
      '--output',
      'json',
      '--no-store',
      '--no-progress',
    ]);
    expect(result.stderr).toBe('');
    const parsed = JSON.parse(result.stdout) as {
      rows: { scores: Record<string, number>; dataset: string }[];
    };
    expect(parsed.rows[0]).toMatchObject({ dataset: 'gsm8k', scores: { math_equiv: 0 } });
    const offline = await cli(['eval', '--dataset', 'hotpotqa', '--no-store', '--no-progress']);
    expect(offline.code).toBe(2);
    // A set the hub's parquet conversion does not cover says in one line where to download it.
    const published = await cli(['eval', '--dataset', 'nolima', '--no-store', '--no-progress']);
    expect(published.code).toBe(2);
    expect(published.stderr.trim().split('\n')).toHaveLength(1);
    expect(published.stderr).toContain('huggingface.co/datasets/amodaresi/NoLiMa');
    const listed = await cli(['datasets', 'list', '--json']);
    const rows = JSON.parse(listed.stdout) as {
      name: string;
      source: string;
      evaluators: string;
      cached: boolean;
    }[];
    expect(rows.find((row) => row.name === 'locomo')).toMatchObject({
      source: 'https://github.com/snap-research/locomo (data/locomo10.json) (--data-dir)',
      cached: false,
    });
    expect(rows).toHaveLength(44);
    expect(rows.find((row) => row.name === 'gsm8k')).toMatchObject({ evaluators: 'math_equivalence' });
  });

  it('downloads a registered dataset from the hub layout with progress on stderr, then reads it from the cache', async () => {
    const { parquetWriteBuffer } = await import('hyparquet-writer');
    const parquet = Buffer.from(
      parquetWriteBuffer({
        columnData: [
          { name: 'question', data: ['What is 1 + 1?'], type: 'STRING' },
          { name: 'answer', data: ['#### 2'], type: 'STRING' },
        ],
      }),
    );
    const { createServer } = await import('node:http');
    const paths: string[] = [];
    const hub = createServer((request, response) => {
      paths.push(request.url ?? '');
      if (request.url?.endsWith('/main/test/0000.parquet'))
        response.writeHead(200, { 'content-length': String(parquet.length) }).end(parquet);
      else response.writeHead(404).end();
    });
    await new Promise<void>((resolve) => hub.listen(0, '127.0.0.1', resolve));
    const port = (hub.address() as { port: number }).port;
    const env = {
      HF_ENDPOINT: `http://127.0.0.1:${port}`,
      COMPACTKIT_CACHE_DIR: join(directory, 'hub-cache'),
    };
    try {
      const first = await cli(['eval', '--dataset', 'gsm8k', '--output', 'json', '--no-store'], env);
      expect(first.code).toBe(0);
      expect(first.stderr).toContain('download 0000.parquet');
      expect(paths[0]).toBe('/datasets/openai/gsm8k/resolve/refs%2Fconvert%2Fparquet/main/test/0000.parquet');
      const requests = paths.length;
      const again = await cli(
        ['eval', '--dataset', 'gsm8k', '--output', 'json', '--no-store', '--no-progress'],
        env,
      );
      expect(again.code).toBe(0);
      expect(paths).toHaveLength(requests);
      expect((JSON.parse(again.stdout) as { rows: unknown[] }).rows).toHaveLength(1);
    } finally {
      await new Promise<void>((resolve) => hub.close(() => resolve()));
    }
  });
});
