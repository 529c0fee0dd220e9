// Tiny records in each dataset's published schema (same column names and nesting), written by us.
import type { Example } from '../../../src/evaluate/index.js';
import { PUBLISHED_LAYOUT_FIXTURES } from './published-layout-fixtures.js';
import { QA_AND_CHOICE_FIXTURES } from './qa-and-choice-fixtures.js';
import { TASK_FIXTURES } from './task-fixtures.js';

/** One dataset's fixture: records, the config to select (if any), and what the first example must map to. */
export interface DatasetFixture {
  config?: string;
  /** Records written as `<config>/<split>/data.jsonl`. */
  records?: Record<string, unknown>[];
  /** Or files in the set's own published layout (path inside the data folder -> content). */
  files?: Record<string, string>;
  first: Partial<Example>;
  /** How many examples the records give (some loaders leave records out). */
  count?: number;
}

export const FIXTURES: Record<string, DatasetFixture> = {
  ...QA_AND_CHOICE_FIXTURES,
  ...TASK_FIXTURES,
  ...PUBLISHED_LAYOUT_FIXTURES,
};
