import { AREA_DIRECTORIES, DOMAIN_NOUNS, FILE_ROLES, SERVICE_ROLES } from '../lexicon/code-words.js';
import { normalizeMatchText } from '../lexicon/normalize-match-text.js';
import { kebabCase, snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import type { AvoidGuard } from './avoid-guard.js';
import { goWriter } from './go-writer.js';
import { pythonWriter } from './python-writer.js';
import type { SourceLanguage, SourceWriter } from './source-writer.js';
import { sqlWriter } from './sql-writer.js';
import { typescriptWriter } from './typescript-writer.js';
import { composeWriter, manifestWriter, settingsWriter, workflowWriter } from './yaml-writers.js';

/** The writer of every language filler files are in. */
export const SOURCE_WRITERS: Readonly<Record<SourceLanguage, SourceWriter>> = {
  typescript: typescriptWriter,
  python: pythonWriter,
  go: goWriter,
  sql: sqlWriter,
  workflow: workflowWriter,
  manifest: manifestWriter,
  compose: composeWriter,
  settings: settingsWriter,
};

/** The main language of a made-up repository, which fixes its layout and its test runner. */
export type PrimaryLanguage = 'typescript' | 'python' | 'go';

/** One file of the repository. */
export interface WorkspaceFile {
  readonly path: string;
  readonly language: SourceLanguage;
  /** True for test files. */
  readonly isTest: boolean;
}

/** A made-up repository that one filler block works in, so listings, reads and searches agree. */
export interface Workspace {
  readonly primary: PrimaryLanguage;
  readonly files: readonly WorkspaceFile[];
  /** The files that are not tests. */
  readonly sources: readonly WorkspaceFile[];
  /** The test files. */
  readonly tests: readonly WorkspaceFile[];
  /** Files in the main language, and those of them that are not tests. */
  readonly primaryFiles: readonly WorkspaceFile[];
  readonly primarySources: readonly WorkspaceFile[];
  /** Every directory that holds files, without a trailing slash. */
  readonly directories: readonly string[];
  /** Feature folders, e.g. `billing`. */
  readonly areas: readonly string[];
  /** The service this repository deploys, e.g. `ledger-worker`. */
  readonly service: string;
}

/** Where sources and tests of an area live, and how their names are spelt, per language. */
const LAYOUTS: Readonly<
  Record<
    PrimaryLanguage,
    { source: (area: string, stem: string) => string; test: (area: string, stem: string) => string }
  >
> = {
  typescript: {
    source: (area, stem) => `src/${area}/${kebabCase(stem)}.ts`,
    test: (area, stem) => `test/${area}/${kebabCase(stem)}.test.ts`,
  },
  python: {
    source: (area, stem) => `app/${area}/${snakeCase(stem)}.py`,
    test: (area, stem) => `tests/${area}/test_${snakeCase(stem)}.py`,
  },
  go: {
    source: (area, stem) => `internal/${area}/${snakeCase(stem)}.go`,
    test: (area, stem) => `internal/${area}/${snakeCase(stem)}_test.go`,
  },
};

/** The main languages a repository can have, for validation and docs. */
export const PRIMARY_LANGUAGES: readonly PrimaryLanguage[] = ['typescript', 'python', 'go'];

/**
 * Draws a repository of 4-7 feature folders with 3-8 sources each, their tests, migrations and config
 * files, in `language` or a drawn main language. Paths holding an avoided value are left out.
 */
export function drawWorkspace(prng: Prng, guard: AvoidGuard, language?: PrimaryLanguage): Workspace {
  const primary =
    language ??
    prng.weighted<PrimaryLanguage>([
      ['typescript', 5],
      ['python', 3],
      ['go', 2],
    ]);
  const layout = LAYOUTS[primary];
  // Folder names recur in paths, commands and notes; leave out any that holds an avoided value.
  const cleanAreas = guard.active
    ? AREA_DIRECTORIES.filter((area) => guard.find(normalizeMatchText(area)) === undefined)
    : AREA_DIRECTORIES;
  const areas = prng.sampleDistinct(cleanAreas, Math.min(cleanAreas.length, prng.int(4, 7)));
  const files: WorkspaceFile[] = [];
  const seen = new Set<string>();
  const add = (path: string, language: SourceLanguage, isTest: boolean): void => {
    if (seen.has(path)) return;
    // A path with an avoided value is simply left out; the repository has plenty of others.
    if (guard.active && guard.find(normalizeMatchText(path)) !== undefined) return;
    seen.add(path);
    files.push({ path, language, isTest });
  };
  for (const area of areas) {
    for (let index = prng.int(3, 8); index > 0; index--) {
      const stem = `${prng.pick(DOMAIN_NOUNS)} ${prng.pick(FILE_ROLES)}`;
      add(layout.source(area, stem), primary, false);
      if (prng.chance(0.6)) add(layout.test(area, stem), primary, true);
    }
  }
  for (let index = prng.int(2, 5); index > 0; index--) {
    const number = String(prng.int(1, 240)).padStart(4, '0');
    add(
      `db/migrations/${number}_${snakeCase(`${prng.pick(['add', 'create', 'index', 'backfill'])} ${prng.pick(DOMAIN_NOUNS)}`)}.sql`,
      'sql',
      false,
    );
  }
  // The service name shows up in every log line; it has to be clean itself.
  const service = guard.clean(() => `${prng.pick(DOMAIN_NOUNS)}-${prng.pick(SERVICE_ROLES)}`, 'service name');
  add(`.github/workflows/${prng.pick(areas)}.yml`, 'workflow', false);
  add(`deploy/${service}.yaml`, 'manifest', false);
  add('docker-compose.yml', 'compose', false);
  add(`config/${prng.pick(['staging', 'production', 'dev'])}.yaml`, 'settings', false);
  const directories = [
    ...new Set(
      files
        .filter((file) => file.path.includes('/'))
        .map((file) => file.path.slice(0, file.path.lastIndexOf('/'))),
    ),
  ];
  const primaryFiles = files.filter((file) => file.language === primary);
  return {
    primary,
    files,
    sources: files.filter((file) => !file.isTest),
    tests: files.filter((file) => file.isTest),
    primaryFiles,
    primarySources: primaryFiles.filter((file) => !file.isTest),
    directories,
    areas,
    service,
  };
}
