import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parquetWriteBuffer } from 'hyparquet-writer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  cachedParquetFiles,
  createEvaluationRegistry,
  downloadHubParquet,
  hubParquetUrl,
} from '../../../src/evaluate/index.js';

// A GSM8K-shaped parquet file, served with the hub's URL layout for its parquet conversion.
const parquet = Buffer.from(
  parquetWriteBuffer({
    columnData: [
      { name: 'question', data: ['What is 2 + 3?', 'What is 10 - 4?'], type: 'STRING' },
      { name: 'answer', data: ['2 + 3 = 5\n#### 5', '10 - 4 = 6\n#### 6'], type: 'STRING' },
    ],
  }),
);
const sha256 = createHash('sha256').update(parquet).digest('hex');
const FILE_PATH = '/datasets/openai/gsm8k/resolve/refs%2Fconvert%2Fparquet/main/test/0000.parquet';

interface Seen {
  path: string;
  range?: string;
  authorization?: string;
}

describe('hub download', () => {
  let server: Server;
  let endpoint: string;
  const seen: Seen[] = [];
  let corrupt = false;
  beforeAll(async () => {
    server = createServer((request, response) => {
      seen.push({
        path: request.url ?? '',
        ...(request.headers.range ? { range: request.headers.range } : {}),
        ...(request.headers.authorization ? { authorization: request.headers.authorization } : {}),
      });
      if (request.url !== FILE_PATH) {
        response.writeHead(404).end();
        return;
      }
      const body = corrupt ? Buffer.from(parquet).fill(0, 0, 4) : parquet;
      const range = /^bytes=(\d+)-$/.exec(request.headers.range ?? '');
      const start = range ? Number(range[1]) : 0;
      response.writeHead(range ? 206 : 200, {
        'content-length': String(body.length - start),
        'x-linked-etag': `"${sha256}"`,
      });
      response.end(body.subarray(start));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('uses the hub URL layout of the parquet conversion', () => {
    expect(
      hubParquetUrl({ id: 'openai/gsm8k', config: 'main', split: 'test' }, 0, 'https://huggingface.co/'),
    ).toBe(`https://huggingface.co${FILE_PATH}`);
  });

  it('downloads, verifies and caches; a cached set is not fetched again; the token is sent', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'compactkit-hub-'));
    const registry = createEvaluationRegistry({ hub: { endpoint, cacheDir, token: 'hf_test' } });
    const examples = await registry.get('dataset', 'gsm8k').load({});
    expect(examples.map((example) => example.question)).toEqual(['What is 2 + 3?', 'What is 10 - 4?']);
    expect(seen.filter((request) => request.path.endsWith('0000.parquet'))[0]?.authorization).toBe(
      'Bearer hf_test',
    );
    const source = { id: 'openai/gsm8k', config: 'main', split: 'test' };
    expect(cachedParquetFiles(source, cacheDir)).toHaveLength(1);
    const requests = seen.length;
    await registry.get('dataset', 'gsm8k').load({ n: 1 });
    expect(seen.length).toBe(requests);
  });

  it('resumes a partial download with a Range request', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'compactkit-hub-'));
    const directory = join(cacheDir, 'datasets', 'openai', 'gsm8k', 'main', 'test');
    mkdirSync(directory, { recursive: true });
    writeFileSync(join(directory, '0000.parquet.part'), parquet.subarray(0, 100));
    const files = await downloadHubParquet(
      { id: 'openai/gsm8k', config: 'main', split: 'test' },
      { endpoint, cacheDir },
    );
    expect(seen.some((request) => request.range === 'bytes=100-')).toBe(true);
    expect(
      createHash('sha256')
        .update(readFileSync(files[0] as string))
        .digest('hex'),
    ).toBe(sha256);
  });

  it('refuses a file that does not match the checksum, and says so when the hub is unreachable', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'compactkit-hub-'));
    corrupt = true;
    try {
      await expect(
        downloadHubParquet(
          { id: 'openai/gsm8k', config: 'main', split: 'test' },
          { endpoint, cacheDir, name: 'gsm8k' },
        ),
      ).rejects.toThrow("gsm8k: 0000.parquet does not match the hub's checksum");
    } finally {
      corrupt = false;
    }
    const offline = createEvaluationRegistry({ hub: { endpoint: 'http://127.0.0.1:9', cacheDir } });
    await expect(offline.get('dataset', 'hotpotqa').load({})).rejects.toThrow(
      'hotpotqa: not cached and the hub is unreachable; download it or pass --data-dir',
    );
  });
});
