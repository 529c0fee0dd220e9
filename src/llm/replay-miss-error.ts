import { CompactkitError } from '../errors.js';

/** Replay-only mode met a request that was never recorded. */
export class ReplayMissError extends CompactkitError {
  /** The cache key of the request. */
  readonly key: string;
  readonly modelId: string;

  constructor(key: string, modelId: string) {
    super(
      'replay_miss',
      `${modelId}: no recorded call with key ${key}; replay-only mode never calls the model: ` +
        `run once with cache mode read-write (or refresh) to record it`,
    );
    this.name = 'ReplayMissError';
    this.key = key;
    this.modelId = modelId;
  }
}
