import { createHash } from 'node:crypto';
import { createReadStream, existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CompactkitError } from '../../errors.js';

/** Where a hub dataset's parquet files are and where they go. */
export interface HubSource {
  /** The Hugging Face dataset id, e.g. `hotpotqa/hotpot_qa`. */
  id: string;
  config: string;
  split: string;
}

/** Options of `downloadHubParquet`. */
export interface HubDownloadOptions {
  /** `~/.cache/compactkit` unless `COMPACTKIT_CACHE_DIR` says otherwise. */
  cacheDir?: string;
  /** The hub's address; `HF_ENDPOINT` or https://huggingface.co. */
  endpoint?: string;
  /** A token for gated sets; `HF_TOKEN` when absent. */
  token?: string;
  /** The dataset's short name, for error messages. */
  name?: string;
  onProgress?: (progress: { file: string; receivedBytes: number; totalBytes?: number }) => void;
  signal?: AbortSignal;
}

/** The cache root, read from the environment at call time. */
export function defaultCacheDir(): string {
  return process.env.COMPACTKIT_CACHE_DIR ?? join(homedir(), '.cache', 'compactkit');
}

/** The folder of a source's cached files. */
export function cachedSourceDir(source: HubSource, cacheDir = defaultCacheDir()): string {
  return join(cacheDir, 'datasets', ...source.id.split('/'), source.config, source.split);
}

/** The cached parquet files of a source, in order, or an empty list. */
export function cachedParquetFiles(source: HubSource, cacheDir = defaultCacheDir()): string[] {
  const directory = cachedSourceDir(source, cacheDir);
  const files: string[] = [];
  for (let index = 0; existsSync(join(directory, fileName(index))); index += 1)
    files.push(join(directory, fileName(index)));
  return files;
}

const fileName = (index: number) => `${String(index).padStart(4, '0')}.parquet`;

/**
 * The hub's URL of a split's nth parquet file, in the layout of the hub's parquet conversion:
 * `<endpoint>/datasets/<id>/resolve/refs%2Fconvert%2Fparquet/<config>/<split>/<nnnn>.parquet`.
 */
export function hubParquetUrl(source: HubSource, index: number, endpoint: string): string {
  const path = [source.config, source.split, fileName(index)].map(encodeURIComponent).join('/');
  return `${endpoint.replace(/\/$/, '')}/datasets/${source.id}/resolve/refs%2Fconvert%2Fparquet/${path}`;
}

async function sha256Of(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * Downloads every parquet file of a split into the cache (0000, 0001, ... until the hub has no more) and
 * returns their paths. A partial file is resumed with a Range request; a file whose ETag is a SHA-256 (as the
 * hub sends for stored files) is checked against it. Already cached splits are not fetched again.
 * @throws CompactkitError `io_error` when the hub cannot be reached or refuses the request.
 */
export async function downloadHubParquet(
  source: HubSource,
  options: HubDownloadOptions = {},
): Promise<string[]> {
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const cached = cachedParquetFiles(source, cacheDir);
  if (cached.length > 0) return cached;
  const endpoint = options.endpoint ?? process.env.HF_ENDPOINT ?? 'https://huggingface.co';
  const token = options.token ?? process.env.HF_TOKEN;
  const name = options.name ?? source.id;
  const directory = cachedSourceDir(source, cacheDir);
  const files: string[] = [];
  for (let index = 0; ; index += 1) {
    const target = join(directory, fileName(index));
    const partial = `${target}.part`;
    const offset = existsSync(partial) ? statSync(partial).size : 0;
    let response: Response;
    try {
      response = await fetch(hubParquetUrl(source, index, endpoint), {
        headers: {
          ...(token ? { authorization: `Bearer ${token}` } : {}),
          ...(offset > 0 ? { range: `bytes=${offset}-` } : {}),
        },
        ...(options.signal ? { signal: options.signal } : {}),
      });
    } catch (error) {
      throw new CompactkitError(
        'io_error',
        `${name}: not cached and the hub is unreachable; download it or pass --data-dir`,
        { cause: error },
      );
    }
    if (response.status === 404 && index > 0) break;
    if (response.status === 404)
      throw new CompactkitError(
        'io_error',
        `${name}: the hub has no parquet files for ${source.config}/${source.split} of ${source.id}`,
      );
    if (response.status === 401 || response.status === 403)
      throw new CompactkitError(
        'io_error',
        `${name}: the hub refused access (HTTP ${response.status}); a gated set needs HF_TOKEN`,
      );
    if (!response.ok && response.status !== 206)
      throw new CompactkitError(
        'io_error',
        `${name}: the hub answered HTTP ${response.status} for ${source.config}/${source.split}/${fileName(index)}`,
      );
    mkdirSync(dirname(target), { recursive: true });
    // A server that ignores the Range header sends the whole file again: start over then.
    const append = response.status === 206 && offset > 0;
    const handle = await open(partial, append ? 'a' : 'w');
    const totalHeader = response.headers.get('content-length');
    const totalBytes = totalHeader === null ? undefined : Number(totalHeader) + (append ? offset : 0);
    let receivedBytes = append ? offset : 0;
    try {
      if (response.body) {
        for await (const chunk of response.body) {
          await handle.write(chunk);
          receivedBytes += chunk.byteLength;
          options.onProgress?.({
            file: fileName(index),
            receivedBytes,
            ...(totalBytes === undefined ? {} : { totalBytes }),
          });
        }
      }
    } finally {
      await handle.close();
    }
    const etag = (response.headers.get('x-linked-etag') ?? response.headers.get('etag') ?? '')
      .replace(/^W\//, '')
      .replaceAll('"', '');
    if (/^[0-9a-f]{64}$/.test(etag)) {
      const actual = await sha256Of(partial);
      if (actual !== etag) {
        rmSync(partial, { force: true });
        throw new CompactkitError(
          'io_error',
          `${name}: ${fileName(index)} does not match the hub's checksum (got ${actual.slice(0, 12)}…, expected ${etag.slice(0, 12)}…); run again to download it afresh`,
        );
      }
    }
    renameSync(partial, target);
    files.push(target);
  }
  return files;
}
