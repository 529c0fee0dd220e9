// Tiny records in each dataset's published schema (same column names and nesting), written by us.
import type { Example } from '../../../src/evaluate/index.js';
import { QA_AND_CHOICE_FIXTURES } from './qa-and-choice-fixtures.js';
import { TASK_FIXTURES } from './task-fixtures.js';

/** One dataset's fixture: records, the config to select (if any), and what the first example must map to. */
export interface DatasetFixture {
  config?: string;
  records: Record<string, unknown>[];
  first: Partial<Example>;
  /** How many examples the records give (some loaders leave records out). */
  count?: number;
}

export const FIXTURES: Record<string, DatasetFixture> = { ...QA_AND_CHOICE_FIXTURES, ...TASK_FIXTURES };
