import type { Message, ToolCall } from '../../../messages/types.js';
import { EXCEPTION, FAILURE, forbids, holdsValue, REQUIREMENT, THRESHOLD } from './cue-patterns.js';
import { commentRules, guidanceRules, isGuidanceSource, isProse } from './guidance-output.js';
import type { Ledger } from './ledger.js';
import type { EntryKind } from './ledger-entry.js';
import { namedBlocks } from './named-blocks.js';
import { closeShownDone } from './output-closes-task.js';
import { rolesIn } from './person-names.js';
import { mayNamePerson, ROLE_HINT } from './role-patterns.js';
import { markSeen } from './seen-failures.js';

const MAX_FIELD = 160;
const SHORT_OUTPUT_LINES = 6;
const SHORT_OUTPUT_CHARS = 500;
const MAX_ERROR_LINES = 3;

function shorten(text: string, limit = MAX_FIELD): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1)}…`;
}

function argument(call: ToolCall, ...names: string[]): string | undefined {
  const args = call.arguments;
  if (args === null || typeof args !== 'object') return undefined;
  for (const name of names) {
    const value = (args as Record<string, unknown>)[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function pathOf(call: ToolCall): string | undefined {
  return argument(call, 'path', 'file', 'file_path', 'filePath', 'filename', 'target');
}

/** How a call is named in the notes: its command line, else the tool with its path, else its arguments. */
function describeCall(call: ToolCall): string {
  const command = argument(call, 'command', 'cmd', 'args', 'script');
  if (command !== undefined) return `\`${shorten(command, 120)}\``;
  const path = pathOf(call);
  if (path !== undefined) return `${call.name} \`${path}\``;
  return `${call.name} ${shorten(JSON.stringify(call.arguments ?? {}), 80)}`;
}

const CREATES = /write|create|new|touch|save|scaffold/i;
const MODIFIES = /edit|patch|replace|modify|update|apply|insert|append|rename|move/i;
const DELETES = /delete|remove|unlink|\brm\b/i;
const READS = /read|open|view|cat|get_file|show/i;

/** The file ledger entry a call makes (created / modified / deleted), or a read noted on the ledger. */
function recordFileChange(ledger: Ledger, call: ToolCall): void {
  const path = pathOf(call);
  if (path === undefined) return;
  if (DELETES.test(call.name)) {
    ledger.add('file', `Deleted \`${path}\``);
  } else if (MODIFIES.test(call.name)) {
    const before = argument(call, 'old', 'old_string', 'oldText', 'search', 'find');
    const after = argument(call, 'new', 'new_string', 'newText', 'replace', 'replacement', 'content');
    const change =
      before !== undefined && after !== undefined
        ? `: \`${shorten(before, 80)}\` → \`${shorten(after, 120)}\``
        : after !== undefined
          ? `: ${shorten(after, 120)}`
          : '';
    ledger.add('file', `Modified \`${path}\`${change}`);
  } else if (CREATES.test(call.name)) {
    const content = argument(call, 'content', 'text', 'contents', 'data');
    const lines = content === undefined ? '' : ` (${content.split('\n').length} lines)`;
    ledger.add('file', `Created \`${path}\`${lines}`);
  } else if (READS.test(call.name)) {
    ledger.noteRead(path);
  }
}

function isFailure(output: Message): boolean {
  if (output.isError === true) return true;
  const head = output.content.slice(0, 400);
  const tail = output.content.slice(-400);
  return /exit(?:ed)? (?:with )?(?:code|status) [1-9]|^FAIL\b|Traceback \(most recent|^error:|^Error:|npm ERR!|panic:/m.test(
    `${head}\n${tail}`,
  );
}

function nonEmptyLines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '');
}

const ALERT = /\b(?:must|warning|caution|important|deprecated|forces? replacement|do not edit)\b/;
// Words one of which a line that forbids (see `forbids`), makes an exception or alerts holds at a word start:
// most output lines hold none, and skip the three longer patterns.
const RULE_OR_ALERT_HINT =
  /\b(?:no|never|don|mustn|shouldn|can|won|isn|aren|wasn|off|forbid|prohibit|banned|avoid|stay|steer|refrain|whatever|leave|keep|remain|rather|prefer|frozen|locked|read-only|reserved|sacred|untouchable|bad idea|terrible idea|dangerous|stop|last thing|only|against|discouraged|resist|except|unless|the one case|carve|apart|other|aside|save|excluding|as long|provided|must|warning|caution|important|deprecated|forces?)/;
