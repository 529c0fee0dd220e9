import type Database from 'better-sqlite3';

/**
 * One step of the store's schema. Migrations are applied in `version` order, each in its own transaction with
 * a row in `schema_migrations`; a released migration is never edited, a change is a new migration.
 */
export interface Migration {
  /** 1, 2, 3, … without gaps; the highest is the schema version this build knows. */
  readonly version: number;
  /** Short kebab-case description, kept in `schema_migrations` for people reading the file. */
  readonly name: string;
  /**
   * Changes the schema. Runs inside a transaction with foreign keys on; a table rebuild must keep the rows
   * valid (or set `PRAGMA defer_foreign_keys = ON`), since `PRAGMA foreign_keys` cannot change mid-transaction.
   */
  up(database: Database.Database): void;
}
