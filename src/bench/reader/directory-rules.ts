import { EDITS } from './document-rules.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';

/**
 * A folder's README speaks for the files in it. "db/migrations/README.md: … it is append-only history" is a
 * rule about `0031_create_shipments.sql` when that file sits in db/migrations, though the rule never names it:
 * an action that edits a file of the folder is refused, quoting the rule.
 */

// What a document says of the files it governs: they are never changed once written.
const APPEND_ONLY = /\bappend[- ]only\b|\b(?:is|are) immutable\b/i;

// A document that speaks for its folder: a README, a contributing or conventions guide.
const FOLDER_DOCUMENT = /^(?:README|CONTRIBUTING|CONVENTIONS|AGENTS|GUIDE)(?:\.[\w]+)?$/i;

const PATH_ARGUMENT = /"path"\s*:\s*"([^"]+)"/;

// A file an action names: a name with an extension, maybe under folders.
const FILE_IN_ACTION = /[\w./-]*[\w-]\.[a-z]{1,5}\b/g;

/** The folder of a folder's document a call read ("db/migrations" for db/migrations/README.md), if any. */
function folderOfDocument(callText: string): string | undefined {
  const path = PATH_ARGUMENT.exec(callText)?.[1];
  if (path === undefined) return undefined;
  const cut = path.lastIndexOf('/');
  if (cut <= 0 || !FOLDER_DOCUMENT.test(path.slice(cut + 1))) return undefined;
  return path.slice(0, cut).replace(/^\.\//, '');
}

/** Whether the transcript places the file in the folder: by its path, or in a listing of the folder. */
function fileInFolder(parsed: ParsedArtifact, file: string, folder: string): boolean {
  if (file.startsWith(`${folder}/`)) return true;
  if (file.includes('/')) return false;
  const { partner, inOutput } = toolExchanges(parsed);
  return parsed.passages.some((passage) => {
    const text = withoutHeader(passage.text).trim();
    if (text.endsWith(`${folder}/${file}`)) return true;
    if (text !== file || inOutput[passage.position] !== 1) return false;
    const call = parsed.passages[partner[passage.position] as number];
    return call !== undefined && PATH_ARGUMENT.exec(call.text)?.[1]?.replace(/\/$/, '') === folder;
  });
}

/**
 * The latest passage of a folder's document that says its files are append-only, when the action edits a file
 * the transcript places in that folder: one the action names, else one the prompt names ("Why not change it in
 * 0031_create_shipments.sql?" with "edit it"). Undefined otherwise.
 */
export function folderRuleAgainst(
  parsed: ParsedArtifact,
  prompt: string,
  action: string,
): Passage | undefined {
  if (!EDITS.test(action)) return undefined;
  const files = action.match(FILE_IN_ACTION) ?? prompt.match(FILE_IN_ACTION);
  if (files === null) return undefined;
  const { partner } = toolExchanges(parsed);
  let found: Passage | undefined;
  for (const passage of parsed.passages) {
    if (!APPEND_ONLY.test(passage.text)) continue;
    const call = parsed.passages[partner[passage.position] as number];
    const folder = call === undefined ? undefined : folderOfDocument(call.text);
    if (folder === undefined) continue;
    if (files.some((file) => fileInFolder(parsed, file, folder))) found = passage;
  }
  return found;
}
