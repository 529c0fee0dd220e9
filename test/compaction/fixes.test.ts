import { describe, expect, it } from 'vitest';
import {
  appendToLoop,
  type BlockCompactInput,
  buildContextFromSession,
  type CompactionBlock,
  CompactionEngine,
  type CompactionEvent,
  compactSessionLoops,
  createLoopRecord,
  createSession,
  DefaultBlockCompaction,
  defineCompactionConfig,
  hasValidToolPairs,
  type LoopRecord,
} from '../../src/compaction/index.js';
import type { Message } from '../../src/messages/types.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { assistant, call, result, textOf, transcript, user, workTurn } from './build.js';

const counter = createTokenCounter();
const fixedClock = () => new Date('2026-01-01T00:00:00Z');

async function compactOnce(
  messages: Message[],
  overrides: Parameters<typeof defineCompactionConfig>[0] = {},
) {
  const config = defineCompactionConfig({ keepFirstTurns: 1, keepRecentTurns: 2, ...overrides });
  const session = createSession('s', [createLoopRecord({ id: 'L1', messages })]);
  const compacted = await compactSessionLoops({
    session: session,
    currentLoopId: 'L1',
    strategy: config.blockStrategy,
    config: config,
    maxContextTokens: 100_000,
    counter,
    now: fixedClock,
  });
  const context = buildContextFromSession({
    session: compacted.session,
    currentLoopId: 'L1',
    config: config,
    maxContextTokens: 100_000,
    counter,
  });
  return { ...compacted, context: context.messages, config };
}

describe('fix: user messages in the compacted middle are never silently dropped', () => {
  it('keeps a short user rule from the middle verbatim', async () => {
    const rule = 'Never push to main directly; open a pull request against release/2.4 instead.';
    const { context } = await compactOnce(transcript(12, { 5: workTurn(5, { request: rule }) }));
    expect(textOf(context)).toContain(rule);
  });

  it('keeps the constraint and decision sentences of a long user message word for word', async () => {
    const filler = Array.from(
      { length: 80 },
      (_, index) => `Background detail number ${index} is about the weather.`,
    ).join(' ');
    const request = `Here is some context for the migration. ${filler} You must not touch the migrations folder. We decided to use SQLite instead of Postgres. ${filler}`;
    const { context } = await compactOnce(transcript(12, { 4: workTurn(4, { request }) }));
    const text = textOf(context);
    expect(text).toContain('You must not touch the migrations folder.');
    expect(text).toContain('We decided to use SQLite instead of Postgres.');
    expect(text).not.toContain('Background detail number 40');
    expect(text).toMatch(/other sentences omitted/);
  });

  it('says so in the summary when even instructions exceed the budget, naming the turns', async () => {
    const turns: Record<number, Message[]> = {};
    for (let index = 1; index < 30; index++) {
      turns[index] = workTurn(index, { request: `Rule ${index}: never deploy service-${index} on Fridays.` });
    }
    // Rules would be pinned and kept verbatim; without the rule pins they go through the summary's budget.
    const { context, session } = await compactOnce(transcript(32, turns), {
      maxSummaryTokens: 200,
      pins: { isRule: false },
    });
    const summary = textOf(context);
    expect(summary).toMatch(/user\/system messages of \d+ turn\(s\) omitted for the summary budget: 1-/);
    expect(summary).toContain('Rule 29: never deploy service-29 on Fridays.');
    const block = session.loops[0]?.compaction as CompactionBlock;
    expect(block.warnings?.join(' ')).toMatch(/omitted for the summary budget/);
  });
});

