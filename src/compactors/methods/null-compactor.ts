import { emptyArtifact } from '../../artifact/empty-artifact.js';
import type { Compactor } from '../types.js';

/**
 * The `null` control: an empty artifact whatever the input. It is the floor every method must clear, and it
 * must never qualify; the benchmark's tests hold it to that.
 */
export const nullCompactor: Compactor = {
  name: 'null',
  version: '1.0.0',
  description: 'Control: keeps nothing (an empty artifact).',
  deterministic: true,
  async compact() {
    return emptyArtifact();
  },
};
