import { DOMAIN_NOUNS, FILE_ROLES } from '../lexicon/code-words.js';
import { kebabCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { createOutputBuilder, fillWithin } from './output-builder.js';
import { baseName } from './pick-file.js';
import { counted } from './source-writer.js';
import type { FillerContext, ToolRun } from './tool-run.js';

// Characters per cl100k token of `ls -l` rows and of bare names, measured on generated listings.
const LONG_CHARS_PER_TOKEN = 2.3;
const SHORT_CHARS_PER_TOKEN = 4.3;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** One `ls -l` style row. */
function row(prng: Prng, name: string, isDirectory: boolean): string {
  const size = isDirectory ? 4096 : prng.int(120, 48_000);
  const stamp = `${prng.pick(MONTHS)} ${String(prng.int(1, 28)).padStart(2, ' ')} ${String(prng.int(0, 23)).padStart(2, '0')}:${String(prng.int(0, 59)).padStart(2, '0')}`;
  return `${isDirectory ? 'drwxr-xr-x' : '-rw-r--r--'}  1 dev  dev  ${String(size).padStart(6, ' ')} ${stamp} ${name}${isDirectory ? '/' : ''}`;
}

/** `list_directory`: a folder of the workspace, its files first and then, for larger budgets, more rows. */
export function listDirectoryTool(context: FillerContext, targetTokens: number): ToolRun {
  const { prng, guard, workspace } = context;
  const directory = workspace.directories.length > 0 ? prng.pick(workspace.directories) : 'src';
  const long = prng.chance(0.6);
  const builder = createOutputBuilder(guard, long ? LONG_CHARS_PER_TOKEN : SHORT_CHARS_PER_TOKEN);
  const extension =
    /\.(\w+)$/.exec(workspace.files.find((file) => file.path.startsWith(`${directory}/`))?.path ?? '')?.[1] ??
    'ts';
  const names = workspace.files
    .filter(
      (file) => file.path.startsWith(`${directory}/`) && !file.path.slice(directory.length + 1).includes('/'),
    )
    .map((file) => baseName(file.path));
  let entries = 0;
  for (const name of names) {
    if (entries > 0 && builder.tokens >= targetTokens) break;
    builder.add(() => (long ? row(prng, name, false) : name), 'directory listing');
    entries += 1;
  }
  // Larger budgets list the rest of the folder: more modules and a few subfolders.
  entries += fillWithin(
    builder,
    () => {
      const isDirectory = prng.chance(0.12);
      const stem = kebabCase(`${prng.pick(DOMAIN_NOUNS)} ${prng.pick(FILE_ROLES)}`);
      const name = isDirectory
        ? prng.pick(['fixtures', '__snapshots__', 'internal', 'testdata', stem])
        : `${stem}.${extension}`;
      return long ? row(prng, name, isDirectory) : `${name}${isDirectory ? '/' : ''}`;
    },
    targetTokens,
    'directory listing',
  );
  return {
    name: 'list_directory',
    arguments: { path: directory },
    output: builder.text(),
    outputTokens: builder.tokens,
    isError: false,
    lead: `listing \`${directory}\``,
    note: `\`${directory}\` holds ${counted(entries, 'entry', 'entries')}.`,
    request: prng.pick([
      `What's under \`${directory}\`?`,
      `Show me the layout of \`${directory}\`.`,
      `Which files are in ${directory}?`,
    ]),
  };
}