describe('fix: per-turn summaries keep tool names, key arguments and error lines', () => {
  it('names the tool, the path or command, and the error line', async () => {
    const failing: Message[] = [
      user('Run the tests for the billing service.'),
      assistant('Running them.', [
        call('c1', 'bash', { command: 'npm test -- --filter billing', timeout: 60 }),
        call('c2', 'edit_file', { path: 'src/billing/invoice.ts', old: 'a', new: 'b' }),
      ]),
      result(
        'c1',
        'PASS a.test.ts\nFAIL invoice.test.ts\nTypeError: amount.toFixed is not a function\n    at format (src/billing/invoice.ts:42:17)',
      ),
      result('c2', 'ok'),
      assistant('The invoice formatter crashes on undefined amounts.'),
    ];
    const { context } = await compactOnce(transcript(10, { 4: failing }));
    const text = textOf(context);
    expect(text).toContain('bash `npm test -- --filter billing`');
    expect(text).toContain('error: "TypeError: amount.toFixed is not a function"');
    expect(text).toContain('edit_file `src/billing/invoice.ts`');
    expect(text).toContain('read_file `src/module-3.ts`');
  });

  it('does not mistake a file that contains the word Error for a failure', async () => {
    const reading: Message[] = [
      user('Show me the error helper.'),
      assistant('', [call('r1', 'read_file', { path: 'src/errors.ts' })]),
      result('r1', 'export class ApiError extends Error {}\nthrow new Error("x")'),
      assistant('Here it is.'),
    ];
    const { context } = await compactOnce(transcript(10, { 3: reading }));
    expect(textOf(context)).toContain('read_file `src/errors.ts`');
    expect(textOf(context)).not.toContain('read_file `src/errors.ts` -> error');
  });
});

describe('fix: when the summary budget runs out the oldest middle turns give way first', () => {
  it('keeps the newest middle turns and names the omitted oldest ones', async () => {
    const { context } = await compactOnce(transcript(60), { maxSummaryTokens: 400 });
    const summary = context.find((message) => message.id?.startsWith('compaction-summary:'));
    expect(summary).toBeDefined();
    const text = summary?.content ?? '';
    expect(text).toContain('src/module-57.ts');
    expect(text).not.toContain('src/module-1.ts`');
    expect(text).toMatch(/activity of \d+ turn\(s\) omitted for the summary budget: 1-\d+/);
    expect(counter.countText(text)).toBeLessThanOrEqual(400);
  });
});

describe('fix: no turn is ever loaded twice', () => {
  it('a loop shorter than keepFirst + keepRecent loads each message once', async () => {
    const messages = transcript(3);
    const { context, session } = await compactOnce(messages, { keepFirstTurns: 2, keepRecentTurns: 10 });
    const block = session.loops[0]?.compaction as CompactionBlock;
    expect(block.keepFirst).toEqual({ startTurn: 0, endTurn: 1 });
    expect(block.keepRecent?.range).toEqual({ startTurn: 2, endTurn: 2 });
    expect(block.keepCompacted).toBeUndefined();
    expect(context.map((message) => message.content)).toEqual(messages.map((message) => message.content));
  });

  it('rejects a custom strategy whose sections overlap', async () => {
    const config = defineCompactionConfig();
    const inner = new DefaultBlockCompaction();
    const overlapping = {
      keepFirst: inner.keepFirst.bind(inner),
      keepRecent: inner.keepRecent.bind(inner),
      keepCompacted: inner.keepCompacted.bind(inner),
      async compact({ record }: { record: LoopRecord }): Promise<CompactionBlock> {
        return {
          createdAt: 'x',
          coveredMessages: 12,
          keepFirst: { startTurn: 0, endTurn: 1 },
          keepRecent: { range: { startTurn: 1, endTurn: 2 }, messages: [...record.messages] },
        };
      },
    };
    const session = createSession('s', [createLoopRecord({ id: 'L1', messages: transcript(3) })]);
    await expect(
      compactSessionLoops({
        session: session,
        currentLoopId: 'L1',
        strategy: overlapping,
        config: config,
        maxContextTokens: 10_000,
        counter,
      }),
    ).rejects.toThrow(/keepRecent turns 1-2: overlaps keepFirst, so a turn would be loaded twice/);
  });
});

