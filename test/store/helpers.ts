import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect } from 'vitest';
import type { StoreErrorCode } from '../../src/errors.js';
import { StoreError } from '../../src/store/index.js';

/** A fresh temporary directory for one test's database files. */
export function temporaryDirectory(): string {
  return mkdtempSync(join(tmpdir(), 'compactkit-store-'));
}

/** SHA-256 of a file's bytes, to prove a refused file was not touched. */
export function hashFile(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

/** Runs `action`, expects a StoreError with `code`, and returns it for further checks. */
export function catchStoreError(action: () => unknown, code: StoreErrorCode): StoreError {
  try {
    action();
  } catch (error) {
    expect(error).toBeInstanceOf(StoreError);
    expect((error as StoreError).code).toBe(code);
    return error as StoreError;
  }
  throw new Error(`expected a StoreError ${code}`);
}
