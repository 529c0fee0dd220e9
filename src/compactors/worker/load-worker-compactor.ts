import { Worker } from 'node:worker_threads';
import type { CompactionArtifact } from '../../artifact/compaction-artifact.js';
import { CompactkitError } from '../../errors.js';
import type { LanguageModel } from '../../llm/types.js';
import type { Compactor, CompactorContext, CompactorInput } from '../types.js';
import {
  deserializeError,
  type FromWorker,
  serializeError,
  type ToWorker,
  type WorkerMethodInfo,
  type WorkerSetup,
} from './worker-protocol.js';

/** How long a method may take to load in its worker (a module that spins on import would hold the run). */
const DEFAULT_LOAD_TIMEOUT_MS = 60_000;

/** What `loadWorkerCompactor` takes besides the method. */
export interface LoadWorkerCompactorOptions {
  /** The method's options, as `loadCompactor` takes them (typed values or `--method-opt` text). */
  options?: Readonly<Record<string, unknown>>;
  /** How long loading may take in each new thread before it is terminated (default 60 000). */
  loadTimeoutMs?: number;
}

/** A compactor whose every `compact` runs in a worker thread; `close` ends the idle threads. */
export interface WorkerCompactor extends Compactor {
  /** Terminates every thread; later `compact` calls start new ones. */
  close(): Promise<void>;
}

/**
 * Loads a method (a built-in name, a module path or a package, as `loadCompactor` takes them) in a worker thread
 * and returns a compactor that runs each `compact` there, one call per thread, threads reused when idle. When
 * the call's `signal` aborts (a case deadline, a stop) the thread is terminated, so even a method that spins
 * (`for(;;){}`), never settles or keeps a timer alive gives the run back. Idle threads do not keep the process
 * alive. Model calls are made by this thread's `context.model`, so they are recorded as usual; a method in a
 * worker cannot make structured (schema) calls.
 * @throws what `loadCompactor` throws, rebuilt on this side (ValidationError with its issues, io_error, …).
 * @example const compactor = await loadWorkerCompactor('./my-method.ts', { options: { keepTurns: 8 } });
 */
export async function loadWorkerCompactor(
  spec: string,
  settings: LoadWorkerCompactorOptions = {},
): Promise<WorkerCompactor> {
  const setup: WorkerSetup = { spec, options: { ...(settings.options ?? {}) } };
  const loadTimeoutMs = settings.loadTimeoutMs ?? DEFAULT_LOAD_TIMEOUT_MS;
  const idle: Worker[] = [];
  const all = new Set<Worker>();
  const start = () => {
    const started = startWorker(setup, loadTimeoutMs);
    all.add(started.worker);
    // A thread may fail or end while idle (a timer the method left behind throws): it leaves the pool, and
    // its error, which the call in progress (if any) reports, must not become the whole process's.
    started.worker.on('error', () => undefined);
    started.worker.once('exit', () => {
      all.delete(started.worker);
      const index = idle.indexOf(started.worker);
      if (index >= 0) idle.splice(index, 1);
    });
    return started;
  };
  const first = start();
  const info = await first.ready;
  idle.push(first.worker);
  first.worker.unref();
  const take = async (): Promise<Worker> => {
    const reused = idle.pop();
    if (reused !== undefined) return reused;
    const started = start();
    await started.ready;
    return started.worker;
  };
  const compact = async (input: CompactorInput, context: CompactorContext): Promise<CompactionArtifact> => {
    context.signal?.throwIfAborted();
    const worker = await take();
    if (context.signal?.aborted === true) {
      // The deadline passed while a new thread loaded: keep the thread for the next call, start nothing.
      worker.unref();
      idle.push(worker);
      throw context.signal.reason;
    }
    worker.ref();
    try {
      const artifact = await callWorker(worker, input, context);
      worker.unref();
      idle.push(worker);
      return artifact;
    } catch (error) {
      // After an abort or a crash the thread's state is unknown: never reuse it.
      all.delete(worker);
      void worker.terminate();
      throw error;
    }
  };
  return Object.freeze({
    ...info,
    compact,
    close: async () => {
      idle.length = 0;
      await Promise.all([...all].map((worker) => worker.terminate()));
      all.clear();
    },
  });
}

