import { createHash } from 'node:crypto';
import { brotliCompressSync, brotliDecompressSync, constants } from 'node:zlib';
import type Database from 'better-sqlite3';
import { StoreError } from './store-error.js';

// Every long or repeated text a run writes (artifacts, prompts, responses, the JSON of case, cycle and item
// data) lives once in `texts`, addressed by the SHA-256 of its UTF-8 bytes; rows hold the integer id. New
// texts written together (one case's records, or its artifacts) are concatenated into one brotli-compressed
// `text_packs` row, so the cycles of an incremental artifact, which repeat each other, compress as one
// stream. A text already stored (the same case data in every method's run, an identical response) is
// referenced, not written again.

/** Brotli settings: quality 5 is within ~3% of quality 9 on run data at a fifth of the time; 4 MB window. */
const brotliOptions = {
  params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_LGWIN]: 22 },
};

/** Writes texts, one pack per call, and returns their ids; the caller holds the transaction. */
export type TextWriter = (texts: readonly string[]) => number[];

/** Prepares the statements of the text writer once per connection. */
export function createTextWriter(database: Database.Database): TextWriter {
  const findText = database.prepare<[Buffer], number>('SELECT id FROM texts WHERE hash = ?').pluck();
  const insertPack = database.prepare<[string, number, Buffer]>(
    'INSERT INTO text_packs (encoding, size, body) VALUES (?, ?, ?)',
  );
  const insertText = database.prepare<[Buffer, number | bigint, number, number]>(
    'INSERT INTO texts (hash, pack_id, start, length) VALUES (?, ?, ?, ?)',
  );
  return (texts) => {
    const ids = new Array<number>(texts.length);
    const fresh: { hash: Buffer; bytes: Buffer; indexes: number[] }[] = [];
    const pending = new Map<string, (typeof fresh)[number]>();
    texts.forEach((text, index) => {
      const bytes = Buffer.from(text, 'utf8');
      const hash = createHash('sha256').update(bytes).digest();
      const key = hash.toString('hex');
      const waiting = pending.get(key);
      if (waiting !== undefined) {
        waiting.indexes.push(index);
        return;
      }
      const existing = findText.get(hash);
      if (existing !== undefined) {
        ids[index] = existing;
        return;
      }
      const entry = { hash, bytes, indexes: [index] };
      pending.set(key, entry);
      fresh.push(entry);
    });
    if (fresh.length === 0) return ids;
    const body = Buffer.concat(fresh.map((entry) => entry.bytes));
    const packId = insertPack.run('br', body.length, brotliCompressSync(body, brotliOptions)).lastInsertRowid;
    let start = 0;
    for (const entry of fresh) {
      const id = Number(insertText.run(entry.hash, packId, start, entry.bytes.length).lastInsertRowid);
      for (const index of entry.indexes) ids[index] = id;
      start += entry.bytes.length;
    }
    return ids;
  };
}

/** Reads texts by id: each pack is inflated once per reader, and only while `keepPacks` recent ones fit. */
export interface TextReader {
  /** The texts of these ids (nulls stay null). @throws StoreError `store_failed` for a missing or damaged text. */
  read(ids: readonly (number | null)[]): (string | null)[];
}

interface TextRow {
  id: number;
  pack_id: number;
  start: number;
  length: number;
}

/** A reader over one connection; a few inflated packs are kept, as one case's texts share one or two packs. */
export function createTextReader(database: Database.Database, path: string, keepPacks = 8): TextReader {
  const selectTexts = database.prepare<[string], TextRow>(
    'SELECT id, pack_id, start, length FROM texts WHERE id IN (SELECT value FROM json_each(?))',
  );
  const selectPack = database.prepare<[number], { encoding: string; size: number; body: Buffer }>(
    'SELECT encoding, size, body FROM text_packs WHERE id = ?',
  );
  const packs = new Map<number, Buffer>();
  const inflate = (packId: number): Buffer => {
    const cached = packs.get(packId);
    if (cached !== undefined) return cached;
    const row = selectPack.get(packId);
    if (row === undefined) throw damaged(path, `text pack ${packId} is missing`);
    if (row.encoding !== 'br')
      throw damaged(path, `text pack ${packId} has unknown encoding ${row.encoding}`);
    const body = brotliDecompressSync(row.body);
    if (body.length !== row.size) throw damaged(path, `text pack ${packId} inflates to the wrong size`);
    if (packs.size >= keepPacks) packs.delete(packs.keys().next().value as number);
    packs.set(packId, body);
    return body;
  };
  return {
    read(ids) {
      const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
      const rows = new Map<number, TextRow>();
      // Batches keep the JSON list short; a case has at most a few hundred texts.
      for (let offset = 0; offset < wanted.length; offset += 500) {
        for (const row of selectTexts.all(JSON.stringify(wanted.slice(offset, offset + 500)))) {
          rows.set(row.id, row);
        }
      }
      const texts = new Map<number, string>();
      // Grouped by pack, so a pack is inflated once even when the cache is small.
      const byPack = [...rows.values()].sort((a, b) => a.pack_id - b.pack_id || a.start - b.start);
      for (const row of byPack) {
        const body = inflate(row.pack_id);
        texts.set(row.id, body.toString('utf8', row.start, row.start + row.length));
      }
      return ids.map((id) => {
        if (id === null) return null;
        const text = texts.get(id);
        if (text === undefined) throw damaged(path, `text ${id} is missing`);
        return text;
      });
    },
  };
}

function damaged(path: string, detail: string): StoreError {
  return new StoreError(
    'store_failed',
    path,
    `${path} is damaged: ${detail}; restore a copy of the file (store.checkIntegrity() lists what is wrong)`,
  );
}
