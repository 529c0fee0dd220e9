import { ValidationError, type ValidationIssue } from '../../errors.js';
import { DOMAIN_NOUNS, FILE_ROLES } from '../lexicon/code-words.js';
import { kebabCase, snakeCase } from '../lexicon/word-case.js';
import type { Prng } from '../random/prng.js';
import { createAvoidGuard } from './avoid-guard.js';
import { buildOutput } from './build-output.js';
import { createLogLines } from './log-lines.js';
import { createOutputBuilder, fillWithin } from './output-builder.js';
import { testRunOutput } from './test-run-output.js';
import type { FillerContext } from './tool-run.js';
import { drawWorkspace } from './workspace.js';

/** Options of `buryInToolOutput`. */
export interface BuryOptions {
  /** The only source of randomness. */
  prng: Prng;
  /** The text to hide; it appears verbatim, on its own line(s). */
  keyText: string;
  /** Size of the surrounding output in cl100k tokens, the key text not included; 0 returns the key text. */
  targetTokens: number;
  /** Values the surrounding output must not contain (normalised, whole words). */
  avoid: readonly string[];
}

// Characters per cl100k token of `find` listings, measured on generated ones.
const LISTING_CHARS_PER_TOKEN = 3.8;
// Where the key text may start, as a share of the surrounding output's characters.
const EARLIEST = 0.2;
const LATEST = 0.8;

/**
 * Realistic tool output (service logs, a test run, a build log or a file listing) of about `targetTokens`
 * tokens with `keyText` inserted verbatim as its own line(s), starting between 20% and 80% of the way
 * through: neither at the top nor at the bottom, where a truncating compactor would keep it by luck.
 *
 * @throws ValidationError for bad options, or when an `avoid` value is too common to keep out.
 * @example
 * buryInToolOutput({ prng, keyText: 'ECONNREFUSED 127.0.0.1:5432', targetTokens: 1500, avoid: ['5432'] });
 */
export function buryInToolOutput(options: BuryOptions): string {
  checkOptions(options);
  const { prng, keyText, targetTokens } = options;
  if (targetTokens === 0) return keyText;
  const guard = createAvoidGuard(options.avoid);
  const context: FillerContext = { prng, guard, workspace: drawWorkspace(prng, guard) };
  const style = prng.weighted([
    ['log', 4],
    ['test', 2],
    ['build', 1],
    ['listing', 1],
  ] as const);
  let surrounding: string;
  if (style === 'test') surrounding = testRunOutput(context, targetTokens).output;
  else if (style === 'build') surrounding = buildOutput(context, targetTokens).output;
  else surrounding = linesOutput(context, targetTokens, style);
  return insertAtSeededLine(prng, surrounding, keyText);
}

/** Log lines of the workspace's service, or a `find`-style listing of its files. */
function linesOutput(context: FillerContext, targetTokens: number, style: 'log' | 'listing'): string {
  const { prng, guard, workspace } = context;
  const logLines = createLogLines(prng, workspace.service, guard);
  const builder = createOutputBuilder(
    guard,
    style === 'log' ? logLines.charsPerToken : LISTING_CHARS_PER_TOKEN,
  );
  // A listing names each file once: the workspace's files first, then more in the same folders.
  const listed = new Set<string>();
  const draw = (): string => {
    if (style === 'log') return logLines.next();
    let path = `./${prng.pick(workspace.files).path}`;
    for (let attempt = 0; attempt < 8 && listed.has(path); attempt++) {
      // A sibling of a known file: same folder, extension and spelling, another name.
      const sibling = prng.pick(workspace.files).path;
      const [folder, extension] = [
        sibling.slice(0, sibling.lastIndexOf('/') + 1),
        /\.\w+$/.exec(sibling)?.[0] ?? '',
      ];
      const stem = `${prng.pick(DOMAIN_NOUNS)} ${prng.pick(FILE_ROLES)}`;
      const name = /_[a-z]/.test(sibling.slice(folder.length)) ? snakeCase(stem) : kebabCase(stem);
      path = `./${folder}${name}${extension}`;
    }
    listed.add(path);
    return path;
  };
  // At least three lines, so there is a middle to bury the key text in.
  for (let count = 0; count < 3; count++) builder.add(draw, `${style} line`);
  fillWithin(builder, draw, targetTokens, `${style} line`);
  return builder.text();
}

/**
 * `keyText` on its own line(s) at a line break between 20% and 80% of `surrounding`, chosen by `prng`. Breaks
 * before an indented line (a stack frame, a failure's details) are passed over when there are others, so the
 * key text does not split an entry.
 */
function insertAtSeededLine(prng: Prng, surrounding: string, keyText: string): string {
  const breaks: number[] = [];
  const entryBreaks: number[] = [];
  for (let index = surrounding.indexOf('\n'); index !== -1; index = surrounding.indexOf('\n', index + 1)) {
    const share = (index + 1) / surrounding.length;
    if (share < EARLIEST || share > LATEST) continue;
    breaks.push(index + 1);
    if (/[^\s>E]/.test(surrounding[index + 1] ?? '')) entryBreaks.push(index + 1);
  }
  if (entryBreaks.length > 0) breaks.splice(0, breaks.length, ...entryBreaks);
  // Output without a break in the middle band (one giant line) still gets the key text in the middle.
  const at = breaks.length > 0 ? prng.pick(breaks) : Math.floor(surrounding.length / 2);
  const before = surrounding.slice(0, at);
  const after = surrounding.slice(at);
  return `${before}${before.endsWith('\n') || before === '' ? '' : '\n'}${keyText}\n${after}`;
}

function checkOptions(options: BuryOptions): void {
  const issues: ValidationIssue[] = [];
  const where = (field: string): string => `buryInToolOutput(options).${field}`;
  if (typeof options.keyText !== 'string') {
    issues.push({ where: where('keyText'), message: 'must be a string' });
  }
  if (!Number.isFinite(options.targetTokens) || options.targetTokens < 0) {
    issues.push({
      where: where('targetTokens'),
      message: `must be a finite number >= 0, got ${options.targetTokens}`,
    });
  }
  if (!Array.isArray(options.avoid) || options.avoid.some((value) => typeof value !== 'string')) {
    issues.push({ where: where('avoid'), message: 'must be a list of strings (the case variable values)' });
  }
  if (issues.length > 0) throw new ValidationError(issues);
}