/** The worker's entry: the compiled `.js` beside this file, or the `.ts` source when run from source (tsx). */
function workerEntry(): URL {
  const source = import.meta.url.endsWith('.ts');
  return new URL(`./compactor-worker.${source ? 'ts' : 'js'}`, import.meta.url);
}

function startWorker(
  setup: WorkerSetup,
  loadTimeoutMs: number,
): { worker: Worker; ready: Promise<WorkerMethodInfo> } {
  const entry = workerEntry();
  const worker = entry.pathname.endsWith('.ts')
    ? // From source, the worker loads its TypeScript through tsx, as the parent did.
      new Worker(
        `import(${JSON.stringify(import.meta.resolve('tsx/esm/api'))}).then((api) => api.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(entry.href)}));`,
        { eval: true, workerData: setup },
      )
    : new Worker(entry, { workerData: setup });
  const ready = new Promise<WorkerMethodInfo>((resolve, reject) => {
    const onMessage = (message: FromWorker) => {
      if (message.type === 'ready') resolve(message.info);
      else if (message.type === 'load-error') reject(deserializeError(message.error));
      else return;
      cleanup();
    };
    const onError = (error: unknown) => {
      cleanup();
      reject(new CompactkitError('io_error', `cannot load method ${setup.spec}: ${String(error)}`));
    };
    const onExit = (code: number) => {
      cleanup();
      reject(
        new CompactkitError('io_error', `cannot load method ${setup.spec}: its worker exited (${code})`),
      );
    };
    const timer = setTimeout(() => {
      cleanup();
      void worker.terminate();
      reject(
        new CompactkitError(
          'io_error',
          `cannot load method ${setup.spec}: it did not load within ${loadTimeoutMs} ms`,
        ),
      );
    }, loadTimeoutMs);
    const cleanup = () => {
      clearTimeout(timer);
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
  return { worker, ready };
}

/** One compaction in the worker; model calls answered from `context.model`; the signal terminates it. */
function callWorker(
  worker: Worker,
  input: CompactorInput,
  context: CompactorContext,
): Promise<CompactionArtifact> {
  return new Promise<CompactionArtifact>((resolve, reject) => {
    const { model, signal } = context;
    const send = (message: ToWorker) => worker.postMessage(message);
    const onMessage = (message: FromWorker) => {
      if (message.type === 'compact-result') finish(() => resolve(message.artifact));
      else if (message.type === 'compact-error') finish(() => reject(deserializeError(message.error)));
      else if (message.type === 'model-call') answerModelCall(model, message, signal, send);
    };
    const onError = (error: unknown) =>
      finish(() =>
        reject(new CompactkitError('method_failed', `the method's worker failed: ${String(error)}`)),
      );
    const onExit = (code: number) =>
      finish(() =>
        reject(
          new CompactkitError('method_failed', `the method's worker exited (code ${code}) during compact`),
        ),
      );
    const onAbort = () => finish(() => reject(signal?.reason));
    const finish = (settle: () => void) => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
      signal?.removeEventListener('abort', onAbort);
      settle();
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
    signal?.addEventListener('abort', onAbort, { once: true });
    try {
      send({ type: 'compact', input, ...(model === undefined ? {} : { modelId: model.id }) });
    } catch (error) {
      finish(() =>
        reject(new CompactkitError('method_failed', `cannot send the input to the worker: ${String(error)}`)),
      );
    }
  });
}

function answerModelCall(
  model: LanguageModel | undefined,
  message: Extract<FromWorker, { type: 'model-call' }>,
  signal: AbortSignal | undefined,
  send: (message: ToWorker) => void,
): void {
  const { callId, request } = message;
  if (model === undefined) {
    send({
      type: 'model-error',
      callId,
      error: serializeError(new CompactkitError('method_failed', 'no model was given to this method')),
    });
    return;
  }
  model.complete({ ...request, ...(signal === undefined ? {} : { signal }) }).then(
    (completion) => send({ type: 'model-result', callId, completion }),
    (error: unknown) => send({ type: 'model-error', callId, error: serializeError(error) }),
  );
}
