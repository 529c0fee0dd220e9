import { errorMessageGenerator } from '../lexicon/diagnostic-generators.js';
import type { Prng } from '../random/prng.js';
import type { AvoidGuard } from './avoid-guard.js';
import { fieldName, functionName, hex, logEvent } from './code-names.js';

/** Makes log lines of one service in one format, each a little later than the one before. */
export interface LogLineWriter {
  /** The next line (with a stack trace below it now and then). */
  next(): string;
  /** Characters per cl100k token of this format, measured on generated lines. */
  readonly charsPerToken: number;
}

const CHARS_PER_TOKEN: Readonly<Record<LogFormat, number>> = { json: 3.15, logfmt: 3.02, plain: 2.91 };

type LogFormat = 'json' | 'logfmt' | 'plain';

const LEVELS = [
  ['info', 14],
  ['debug', 4],
  ['warn', 2],
  ['error', 1],
] as const;

/**
 * A writer of application log lines (JSON, logfmt or plain text) for `service`, starting at a random moment
 * of 2024-2027. Error lines carry real-looking error messages, now and then with a stack trace.
 */
export function createLogLines(prng: Prng, service: string, guard: AvoidGuard): LogLineWriter {
  const format = prng.pick<LogFormat>(['json', 'logfmt', 'plain']);
  // Every line repeats the date, so a redrawn line cannot get rid of an avoided value in it: check it here.
  const date = guard.clean(
    () =>
      `${prng.int(2024, 2027)}-${String(prng.int(1, 12)).padStart(2, '0')}-${String(prng.int(1, 28)).padStart(2, '0')}`,
    'log date',
  );
  // Start early enough that even 100,000 tokens of logs stay within the day.
  let millisecond = prng.int(0, 72_000_000);
  const stampOf = (time: string): string => (format === 'plain' ? `${date} ${time}` : `${date}T${time}Z`);
  const next = (): string => {
    millisecond = Math.min(86_399_999, millisecond + prng.int(1, 4000));
    // Time only moves forward, so a clashing timestamp is skipped a minute at a time rather than redrawn.
    for (let skip = 0; skip < 30 && guard.active && !guard.isClean(stampOf(clock(millisecond))); skip++) {
      millisecond = Math.min(86_399_999, millisecond + 60_000);
    }
    const time = clock(millisecond);
    const level = prng.weighted(LEVELS);
    const message = level === 'error' ? errorLine(prng) : logEvent(prng);
    const field = fieldName(prng);
    const value = prng.chance(0.5)
      ? `${prng.pick(['t', 'acct', 'inv', 'po'])}_${hex(prng, 6)}`
      : String(prng.int(1, 99_999));
    const duration = prng.int(1, 2400);
    let line: string;
    if (format === 'json') {
      line = JSON.stringify({
        level,
        time: stampOf(time),
        service,
        msg: message,
        [field]: value,
        durationMs: duration,
      });
    } else if (format === 'logfmt') {
      line = `time=${stampOf(time)} level=${level} service=${service} msg=${JSON.stringify(message)} ${field}=${value} duration=${duration}ms`;
    } else {
      line = `${stampOf(time)} ${level.toUpperCase().padEnd(5)} [${service}] ${message} ${field}=${value} (${duration} ms)`;
    }
    if (level === 'error' && prng.chance(0.3)) line += `\n${stackTrace(prng)}`;
    return line;
  };
  return { next, charsPerToken: CHARS_PER_TOKEN[format] };
}

/** `HH:MM:SS.mmm` of a millisecond of the day. */
function clock(millisecond: number): string {
  const pad = (value: number, width = 2): string => String(value).padStart(width, '0');
  const seconds = Math.floor(millisecond / 1000);
  return `${pad(Math.floor(seconds / 3600))}:${pad(Math.floor(seconds / 60) % 60)}:${pad(seconds % 60)}.${pad(millisecond % 1000, 3)}`;
}

/** A short Node stack trace below an error line. */
function stackTrace(prng: Prng): string {
  const frames: string[] = [];
  for (let index = prng.int(2, 5); index > 0; index--) {
    frames.push(
      `    at ${functionName(prng)} (/app/dist/${prng.pick(['billing', 'ledger', 'sync', 'jobs', 'api'])}/${functionName(prng)}.js:${prng.int(5, 900)}:${prng.int(3, 60)})`,
    );
  }
  frames.push('    at process.processTicksAndRejections (node:internal/process/task_queues:95:5)');
  return frames.join('\n');
}

// Error wordings the lexical reader would take for a rule or an open task ("does not", "not yet", "open").
const CUE_LIKE = /\b(?:does not|not yet|open)\b/i;

/** An error message for a log line, skipping the few real wordings that read like rules or tasks. */
function errorLine(prng: Prng): string {
  let message = errorMessageGenerator.draw(prng);
  for (let attempt = 0; attempt < 20 && CUE_LIKE.test(message); attempt++)
    message = errorMessageGenerator.draw(prng);
  return CUE_LIKE.test(message) ? 'ECONNRESET: socket hang up' : message;
}
