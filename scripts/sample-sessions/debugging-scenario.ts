import type { Scenario, ScenarioCall } from './scenario-types.js';

const reads = (paths: string[]): ScenarioCall[] => paths.map((path) => ({ tool: 'read', path }));

const FAILING_RUN = ` RUN  v4.1.12 /home/dana/src/compactkit

 ❯ test/llm/retry.test.ts (9 tests | 1 failed) 412ms
   ✓ wrapRetry > retries a 429 and succeeds on the second attempt 18ms
   ✓ wrapRetry > retries a 503 with full jitter 11ms
   ✓ wrapRetry > throws a 400 at once 3ms
   × wrapRetry > gives up after maxAttempts and reports the attempts 301ms
   ✓ wrapRetry > waits exactly as long as retry-after-ms asks 9ms
   ✓ wrapRetry > reads Retry-After as seconds 8ms
   ✓ wrapRetry > reads Retry-After as an HTTP date 7ms
   ✓ wrapRetry > does not wait past maxDelayMs 4ms
   ✓ wrapRetry > stops when the caller aborts 6ms

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  test/llm/retry.test.ts > wrapRetry > gives up after maxAttempts and reports the attempts
AssertionError: expected ProviderError{ …(9) } to have property "attempts" with value 4

- Expected
+ Received

- 4
+ 1

 ❯ test/llm/retry.test.ts:88:31
     86|     const error = await model.complete({ messages }).catch((caught: unknown) => caught);
     87|     expect(error).toBeInstanceOf(ProviderError);
     88|     expect(error).toHaveProperty('attempts', 4);
       |                               ^
     89|     expect(server.requests).toHaveLength(4);
     90|   });

 Test Files  1 failed (1)
      Tests  1 failed | 8 passed (9)
   Start at  09:14:22
   Duration  1.38s (transform 96ms, setup 0ms, collect 301ms, tests 412ms, environment 0ms, prepare 88ms)
`;

const PASSING_RUN = ` RUN  v4.1.12 /home/dana/src/compactkit

 ✓ test/llm/retry.test.ts (10 tests) 398ms

 Test Files  1 passed (1)
      Tests  10 passed (10)
   Start at  09:31:07
   Duration  1.29s (transform 91ms, setup 0ms, collect 288ms, tests 398ms, environment 0ms, prepare 84ms)
`;

const WIDER_RUN = ` RUN  v4.1.12 /home/dana/src/compactkit

 ✓ test/llm/retry.test.ts (10 tests) 402ms
 ✓ test/llm/limits.test.ts (7 tests) 655ms
 ✓ test/llm/usage.test.ts (6 tests) 120ms
 ❯ test/llm/provider-wire.test.ts (24 tests | 1 failed) 2113ms
   × provider wire > anthropic > a 529 overloaded is retryable and counted 1004ms

⎯⎯⎯⎯⎯⎯⎯ Failed Tests 1 ⎯⎯⎯⎯⎯⎯⎯

 FAIL  test/llm/provider-wire.test.ts > provider wire > anthropic > a 529 overloaded is retryable and counted
AssertionError: expected 1 to be 3 // Object.is equality
 ❯ test/llm/provider-wire.test.ts:212:40

 Test Files  1 failed | 3 passed (4)
      Tests  1 failed | 46 passed (47)
   Start at  09:35:40
   Duration  3.02s
`;

