import type { System } from '../types.js';

/** The baseline: passes the context through untouched, as both the response and the produced context. */
export function identitySystem(): System {
  return {
    name: 'identity',
    config: {},
    async process(example) {
      return { response: example.context, context: example.context };
    },
  };
}
