import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { buildProgram, codeExecution, type Example, extractCode } from '../../src/evaluate/index.js';

function hasPython(): boolean {
  try {
    execFileSync('python3', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const humaneval: Example = {
  id: 'HumanEval/0',
  context: '',
  prompt: 'def add(a, b):\n    """Return a + b."""\n',
  entry_point: 'add',
  test: 'def check(candidate):\n    assert candidate(2, 3) == 5\n    assert candidate(-1, 1) == 0\n',
};

describe('code execution programs', () => {
  it('takes the first fenced block and completes HumanEval prompts', () => {
    expect(extractCode('Here:\n```python\nx = 1\n```\nand more')).toBe('x = 1');
    const program = buildProgram(humaneval, '    return a + b\n');
    expect(program).toContain('def add(a, b):\n    """Return a + b."""\n    return a + b');
    expect(program).toMatch(/check\(add\)\n$/);
    expect(
      buildProgram({ id: 1, context: '', test_list: ['assert f() == 1'] }, 'def f():\n    return 1'),
    ).toBe('def f():\n    return 1\n\nassert f() == 1\n');
    expect(buildProgram({ id: 1, context: '' }, 'x')).toBeUndefined();
  });

  it('is off unless asked for', () => {
    expect(() => codeExecution({ allowExecution: false })).toThrow('enable it explicitly');
  });
});

describe.skipIf(!hasPython())('code execution in a child process (python3 on the PATH)', () => {
  const evaluator = codeExecution({ allowExecution: true, timeoutMs: 3000, memoryBytes: 256 * 1024 ** 2 });

  it('passes correct code and fails wrong code', async () => {
    expect(await evaluator.score(humaneval, { response: '    return a + b\n' })).toEqual({
      pass_at_1: 1,
      timed_out: 0,
    });
    expect(await evaluator.score(humaneval, { response: '    return a - b\n' })).toEqual({
      pass_at_1: 0,
      timed_out: 0,
    });
  });

  it('kills a program that runs too long, refuses memory beyond the limit, and has no network', async () => {
    const endless = await evaluator.score(humaneval, { response: '    while True:\n        pass\n' });
    expect(endless).toEqual({ pass_at_1: 0, timed_out: 1 });
    const greedy = {
      ...humaneval,
      test: 'def check(candidate):\n    data = bytearray(1024 * 1024 * 1024)\n    assert candidate(1, 1) == 2\n',
    };
    expect(await evaluator.score(greedy, { response: '    return a + b\n' })).toMatchObject({ pass_at_1: 0 });
    const online = {
      ...humaneval,
      test: 'import urllib.request\ndef check(candidate):\n    urllib.request.urlopen("http://127.0.0.1:9", timeout=1)\n',
    };
    expect(await evaluator.score(online, { response: '    return a + b\n' })).toMatchObject({ pass_at_1: 0 });
    const socketFree = {
      ...humaneval,
      test: 'import socket\ndef check(candidate):\n    try:\n        socket.socket()\n    except OSError:\n        return\n    raise SystemExit(3)\n',
    };
    expect(await evaluator.score(socketFree, { response: '    return a + b\n' })).toMatchObject({
      pass_at_1: 1,
    });
  }, 20_000);
});