/** A debugging session: a failing retry test, its cause found in ProviderError.withAttempts, fixed, one failure left. */
export const debuggingScenario: Scenario = {
  name: 'debugging-retry-attempts',
  taskType: 'debugging',
  cwd: '/home/dana/src/compactkit',
  model: { claude: 'claude-sonnet-4-5-20250929', codex: 'gpt-5-codex' },
  abandoned: {
    afterStep: 0,
    user: 'the retry test is broken, fix it',
    reply: 'Which retry test do you mean? There are tests for wrapRetry and for the limits wrapper.',
  },
  steps: [
    {
      kind: 'user',
      text: 'CI is red since this morning: `npx vitest run test/llm/retry.test.ts` fails on "gives up after maxAttempts and reports the attempts" with `expected ProviderError{ …(9) } to have property "attempts" with value 4`, received 1. Find out why and fix it. Do not touch the test expectations, the test is right. We are on vitest 4.1.12 and Node 20.19.',
    },
    {
      kind: 'assistant',
      thinking:
        'Start by reproducing the failure, then read wrapRetry and ProviderError to see how attempts is counted.',
      text: "I'll reproduce the failure first, then read the retry wrapper and the error class.",
      calls: [
        {
          tool: 'todo',
          items: [
            { content: 'Reproduce the failing retry test', status: 'in_progress' },
            { content: 'Find where attempts is lost', status: 'pending' },
            { content: 'Fix without changing the test expectations', status: 'pending' },
            { content: 'Run the whole test/llm folder', status: 'pending' },
          ],
        },
        {
          tool: 'bash',
          command: 'npx vitest run test/llm/retry.test.ts',
          output: FAILING_RUN,
          exitCode: 1,
          description: 'Run the failing retry test',
        },
      ],
    },
    {
      kind: 'assistant',
      text: 'Reproduced: attempts is 1 instead of 4 and the server saw 4 requests. Reading the wrapper, the error class and the test.',
      calls: reads([
        'src/llm/wrap-retry.ts',
        'src/llm/provider-error.ts',
        'test/llm/retry.test.ts',
        'src/llm/to-provider-error.ts',
        'src/llm/parse-retry-after.ts',
        'src/llm/sleep.ts',
      ]),
    },
    {
      kind: 'assistant',
      thinking:
        'counted = error.attempts === 0 ? error : error.withAttempts(attempt). The condition is inverted: when attempts is 0 (not yet counted) we should call withAttempts; when already counted we keep it. Right now an uncounted error is rethrown as is, so attempts stays at its default.',
      text: 'Found it. In `wrapRetry` the line `const counted = error.attempts === 0 ? error : error.withAttempts(attempt);` is inverted: an error that has not been counted yet (attempts 0) is rethrown as it is, and only an already counted one gets `withAttempts`. The default is 1 when the provider layer sets it, which is exactly the 1 we see. Let me check who else sets attempts before changing it.',
      calls: [
        {
          tool: 'grep',
          pattern: 'withAttempts|attempts:',
          path: 'src',
          output:
            'src/llm/provider-error.ts:61:  withAttempts(attempts: number): ProviderError {\nsrc/llm/provider-error.ts:44:    this.attempts = options.attempts ?? 0;\nsrc/llm/wrap-retry.ts:40:          const counted = error.attempts === 0 ? error : error.withAttempts(attempt);\nsrc/llm/wrap-limits.ts:22:          attempts: 1,\nsrc/llm/to-provider-error.ts:88:      attempts: 1,',
        },
        ...reads([
          'src/llm/wrap-limits.ts',
          'src/llm/with-defaults.ts',
          'src/llm/types.ts',
          'src/llm/create-provider-model.ts',
        ]),
      ],
    },
    {
      kind: 'user',
      text: 'ok. Why not just drop the attempts: 1 in to-provider-error.ts instead?',
    },
    {
      kind: 'assistant',
      text: 'I considered that. Dropping `attempts: 1` in to-provider-error.ts would make the test pass, but every error that never goes through wrapRetry (retry turned off with maxAttempts 1, or the bench runner calling the provider model directly) would then report 0 attempts, which is wrong: one request was made. The fix belongs in wrapRetry: always record the attempt count there, whatever the error carried. Decision: change wrapRetry to `const counted = error.withAttempts(attempt);` and keep to-provider-error.ts as it is.',
    },
    {
      kind: 'assistant',
      calls: [
        {
          tool: 'edit',
          path: 'src/llm/wrap-retry.ts',
          oldText: '          const counted = error.attempts === 0 ? error : error.withAttempts(attempt);',
          newText:
            '          // The wrapper made `attempt` requests, whatever the provider layer counted for the last one.\n          const counted = error.withAttempts(attempt);',
        },
        {
          tool: 'todo',
          items: [
            { content: 'Reproduce the failing retry test', status: 'completed' },
            { content: 'Find where attempts is lost', status: 'completed' },
            { content: 'Fix without changing the test expectations', status: 'in_progress' },
            { content: 'Run the whole test/llm folder', status: 'pending' },
          ],
        },
      ],
    },
    {
      kind: 'assistant',
      text: 'Adding a regression test for maxAttempts 1 so the one-request case keeps reporting 1.',
      calls: [
        {
          tool: 'edit',
          path: 'test/llm/retry.test.ts',
          oldText: "  it('retries a 503 with full jitter', async () => {",
          newText:
            "  it('reports one attempt when retrying is off (maxAttempts 1)', async () => {\n    const server = await startFakeServer([{ status: 503 }]);\n    const model = wrapRetry(createTestModel(server.url), { maxAttempts: 1 });\n    const error = await model.complete({ messages }).catch((caught: unknown) => caught);\n    expect(error).toHaveProperty('attempts', 1);\n    await server.close();\n  });\n\n  it('retries a 503 with full jitter', async () => {",
        },
        {
          tool: 'bash',
          command: 'npx vitest run test/llm/retry.test.ts',
          output: PASSING_RUN,
          exitCode: 0,
          description: 'Run the retry tests again',
        },
      ],
    },
    {
      kind: 'user',
      text: 'nice. run the rest of test/llm too, and look at the limits code while you are at it, I want to know if the token bucket has the same problem.',
    },
    {
      kind: 'assistant',
      calls: [
        {
          tool: 'bash',
          command: 'npx vitest run test/llm',
          output: WIDER_RUN,
          exitCode: 1,
          description: 'Run all LLM tests',
        },
        ...reads([
          'src/llm/token-bucket.ts',
          'src/llm/limit-registry.ts',
          'test/llm/provider-wire.test.ts',
          'test/llm/fake-servers.ts',
          'src/llm/wrap-timeout.ts',
          'src/llm/race-abort.ts',
          'src/llm/resolve-provider-settings.ts',
          'src/llm/create-sdk-model.ts',
          'test/llm/limits.test.ts',
          'test/llm/record-replay.test.ts',
          'src/llm/wrap-record-replay.ts',
          'src/llm/complete-structured.ts',
          'test/llm/structured-modes.test.ts',
          'src/llm/generate-step.ts',
          'test/llm/provider-cases.ts',
        ]),
      ],
    },
    {
      kind: 'assistant',
      thinking:
        'The 529 test expects attempts 3 and gets 1. That is the same inversion seen from another path: the anthropic 529 error goes through to-provider-error with attempts 1. With my fix it should be 3... unless the test builds its model without wrapRetry. It uses createProviderModel with retries configured in with-defaults. Need to check with-defaults ordering: wrapLimits outside wrapRetry sets attempts: 1 on a rate limit rejection.',
      text: 'The retry tests pass now (10 of 10). One failure is left in test/llm/provider-wire.test.ts: "a 529 overloaded is retryable and counted" expects 3 attempts and gets 1. The token bucket itself is fine (it never creates ProviderErrors), but wrapLimits in src/llm/wrap-limits.ts builds its own ProviderError with `attempts: 1` and sits outside wrapRetry in with-defaults.ts, so it overwrites the count on the way out. I have not changed that yet.',
    },
    {
      kind: 'user',
      text: "Leave wrap-limits for now, I'll ask Priya, she wrote that ordering on purpose. Write down where we are so I can pick it up after lunch.",
    },
    {
      kind: 'assistant',
      calls: [
        {
          tool: 'todo',
          items: [
            { content: 'Reproduce the failing retry test', status: 'completed' },
            { content: 'Find where attempts is lost', status: 'completed' },
            { content: 'Fix without changing the test expectations', status: 'completed' },
            { content: 'Run the whole test/llm folder', status: 'completed' },
            {
              content: 'Ask Priya about wrapLimits overwriting attempts (529 test in provider-wire.test.ts)',
              status: 'pending',
            },
          ],
        },
      ],
      text: 'Where we are:\n- Fixed: src/llm/wrap-retry.ts now always calls `error.withAttempts(attempt)`; the inverted condition was the cause.\n- Added: a regression test "reports one attempt when retrying is off (maxAttempts 1)" in test/llm/retry.test.ts.\n- Kept: `attempts: 1` in src/llm/to-provider-error.ts (one request was made when no retry wrapper runs).\n- Still failing: test/llm/provider-wire.test.ts "a 529 overloaded is retryable and counted" (expected 3, got 1) because wrapLimits sets attempts 1 outside wrapRetry.\n- Next step: ask Priya whether wrapLimits may move inside wrapRetry in with-defaults.ts, or whether wrapLimits should keep the attempts it receives.',
    },
  ],
};