describe('fix: the compacted view is never written back over the originals', () => {
  it('compacting ten times still starts from the real history', async () => {
    const rule = 'Always keep prices in EUR.';
    const original = transcript(20, { 3: workTurn(3, { request: rule }) });
    const snapshot = structuredClone(original);
    let session = createSession('s', [createLoopRecord({ id: 'L1', messages: original })]);
    const engine = new CompactionEngine({
      maxContextTokens: 100_000,
      config: { keepFirstTurns: 1, keepRecentTurns: 3 },
      now: fixedClock,
    });
    let context: Message[] = [];
    for (let round = 0; round < 10; round++) {
      session = appendToLoop(session, 'L1', workTurn(100 + round));
      const prepared = await engine.prepareSession(session, 'L1', { force: true });
      session = prepared.session;
      context = prepared.messages;
    }
    const loop = session.loops[0] as LoopRecord;
    expect(loop.messages.slice(0, original.length).map(({ turn: _turn, ...rest }) => rest)).toEqual(snapshot);
    expect(loop.messages).toHaveLength(original.length + 10 * 4);
    const summaries = context.filter((message) => message.id?.startsWith('compaction-summary:'));
    expect(summaries).toHaveLength(1);
    // A summary of a summary would nest headers; the tenth one is made from the originals.
    expect(summaries[0]?.content.match(/Compacted summary/g)).toHaveLength(1);
    expect(textOf(context)).toContain(rule);
  });
});

describe('fix: the trigger has hysteresis and a circuit breaker', () => {
  function bigHistory(): Message[] {
    return transcript(8).map((message) =>
      message.role === 'tool' ? { ...message, content: 'x '.repeat(2000) } : message,
    );
  }

  it('does not re-fire every turn when compaction frees too little, and stops after repeated failures', async () => {
    const events: CompactionEvent[] = [];
    // A strategy that frees nothing: every compaction is ineffective.
    const useless = { compact: ({ messages }: { messages: readonly Message[] }) => [...messages] };
    const history = bigHistory();
    const tokens = counter.countMessages(history);
    const maxContextTokens = Math.floor(tokens / 0.86);
    const engine = new CompactionEngine({
      maxContextTokens,
      config: { inMemoryStrategy: useless, maxConsecutiveFailures: 3 },
      onEvent: (event) => events.push(event),
    });
    const first = await engine.prepareMessages(history);
    expect(first.compacted).toBe(true);
    // Same size next turn: hysteresis holds it back.
    const second = await engine.prepareMessages(history);
    expect(second.compacted).toBe(false);
    expect(engine.trigger.check(tokens).reason).toBe('hysteresis');
    // Grow past the hysteresis margin twice more: fires, fails to help, and the breaker opens.
    let grown = history;
    for (let step = 0; step < 2; step++) {
      grown = [...grown, user('more '.repeat(Math.ceil(maxContextTokens * 0.06)))];
      expect((await engine.prepareMessages(grown)).compacted).toBe(true);
    }
    const opened = events.filter((event) => event.type === 'compaction-circuit-open');
    expect(opened).toHaveLength(1);
    expect(
      events
        .filter((event) => event.type === 'compaction-end')
        .every((event) => event.type === 'compaction-end' && !event.effective),
    ).toBe(true);
    grown = [...grown, user('more '.repeat(Math.ceil(maxContextTokens * 0.1)))];
    expect((await engine.prepareMessages(grown)).compacted).toBe(false);
    expect(engine.trigger.check(counter.countMessages(grown)).reason).toBe('circuit-open');
  });

  it('opens the breaker after strategies that throw, and returns the uncompacted context meanwhile', async () => {
    const events: CompactionEvent[] = [];
    const broken = {
      compact: (): Message[] => {
        throw new Error('summariser unavailable');
      },
    };
    const history = bigHistory();
    const engine = new CompactionEngine({
      maxContextTokens: 1000,
      config: { inMemoryStrategy: broken, maxConsecutiveFailures: 2 },
      onEvent: (event) => events.push(event),
    });
    const prepared = await engine.prepareMessages(history);
    expect(prepared.compacted).toBe(false);
    expect(prepared.messages.map((message) => message.content)).toEqual(
      history.map((message) => message.content),
    );
    await engine.prepareMessages(history);
    expect(events.map((event) => event.type)).toEqual([
      'compaction-start',
      'compaction-fail',
      'compaction-start',
      'compaction-fail',
      'compaction-circuit-open',
    ]);
    expect(events.at(-1)).toMatchObject({ lastFailure: 'summariser unavailable', consecutiveFailures: 2 });
  });
});

