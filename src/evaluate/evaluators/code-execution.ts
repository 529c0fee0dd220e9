import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ValidationError } from '../../errors.js';
import type { Evaluator, Example, Scores, SystemOutput } from '../types.js';

/** Options of `codeExecution`. */
export interface CodeExecutionOptions {
  /** Must be true: running model-written code is never on by default. */
  allowExecution: boolean;
  /** Wall-clock limit per program; 10 s by default. */
  timeoutMs?: number;
  /** Address-space limit of the program; 1 GiB by default. */
  memoryBytes?: number;
  /** The Python interpreter; `python3` on the PATH by default. */
  python?: string;
}

// Runs before the candidate: caps memory, and makes every socket call fail so the program has no network.
const PREAMBLE = (memoryBytes: number) => `import resource, socket
resource.setrlimit(resource.RLIMIT_AS, (${memoryBytes}, ${memoryBytes}))
def _no_network(*args, **kwargs):
    raise OSError("network access is disabled during evaluation")
socket.socket = _no_network
socket.create_connection = _no_network
socket.getaddrinfo = _no_network
del resource, socket
`;

/** The code in a response: the first fenced block when there is one, else the whole text. */
export function extractCode(response: string): string {
  const fenced = /```(?:python|py|Python)?[ \t]*\n([\s\S]*?)```/.exec(response);
  return (fenced ? (fenced[1] as string) : response).replace(/\s+$/, '');
}

/**
 * The program to run: the candidate (after the example's `prompt` when the candidate does not define the
 * `entry_point` itself, as HumanEval completions do not), then the example's `test` and `check(entry_point)`,
 * or its `test_list` asserts (MBPP).
 */
export function buildProgram(example: Example, response: string): string | undefined {
  const code = extractCode(response);
  const entry = typeof example.entry_point === 'string' ? example.entry_point : undefined;
  const prompt = typeof example.prompt === 'string' ? example.prompt : '';
  const defines = entry !== undefined && new RegExp(`def\\s+${entry}\\s*\\(`).test(code);
  const candidate =
    entry !== undefined && !defines && prompt !== ''
      ? `${prompt}${code.startsWith(' ') ? '' : '\n'}${code}`
      : code;
  const parts = [candidate];
  if (typeof example.test_setup_code === 'string' && example.test_setup_code !== '')
    parts.push(example.test_setup_code);
  if (typeof example.test === 'string' && example.test !== '') {
    parts.push(example.test);
    if (entry !== undefined && /def\s+check\s*\(/.test(example.test)) parts.push(`check(${entry})`);
  } else if (Array.isArray(example.test_list)) {
    parts.push(...example.test_list.filter((line): line is string => typeof line === 'string'));
  } else {
    return undefined;
  }
  return `${parts.join('\n\n')}\n`;
}

/** Runs a Python file in its own temporary directory; resolves to whether it exited 0 in time. */
function runPython(
  python: string,
  directory: string,
  file: string,
  timeoutMs: number,
): Promise<{ passed: boolean; timedOut: boolean }> {
  return new Promise((resolve) => {
    // -I: isolated mode (no user site-packages, no PYTHON* variables); a bare environment besides PATH.
    const child = spawn(python, ['-I', file], {
      cwd: directory,
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: directory },
      stdio: 'ignore',
      timeout: timeoutMs,
      killSignal: 'SIGKILL',
    });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
    }, timeoutMs);
    child.on('error', () => {
      clearTimeout(timer);
      resolve({ passed: false, timedOut: false });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ passed: code === 0 && !timedOut, timedOut });
    });
  });
}

/**
 * `pass_at_1`: 1 when the response's code passes the example's tests. Opt-in only: the program runs in a child
 * process in a fresh temporary directory, with a time limit, a memory limit and sockets disabled; it is not a
 * security sandbox, so run untrusted code inside a container as well.
 */
export function codeExecution(options: CodeExecutionOptions): Evaluator {
  if (options.allowExecution !== true)
    throw new ValidationError([
      {
        where: 'code_execution',
        message:
          'runs model-written code; enable it explicitly (allowExecution: true, or --allow-code-execution)',
      },
    ]);
  const timeoutMs = options.timeoutMs ?? 10_000;
  const memoryBytes = options.memoryBytes ?? 1024 ** 3;
  const python = options.python ?? 'python3';
  return {
    name: 'code_execution',
    config: { timeoutMs, memoryBytes },
    async score(original: Example, processed: SystemOutput): Promise<Scores> {
      const program = buildProgram(original, processed.response);
      if (program === undefined) return {};
      const directory = await mkdtemp(join(tmpdir(), 'compactkit-code-'));
      try {
        const file = join(directory, 'program.py');
        await writeFile(file, PREAMBLE(memoryBytes) + program);
        const result = await runPython(python, directory, file, timeoutMs);
        return { pass_at_1: result.passed ? 1 : 0, timed_out: result.timedOut ? 1 : 0 };
      } finally {
        await rm(directory, { recursive: true, force: true });
      }
    },
  };
}
