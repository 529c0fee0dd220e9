import { createReadStream } from 'node:fs';
import { open, readdir, stat } from 'node:fs/promises';
import { extname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { CompactkitError, ValidationError } from '../errors.js';
import { assignTurns } from '../messages/assign-turns.js';
import type { ConversionWarning } from '../messages/conversion-types.js';
import type { MessageFormat } from '../messages/detect-message-format.js';
import { fillToolNames } from '../messages/fill-tool-names.js';
import { parseTranscript, readTranscript, type Transcript } from '../messages/read-transcript.js';
import type { Message } from '../messages/types.js';
import { ClaudeCodeReader } from './claude-code-reader.js';
import { CodexReader } from './codex-reader.js';
import { detectAgentLogFormat } from './detect-session-format.js';
import type { AgentLogFormat, ReadSessionOptions, Session, SessionMetadata } from './session-types.js';

/** Lines read to tell the format; real logs say what they are on the first line or two. */
const DETECT_LINES = 8;

const TRIED =
  'tried Claude Code session, Codex rollout, and compactkit / OpenAI / Anthropic / AI SDK messages; pass --input-format to force one';

/** A line source read once per pass: an array for text, a fresh file stream for a file. */
type LinePass = (visit: (text: string, line: number) => void) => Promise<void> | void;

/**
 * Parses session text: a Claude Code session, a Codex rollout, or a transcript in any message format
 * (see `parseTranscript`), detected from its first lines unless `options.format` says which.
 * @throws ValidationError naming `file:line: field` of each problem, e.g. `s.jsonl:17: not valid JSON (…)`.
 */
export function parseSession(text: string, options: ReadSessionOptions & { source?: string } = {}): Session {
  const source = options.source ?? 'session.jsonl';
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const lines = body.split('\n');
  const format = resolveFormat(lines.slice(0, DETECT_LINES), options.format);
  if (format === undefined || (format !== 'claude-code' && format !== 'codex'))
    try {
      return asSession(parseTranscript(body, { source, ...transcriptOptions(format) }), source);
    } catch (error) {
      throw explainFailure(error, body.slice(0, 8192), source, format);
    }
  return readAgentLogSync(format, source, lines);
}

/**
 * Reads a session file, streaming JSONL line by line (each line parsed once, converted, and the parsed JSON
 * dropped), so a 100 MB log never sits in memory as parsed JSON. Formats as in `parseSession`.
 * @throws ValidationError for malformed content; CompactkitError `io_error` when the file cannot be read.
 */
export async function readSession(path: string, options: ReadSessionOptions = {}): Promise<Session> {
  const firstLines = await readFirstLines(path);
  const format = resolveFormat(firstLines, options.format);
  if (format !== 'claude-code' && format !== 'codex') {
    // readTranscript, not our own read: it owns how a file's bytes are decoded.
    try {
      return asSession(await readTranscript(path, transcriptOptions(format)), path);
    } catch (error) {
      throw explainFailure(error, firstLines.join('\n'), path, format);
    }
  }
  const pass: LinePass = async (visit) => {
    const lines = createInterface({
      input: createReadStream(path, { encoding: 'utf8' }),
      crlfDelay: Infinity,
    });
    let line = 0;
    for await (const text of lines) {
      line += 1;
      visit(line === 1 && text.charCodeAt(0) === 0xfeff ? text.slice(1) : text, line);
    }
  };
  return readAgentLog(format, path, pass);
}

/**
 * Reads several sessions; a folder stands for every `.jsonl` and `.json` file under it, in name order.
 * @throws as `readSession`, for the first file that fails.
 */
export async function readSessions(
  paths: readonly string[],
  options: ReadSessionOptions = {},
): Promise<Session[]> {
  const files: string[] = [];
  for (const path of paths) files.push(...(await expandPath(path)));
  const sessions: Session[] = [];
  for (const file of files) sessions.push(await readSession(file, options));
  return sessions;
}

async function expandPath(path: string): Promise<string[]> {
  const info = await stat(path).catch((error: unknown) => {
    throw new CompactkitError('io_error', `cannot read session ${path}: ${(error as Error).message}`, {
      cause: error,
    });
  });
  if (!info.isDirectory()) return [path];
  const entries = await readdir(path, { withFileTypes: true, recursive: true });
  return entries
    .filter((entry) => entry.isFile() && ['.jsonl', '.json'].includes(extname(entry.name)))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

function resolveFormat(
  firstLines: readonly string[],
  format: ReadSessionOptions['format'],
): Session['format'] | undefined {
  if (format !== undefined && format !== 'auto') return format;
  return detectAgentLogFormat(firstLines);
}

async function readAgentLog(format: AgentLogFormat, source: string, pass: LinePass): Promise<Session> {
  if (format === 'codex') {
    const reader = new CodexReader(source);
    await pass((text, line) => reader.addLine(text, line));
    return finish(source, format, reader.issues, reader.finish());
  }
  const reader = new ClaudeCodeReader(source);
  await pass((text, line) => reader.addLine(text, line));
  return finish(source, format, reader.issues, reader.finish());
}

function readAgentLogSync(format: AgentLogFormat, source: string, lines: readonly string[]): Session {
  if (format === 'codex') {
    const reader = new CodexReader(source);
    for (const [index, text] of lines.entries()) reader.addLine(text, index + 1);
    return finish(source, format, reader.issues, reader.finish());
  }
  const reader = new ClaudeCodeReader(source);
  for (const [index, text] of lines.entries()) reader.addLine(text, index + 1);
  return finish(source, format, reader.issues, reader.finish());
}

function finish(
  source: string,
  format: AgentLogFormat,
  issues: ValidationError['issues'],
  result: { messages: Message[]; warnings: ConversionWarning[]; metadata: SessionMetadata },
): Session {
  if (issues.length > 0) throw new ValidationError(issues);
  if (result.messages.length === 0) {
    throw new ValidationError([
      {
        where: source,
        message: `no ${format} conversation in it (no user or assistant messages); check --input-format, or leave it out to detect the format`,
      },
    ]);
  }
  return {
    source,
    format,
    messages: assignTurns(fillToolNames(result.messages)),
    warnings: result.warnings,
    metadata: result.metadata,
  };
}

/** A message-format transcript as a session. */
function asSession(transcript: Transcript, source: string): Session {
  return {
    source,
    format: transcript.format,
    messages: transcript.messages,
    warnings: transcript.warnings,
    metadata: {},
  };
}

/** The message readers' options for a forced format (agent-log formats never reach them). */
function transcriptOptions(format: Session['format'] | undefined): { format?: MessageFormat } {
  return format !== undefined && format !== 'claude-code' && format !== 'codex' ? { format } : {};
}

/**
 * The error to show when the message readers failed: their own when the text looks like messages or a format
 * was forced, else one line saying which formats were tried.
 */
function explainFailure(
  error: unknown,
  head: string,
  source: string,
  format: Session['format'] | undefined,
): unknown {
  if (!(error instanceof ValidationError) || format !== undefined || looksLikeMessages(head)) return error;
  return new ValidationError([{ where: `${source}:1`, message: `not a format compactkit knows: ${TRIED}` }], {
    cause: error,
  });
}

/** True when the first JSON value has a `role` or `messages`: then the message readers' errors are the useful ones. */
function looksLikeMessages(text: string): boolean {
  const head = text.trimStart();
  if (head.startsWith('[')) return true;
  const firstLine = head.split('\n', 1)[0] ?? '';
  return /"(role|messages)"\s*:/.test(firstLine.slice(0, 4096));
}

async function readFirstLines(path: string): Promise<string[]> {
  let handle: Awaited<ReturnType<typeof open>>;
  try {
    handle = await open(path, 'r');
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new CompactkitError('io_error', `cannot read session ${path}: ${reason}`, { cause: error });
  }
  try {
    // 1 MiB holds the first lines of any log we know; a longer first line is detected from what fits.
    const buffer = Buffer.alloc(1 << 20);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, 0);
    const text = buffer.subarray(0, bytesRead).toString('utf8');
    return (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split('\n').slice(0, DETECT_LINES);
  } finally {
    await handle.close();
  }
}