const MAX_REFERENCED_LINES = 3;
// A process that crashed, in a log or an output that did not fail as a whole.
const CRASH =
  /\b(?:SIGSEGV|SIGABRT|SIGBUS|segmentation (?:fault|violation)|core dumped|fatal error:|panic:|Traceback \(most recent call last\)|unhandled (?:exception|rejection)|OutOfMemoryError|OOMKilled)/i;
const STACK_FRAME = /^(?:at |File "|#\d+ |goroutine |\S+\.(?:go|c|cc|cpp|rs|py|js|ts|java|kt|rb):\d+)/;
const CRASH_FRAMES = 2;
// A name being called or defined in code: a dotted or snake_case run of word characters right before "(".
const CALLED_NAME = /(?<![\w$.])[\w$.]+\(/g;
// The header of a definition in source code ("42 def settle(self, batch) -> None:", "export async function
// load(id)"): it names a term the agent's own summary of the file already names, and says nothing more.
const DEFINITION_LINE =
  /^(?:\d+\s*[:|]?\s*)?(?:export\s+)?(?:(?:pub(?:lic)?|private|protected|static|async)\s+)*(?:def|func|function|fn|class|interface)\s+[\w$.]+\s*[(<:{[]/;
// A long listing's row ("-rw-r--r-- 1 dev dev 6384 Aug 7 12:17 a.yml"): only the name is worth keeping; the
// mode, owner, size and time are numbers that answer no question.
const LISTING_ROW =
  /^[-dlcbps][-rwxsStT]{9}[@+.]?\s+\d+\s+\S+\s+\S+\s+[\d.,]+[KMGT]?\s+\w{3}\s+\d+\s+[\d:]+\s+(.+)$/;

/** A listing row as its name; any other line as it is. */
function withoutListingDetail(line: string): string {
  return LISTING_ROW.exec(line)?.[1] ?? line;
}
// A linter's or compiler's report on one position ("38:37 warning Unused variable. no-unused-vars",
// "src/a.ts(4,2): error TS2322: …", "lib/x.rb:12:3: warning: …"): its "warning" is a severity, not an alert to
// the reader, and a run reports dozens; the failure entry keeps the first errors.
const DIAGNOSTIC_LINE =
  /^(?:\S+?[:(])?\d+[:,]\d+\)?:?\s+(?:error|warning|warn|note|info|hint)\b|^\S+:\d+:\s+(?:error|warning|note)\b/i;
// An exception a program raised ("SyntaxError: the module does not provide an export named 'x'",
// "java.lang.IllegalStateException: …", "error[E0425]: cannot find value"): its "does not" and "cannot" say what
// went wrong, not what anyone must not do, so it is a fact. A bare "ERROR:" is left alone: a hook that refuses
// ("ERROR: pushes to main are not allowed") states a rule.
const ERROR_REPORT = /^\s*(?:[\w.]*[a-z](?:Error|Exception)|error\[\w+\]):/;
// How far into a failed output its refusal's rules are looked for: the reason comes first, the trace after.
const MAX_REFUSAL_LINES = 12;

/**
 * The lines of a long output that a reader of the session must not lose: rules, warnings, roles and limits,
 * and the few lines naming a term the conversation itself uses (the commit the user goes on to talk about).
 */
function notableLines(lines: readonly string[], terms: ReadonlySet<string>, source = false): string[] {
  let referenced = 0;
  let framesLeft = 0;
  return lines.filter((line) => {
    if (line.length > 400) return false;
    // A crash and the frames right after it: where it happened, which the session goes on to talk about.
    if (CRASH.test(line)) {
      framesLeft = CRASH_FRAMES;
      return true;
    }
    if (framesLeft > 0 && STACK_FRAME.test(line)) {
      framesLeft--;
      return true;
    }
    framesLeft = 0;
    if (DIAGNOSTIC_LINE.test(line) || DEFINITION_LINE.test(line)) return false;
    const lower = line.toLowerCase();
    if (RULE_OR_ALERT_HINT.test(lower)) {
      // "logger.warning(…)", "warn_if_must(…)": a name called in code alerts no one.
      const plain = line.includes('(') ? lower.replace(CALLED_NAME, ' ') : lower;
      if (forbids(plain) || EXCEPTION.test(plain) || ALERT.test(plain)) return true;
    }
    if (referenced < MAX_REFERENCED_LINES && mentionsTerm(line, terms)) {
      referenced++;
      return true;
    }
    // A role needs a name; the name test is the cheaper one, and most lines fail it.
    if (mayNamePerson(line) && ROLE_HINT.test(line) && rolesIn(line).length > 0) return true;
    // A limit in prose, not an assignment or a call in code; every limit has a digit. In source code a "limit"
    // is a name ("Limit int64", "max_rows: u32"), its digits a type's.
    return !source && /\d/.test(line) && THRESHOLD.test(lower) && !/[=;{}()]|=>|,$/.test(line);
  });
}

const TERM = /[\p{L}\p{N}@][\p{L}\p{N}@._/:-]*[\p{L}\p{N}]/gu;

/** Terms specific enough to tie an output line to the conversation: they hold a digit, `.`, `/`, `@` or `_`. */
export function distinctiveTerms(text: string): string[] {
  return (text.match(TERM) ?? []).filter(
    (term) => term.length >= 5 && /[\p{L}]/u.test(term) && /[\d./@_]/.test(term) && !/^https?:/.test(term),
  );
}

function mentionsTerm(line: string, terms: ReadonlySet<string>): boolean {
  // A distinctive term holds one of these characters; a line with none holds no term.
  if (!/[\d./@_]/.test(line)) return false;
  for (const term of distinctiveTerms(line)) if (terms.has(term)) return true;
  return false;
}

// A file of program source, by its extension.
const SOURCE_FILE =
  /\.(?:[cm]?[jt]sx?|py|go|rs|java|kt|kts|rb|php|cs|swift|scala|c|cc|cpp|h|hpp|m|ex|exs|erl|clj|lua|dart)$/i;

/**
 * The conversation's terms less those the call itself was given: every hit of a search for `account_id` holds
 * `account_id`, and that is why it was returned, not a sign that the line matters.
 */
function withoutCallTerms(terms: ReadonlySet<string>, call: ToolCall | undefined): ReadonlySet<string> {
  if (call === undefined || terms.size === 0) return terms;
  const given = distinctiveTerms(JSON.stringify(call.arguments ?? {}));
  if (!given.some((term) => terms.has(term))) return terms;
  const kept = new Set(terms);
  for (const term of given) kept.delete(term);
  return kept;
}

/** Keeps what a tool result says that matters later: the failure, a short output whole, notable lines. */
function recordOutput(
  ledger: Ledger,
  output: Message,
  call: ToolCall | undefined,
  terms: ReadonlySet<string>,
  names: ReadonlySet<string>,
): void {
  const source = call === undefined ? (output.toolName ?? 'tool') : describeCall(call);
  const lines = nonEmptyLines(output.content);
  if (lines.length === 0) return;
  const short = lines.length <= SHORT_OUTPUT_LINES && output.content.length <= SHORT_OUTPUT_CHARS;
  const failed = isFailure(output);
  // A guide, review comment or ticket: its rules are kept as rules, with where they came from.
  const path = call === undefined ? undefined : pathOf(call);
  const guidance = !failed && isGuidanceSource(path, `${source} ${output.toolName ?? ''}`);
  // A commit, a status or a lookup that shows open work done: the part done leaves the open task.
  if (!failed) closeShownDone(ledger, source, JSON.stringify(call?.arguments ?? {}), lines);
  if (guidance) {
    // With its blank lines: they end the paragraph a review comment's place heads.
    const rules = guidanceRules(output.content.split(/\r?\n/).map((line) => line.trim()));
    for (const rule of rules) keepRule(ledger, rule.kind, rule.text, source);
  } else if (!failed && path !== undefined) {
    // A source or config file: its comments may carry rules ("# do not bump: the cluster pins this image").
    for (const rule of commentRules(lines)) keepRule(ledger, rule.kind, rule.text, source);
  }
  if (failed) {
    const errorLines = short ? lines : lines.filter((line) => FAILURE.test(line.toLowerCase()));
    const shown = (errorLines.length > 0 ? errorLines : lines).slice(0, MAX_ERROR_LINES);
    const failure = ledger.add(
      'error',
      `${source} failed: ${shown.map((line) => shorten(line, 240)).join(' | ')}`,
    );
    // Listed apart, as what the tool printed, until someone speaks of it (see seen-failures.ts); a run aimed
    // at one file or test (`pytest tests/x/test_y.py::test_z -x`) follows a failure up, and stays a fact.
    if (!AIMED.test(source)) markSeen(failure);
    // A check that refuses says what it requires ("changes under legal/ must be in a PR of their own"): a rule.
    for (const line of lines.slice(0, MAX_REFUSAL_LINES)) {
      const lower = line.toLowerCase();
      if (line.length <= 300 && (forbids(lower) || REQUIREMENT.test(lower)) && isProse(line))
        keepRule(ledger, 'rule', line, source);
    }
    if (short) return;
  } else if (short && !guidance) {
    // A short guide is kept sentence by sentence above; kept whole as well, its lines would be said twice, and
    // the one line holding all of them would stand first for any question about one of them.
    ledger.add(
      'fact',
      `${source} → ${lines.map((line) => shorten(withoutListingDetail(line), 200)).join(' | ')}`,
      45,
    );
    return;
  }
  // In source code a name the session uses turns up on line after line, as code: the agent's own account of
  // the file says what matters in it, and the file's rules are read from its comments above.
  const inSource = path !== undefined && SOURCE_FILE.test(path);
  const referable = inSource ? new Set<string>() : withoutCallTerms(terms, call);
  if (!inSource) {
    for (const block of namedBlocks(output.content, names))
      ledger.add('fact', `${shorten(block, 300)} (${source})`);
  }
  for (const line of notableLines(lines, referable, inSource)) {
    const lower = line.toLowerCase();
    const kind = forbids(lower) && !EXCEPTION.test(lower) && !ERROR_REPORT.test(line) ? 'rule' : 'fact';
    const entry = ledger.add(kind, `${shorten(line.replace(/^[>#*\s-]+/, ''), 300)} (${source})`);
    if (entry !== undefined) {
      for (const name of rolesIn(line)) ledger.setEntity(name, shorten(line, 200), false);
    }
  }
}

/**
 * Keeps a statement an output makes, with where it came from. A rule that carries a value ("PRs under legal/ are
 * labelled 'compliance-review'", "each commit carries a `Signed-off-by:` trailer") is copied among the facts,
 * as a rule the user states is: it answers questions about the value as well.
 */
function keepRule(ledger: Ledger, kind: EntryKind, text: string, source: string): void {
  const entry = ledger.add(kind, `${text} (${source})`);
  if (entry?.kind === 'rule' && holdsValue(text)) ledger.addFactCopy(entry);
}

// A command naming one file (a path with an extension) or one test (`::`, `-t`, `--grep`, `-k`).
const AIMED = /[\w-]\/[\w./-]*\.[a-z]{1,5}\b|::|\s(?:-t|-k|--grep|--testNamePattern|-run)\s/;

/**
 * Reads an assistant message's tool calls (the file ledger) and a tool message's output. `terms` and `names` are
 * what the people in the session wrote: distinctive terms, and compound names whose blocks in an output are kept.
 */
export function readToolActivity(
  ledger: Ledger,
  message: Message,
  callsById: Map<string, ToolCall>,
  terms: ReadonlySet<string> = new Set(),
  names: ReadonlySet<string> = new Set(),
): void {
  if (message.role === 'assistant') {
    for (const call of message.toolCalls ?? []) {
      callsById.set(call.id, call);
      recordFileChange(ledger, call);
    }
    return;
  }
  if (message.role === 'tool') {
    const call = message.toolCallId === undefined ? undefined : callsById.get(message.toolCallId);
    recordOutput(ledger, message, call, terms, names);
  }
}