describe('fix: every returned context pairs tool calls with their results', () => {
  it('repairs a recent window that starts between a call and its result', async () => {
    // The call sits in turn 2 and its result was numbered into turn 3 by a sloppy producer.
    const messages: Message[] = [
      ...transcript(2),
      { ...user('Check the build.'), turn: 2 },
      { ...assistant('', [call('split', 'bash', { command: 'make' })]), turn: 2 },
      { ...result('split', 'make: *** [all] Error 2'), turn: 3 },
      { ...assistant('The build fails.'), turn: 3 },
    ].map((message, index) =>
      message.turn === undefined ? { ...message, turn: Math.floor(index / 4) } : message,
    );
    const { context } = await compactOnce(messages, { keepFirstTurns: 1, keepRecentTurns: 1 });
    expect(hasValidToolPairs(context)).toBe(true);
    expect(textOf(context)).toContain('make: *** [all] Error 2');
  });

  it('keeps pairs valid after the legacy drop-middle level', async () => {
    const engine = new CompactionEngine({
      maxContextTokens: 600,
      config: { keepFirstTurns: 1, keepRecentTurns: 4 },
    });
    const prepared = await engine.prepareMessages(transcript(40));
    expect(prepared.compacted).toBe(true);
    expect(hasValidToolPairs(prepared.messages)).toBe(true);
    expect(prepared.tokensAfter).toBeLessThanOrEqual(engine.targetTokens);
  });
});

describe('fix: the focus hint reaches the strategy', () => {
  it('hands focus to a custom block strategy', async () => {
    const seen: (string | undefined)[] = [];
    const inner = new DefaultBlockCompaction();
    const spying = {
      keepFirst: inner.keepFirst.bind(inner),
      keepRecent: inner.keepRecent.bind(inner),
      keepCompacted: inner.keepCompacted.bind(inner),
      async compact(input: BlockCompactInput) {
        seen.push(input.context.focus);
        return inner.compact(input);
      },
    };
    const session = createSession('s', [createLoopRecord({ id: 'L1', messages: transcript(12) })]);
    const engine = new CompactionEngine({ maxContextTokens: 100_000, config: { blockStrategy: spying } });
    await engine.prepareSession(session, 'L1', { force: true, focus: 'the auth bug' });
    expect(seen).toEqual(['the auth bug']);
  });

  it('the default strategy keeps focus-matching turns when the budget is short', async () => {
    const auth: Message[] = [
      user('Look at the login flow.'),
      assistant('', [call('a1', 'read_file', { path: 'src/auth/session-token.ts' })]),
      result('a1', 'code'),
      assistant('Found the token refresh.'),
    ];
    const messages = transcript(60, { 3: auth });
    const config = defineCompactionConfig({ keepFirstTurns: 1, keepRecentTurns: 2, maxSummaryTokens: 300 });
    const session = createSession('s', [createLoopRecord({ id: 'L1', messages })]);
    const run = async (focus?: string) => {
      const out = await compactSessionLoops({
        session: session,
        currentLoopId: 'L1',
        strategy: config.blockStrategy,
        config: config,
        maxContextTokens: 100_000,
        counter,
        ...(focus ? { focus } : {}),
      });
      return textOf(
        buildContextFromSession({
          session: out.session,
          currentLoopId: 'L1',
          config: config,
          maxContextTokens: 100_000,
          counter,
        }).messages,
      );
    };
    expect(await run()).not.toContain('src/auth/session-token.ts');
    const focused = await run('auth session-token');
    expect(focused).toContain('src/auth/session-token.ts');
    expect(focused).toContain('Focus: auth session-token.');
  });
});

describe('non-text parts are named when their turn is summarised', () => {
  it('mentions images and files of user and tool messages', async () => {
    const withImages: Message[] = [
      {
        role: 'user',
        content: 'Here is the broken layout.',
        attachments: [{ type: 'image', mediaType: 'image/png', data: 'AAAA' }],
      },
      assistant('', [call('s1', 'screenshot', { url: 'http://localhost:3000' })]),
      {
        ...result('s1', 'captured'),
        attachments: [{ type: 'file', mediaType: 'application/pdf', filename: 'page.pdf', data: 'AAAA' }],
      },
      assistant('The sidebar overlaps the header.'),
    ];
    const { context } = await compactOnce(transcript(10, { 4: withImages }));
    const text = textOf(context);
    expect(text).toContain('[turn 4] user: Here is the broken layout. [image image/png]');
    expect(text).toContain('screenshot `http://localhost:3000` [returned file page.pdf]');
  });
});
