import type { Registry } from '../registry.js';
import { agenticDatasets } from './agentic-datasets.js';
import { type DatasetDefinition, defineDataset } from './define-dataset.js';
import type { HubDownloadOptions } from './hub-download.js';
import { instructionCodeDatasets } from './instruction-code-datasets.js';
import { longContextDatasets } from './long-context-datasets.js';
import { memoryDatasets } from './memory-datasets.js';
import { multipleChoiceDatasets } from './multiple-choice-datasets.js';
import { qaDatasets } from './qa-datasets.js';
import { reasoningDatasets } from './reasoning-datasets.js';
import { summarizationDatasets } from './summarization-datasets.js';

/** Every built-in dataset definition, by name. */
export const builtInDatasets: readonly DatasetDefinition[] = [
  ...qaDatasets,
  ...multipleChoiceDatasets,
  ...reasoningDatasets,
  ...summarizationDatasets,
  ...instructionCodeDatasets,
  ...longContextDatasets,
  ...agenticDatasets,
  ...memoryDatasets,
].sort((a, b) => a.name.localeCompare(b.name));

/** Registers every built-in dataset, downloading through `hub` when a set is not cached. */
export function registerBuiltInDatasets(registry: Registry, hub: HubDownloadOptions = {}): void {
  for (const definition of builtInDatasets)
    registry.register('dataset', definition.name, defineDataset(definition, hub));
}
