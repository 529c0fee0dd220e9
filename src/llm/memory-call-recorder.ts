import type { CallRecorder, RecordedCall } from './types.js';

/**
 * A `CallRecorder` in memory: for tests, and for runs that need replay within one process without a database.
 * Calls go through JSON on the way in and out, as they would through the SQLite store.
 * @example const recorder = new MemoryCallRecorder(); wrapRecordReplay(model, { recorder, mode: 'read-write' });
 */
export class MemoryCallRecorder implements CallRecorder {
  private readonly recorded: RecordedCall[] = [];

  /** Every recorded call, oldest first (copies). */
  get calls(): RecordedCall[] {
    return this.recorded.map(copy);
  }

  find(key: string): RecordedCall | undefined {
    for (let index = this.recorded.length - 1; index >= 0; index--) {
      const call = this.recorded[index]!;
      if (call.key === key && call.response !== undefined && call.error === undefined) return copy(call);
    }
    return undefined;
  }

  record(call: RecordedCall): void {
    this.recorded.push(copy(call));
  }
}

function copy(call: RecordedCall): RecordedCall {
  return JSON.parse(JSON.stringify(call)) as RecordedCall;
}
