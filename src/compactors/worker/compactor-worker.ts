/**
 * The worker thread a method runs in (see `loadWorkerCompactor`): loads the method once, then compacts one input
 * at a time. The parent terminates the thread at a case's deadline, so a method that spins or never settles
 * cannot hold the run. Model calls go back to the parent, which records them in the store.
 */
import { parentPort, workerData } from 'node:worker_threads';
import type { Completion, CompletionRequest, LanguageModel } from '../../llm/types.js';
import { loadCompactor } from '../registry/load-compactor.js';
import type { Compactor } from '../types.js';
import {
  deserializeError,
  type FromWorker,
  serializeError,
  type ToWorker,
  type WorkerSetup,
} from './worker-protocol.js';

const port = parentPort;
if (port === null) throw new Error('compactor-worker runs only as a worker thread');
const setup = workerData as WorkerSetup;
const post = (message: FromWorker) => port.postMessage(message);
const pendingCalls = new Map<
  number,
  { resolve: (value: Completion) => void; reject: (error: unknown) => void }
>();
let nextCallId = 0;

/** The parent's model, reached by messages. A schema cannot cross threads, so structured calls are refused. */
const proxyModel = (id: string): LanguageModel => ({
  id,
  complete<T>(request: CompletionRequest<T>): Promise<Completion<T>> {
    if (request.schema !== undefined) {
      return Promise.reject(
        new Error('a method in a worker thread cannot make structured (schema) calls; run it in-process'),
      );
    }
    const { signal: _signal, schema: _schema, ...plain } = request;
    const callId = nextCallId++;
    return new Promise<Completion>((resolve, reject) => {
      pendingCalls.set(callId, { resolve, reject });
      post({ type: 'model-call', callId, request: plain });
    }) as Promise<Completion<T>>;
  },
});

let compactor: Compactor;
try {
  compactor = await loadCompactor(setup.spec, setup.options);
  post({
    type: 'ready',
    info: {
      name: compactor.name,
      version: compactor.version,
      ...(compactor.description === undefined ? {} : { description: compactor.description }),
      ...(compactor.needsModel === undefined ? {} : { needsModel: compactor.needsModel }),
      ...(compactor.deterministic === undefined ? {} : { deterministic: compactor.deterministic }),
      ...(compactor.config === undefined ? {} : { config: { ...compactor.config } }),
    },
  });
} catch (error) {
  post({ type: 'load-error', error: serializeError(error) });
  process.exit(0);
}

// The listener keeps the thread alive while a compaction awaits something that holds no handle of its own.
port.on('message', (message: ToWorker) => {
  if (message.type === 'compact') {
    const context = message.modelId === undefined ? {} : { model: proxyModel(message.modelId) };
    compactor.compact(message.input, context).then(
      (artifact) => post({ type: 'compact-result', artifact }),
      (error: unknown) => post({ type: 'compact-error', error: serializeError(error) }),
    );
    return;
  }
  const pending = pendingCalls.get(message.callId);
  pendingCalls.delete(message.callId);
  if (message.type === 'model-result') pending?.resolve(message.completion);
  else pending?.reject(deserializeError(message.error));
});
