import { initialSchema } from './001-initial-schema.js';
import { textPacks } from './002-text-packs.js';
import type { Migration } from './migration.js';

export type { Migration } from './migration.js';

/** Every migration this build knows, oldest first; append new ones, never reorder or edit released ones. */
export const migrations: readonly Migration[] = [initialSchema, textPacks];
