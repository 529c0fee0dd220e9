import type { FillerContext } from './tool-run.js';
import type { WorkspaceFile } from './workspace.js';

/** Which files a tool may pick: any, tests only, or files of the workspace's main language. */
export type FileSelection = 'any' | 'tests' | 'primary';

/** A file of the selection, sources more often than tests; a stand-in if the selection is empty. */
export function pickFile(context: FillerContext, selection: FileSelection = 'any'): WorkspaceFile {
  const { prng, workspace } = context;
  const candidates =
    selection === 'tests'
      ? workspace.tests
      : selection === 'primary'
        ? workspace.primaryFiles
        : workspace.files;
  if (candidates.length === 0) {
    // Only when every path held an avoided value (or there are no tests): keep drawing names until one is clean.
    const name = (): string => prng.pick(['main', 'index', 'app', 'server']);
    const path = context.guard.clean(
      () => (selection === 'tests' ? `test/${name()}.test.ts` : `src/${name()}.ts`),
      'file path',
    );
    return { path, language: 'typescript', isTest: selection === 'tests' };
  }
  if (selection !== 'tests' && workspace.sources.length > 0 && prng.chance(0.75)) {
    const sources = selection === 'primary' ? workspace.primarySources : workspace.sources;
    if (sources.length > 0) return prng.pick(sources);
  }
  return prng.pick(candidates);
}

/** The folder of a path, or `.` for a top-level file. */
export function directoryOf(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash > 0 ? path.slice(0, slash) : '.';
}

/** The last part of a path. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}
