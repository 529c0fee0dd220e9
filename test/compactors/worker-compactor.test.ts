import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadWorkerCompactor } from '../../src/compactors/worker/load-worker-compactor.js';
import { CompactkitError, ValidationError } from '../../src/errors.js';
import { createMockLanguageModel } from '../../src/llm/index.js';

const fixtures = new URL('../faults/fixtures/', import.meta.url).pathname;
const transcript = [{ role: 'user' as const, content: 'Ship on Friday.' }];

describe('loadWorkerCompactor', () => {
  it('runs a plugin in a worker thread and returns its artifact and identity', async () => {
    const compactor = await loadWorkerCompactor(join(fixtures, 'leaves-timer.mjs'));
    try {
      expect(compactor.name).toBe('leaves-timer');
      const artifact = await compactor.compact({ transcript }, {});
      expect(artifact.summaryText).toBe('user: Ship on Friday.');
    } finally {
      await compactor.close();
    }
  });

  it('terminates a spinning method when the signal aborts, and rejects with its reason', async () => {
    const compactor = await loadWorkerCompactor(join(fixtures, 'spins.mjs'));
    try {
      const controller = new AbortController();
      const pending = compactor.compact({ transcript }, { signal: controller.signal });
      setTimeout(() => controller.abort(new CompactkitError('timeout', 'deadline')), 50);
      await expect(pending).rejects.toMatchObject({ code: 'timeout', message: 'deadline' });
      // A new thread takes the next call.
      const again = compactor.compact({ transcript }, { signal: AbortSignal.abort('gone') });
      await expect(again).rejects.toBe('gone');
    } finally {
      await compactor.close();
    }
  });

  it('loads a built-in method by name and rebuilds load errors with their issues', async () => {
    const oracle = await loadWorkerCompactor('oracle');
    expect(oracle.version).toBe('1.0.0');
    await oracle.close();
    await expect(loadWorkerCompactor('truncate-last-n', { options: { nope: '1' } })).rejects.toBeInstanceOf(
      ValidationError,
    );
  });

  it('a thread that fails while idle leaves the pool; the next call gets a new one', async () => {
    const compactor = await loadWorkerCompactor(join(fixtures, 'throws-later.mjs'));
    try {
      await compactor.compact({ transcript }, {});
      await new Promise((resolve) => setTimeout(resolve, 300));
      const artifact = await compactor.compact({ transcript }, {});
      expect(artifact.summaryText).toBe('user: Ship on Friday.');
    } finally {
      await compactor.close();
    }
  });

  it('gives up on a module that spins while it loads, naming it', async () => {
    const spec = join(fixtures, 'spins-on-import.mjs');
    await expect(loadWorkerCompactor(spec, { loadTimeoutMs: 500 })).rejects.toMatchObject({
      code: 'io_error',
      message: `cannot load method ${spec}: it did not load within 500 ms`,
    });
  });

  it('answers the method’s model calls from this thread, so they can be recorded; errors keep their code', async () => {
    const compactor = await loadWorkerCompactor(join(fixtures, 'asks-model.mjs'));
    try {
      expect(compactor.needsModel).toBe(true);
      const model = createMockLanguageModel({ reply: 'the plan is Friday' });
      const artifact = await compactor.compact({ transcript }, { model });
      expect(artifact.summaryText).toBe(`${model.id}: the plan is Friday`);
      expect(model.calls.map((call) => call.messages[0]?.content)).toEqual(['Ship on Friday.']);
      const failing = createMockLanguageModel({
        reply: () => {
          throw new CompactkitError('provider_error', 'HTTP 500');
        },
      });
      await expect(compactor.compact({ transcript }, { model: failing })).rejects.toMatchObject({
        code: 'provider_error',
        message: 'HTTP 500',
      });
    } finally {
      await compactor.close();
    }
  });
});
