import { describe, expect, it } from 'vitest';
import {
  activeChain,
  buildContextFromSession,
  CompactionEngine,
  type CompactionEvent,
  CompactionScope,
  CompactionTrigger,
  ContextTracker,
  compactMessages,
  compactSessionLoops,
  createLoopRecord,
  createSession,
  defineCompactionConfig,
  hasValidToolPairs,
  resolveScope,
  shouldCompact,
} from '../../src/compaction/index.js';
import { ValidationError } from '../../src/errors.js';
import type { Message } from '../../src/messages/types.js';
import { createTokenCounter } from '../../src/tokens/index.js';
import { textOf, transcript, user, workTurn } from './build.js';

const counter = createTokenCounter();

describe('CompactionConfig', () => {
  it('has the seed defaults', () => {
    const config = defineCompactionConfig();
    expect(config).toMatchObject({
      compactAtPct: 0.9,
      compactBudgetThresholdPct: 0.05,
      compactionScope: { kind: 'fixed-count', count: 3 },
      keepFirstTurns: 2,
      keepRecentTurns: 10,
      maxSummaryTokens: 2000,
      toolOutputMaxLines: 50,
    });
    expect(typeof config.inMemoryStrategy.compact).toBe('function');
    expect(typeof config.blockStrategy.keepCompacted).toBe('function');
  });

  it('rejects bad values with every problem named', () => {
    try {
      defineCompactionConfig({ compactAtPct: 1.5, keepRecentTurns: -1 });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ValidationError);
      const issues = (error as ValidationError).issues;
      expect(issues.map((issue) => issue.where)).toEqual([
        'compaction config: compactAtPct',
        'compaction config: keepRecentTurns',
      ]);
      expect((error as Error).message).toBe(
        'compaction config: compactAtPct: expected a fraction in [0, 1], got 1.5 (and 1 more problem)',
      );
    }
  });
});

describe('trigger', () => {
  const config = defineCompactionConfig();
  it('fires when headroom below compactAtPct drops under the threshold (85% of the window by default)', () => {
    expect(shouldCompact(84_000, 100_000, config)).toBe(false);
    expect(shouldCompact(85_001, 100_000, config)).toBe(true);
  });

  it('re-arms after usage grows by the hysteresis margin', () => {
    const trigger = new CompactionTrigger(config, 100_000);
    expect(trigger.check(90_000)).toEqual({ fire: true, reason: 'threshold' });
    expect(trigger.recordCompaction(86_000)).toEqual({ effective: false });
    expect(trigger.check(88_000).reason).toBe('hysteresis');
    expect(trigger.check(91_001).fire).toBe(true);
    expect(trigger.recordCompaction(40_000)).toEqual({ effective: true });
    expect(trigger.state.consecutiveFailures).toBe(0);
  });
});

describe('ContextTracker', () => {
  it('adds exact counts of new messages to the provider-reported usage', () => {
    const tracker = new ContextTracker({ counter });
    const history = transcript(3);
    expect(tracker.estimate(history)).toBe(counter.countMessages(history));
    tracker.recordUsage({ inputTokens: 1000, outputTokens: 50 }, history);
    const added = user('And one more thing.');
    expect(tracker.estimate([...history, added])).toBe(1050 + counter.countMessage(added));
    // The offset learned from the report also applies to a replaced context (after a compaction).
    const offset = 1050 - counter.countMessages(history);
    expect(tracker.offset).toBe(offset);
    expect(tracker.estimate(history.slice(4))).toBe(counter.countMessages(history.slice(4)) + offset);
  });
});

describe('compactMessages (legacy, three levels)', () => {
  const config = defineCompactionConfig({ keepFirstTurns: 1, keepRecentTurns: 3, toolOutputMaxLines: 10 });
  const big = transcript(20, { 5: workTurn(5, { outputLines: 400 }), 19: workTurn(19, { outputLines: 60 }) });

  it('returns the input when it fits (level 0)', () => {
    const result = compactMessages({
      messages: big,
      config: config,
      context: { counter, budgetTokens: 1_000_000 },
    });
    expect(result.level).toBe(0);
    expect(textOf(result.messages)).toBe(textOf(big));
  });

  it('truncates tool outputs outside the last turn first (level 1)', () => {
    const full = counter.countMessages(big);
    const result = compactMessages({
      messages: big,
      config: config,
      context: { counter, budgetTokens: full - 2000 },
    });
    expect(result.level).toBe(1);
    expect(textOf(result.messages)).toContain('lines omitted by compaction');
    expect(textOf(result.messages)).toContain('line 59 of output 19');
    expect(textOf(result.messages)).not.toContain('line 200 of output 5');
  });

  it('summarises the middle keeping half the budget or more (level 2), then compacts deeper (level 3)', () => {
    const level2 = compactMessages({ messages: big, config, context: { counter, budgetTokens: 1500 } });
    expect(level2.level).toBe(2);
    expect(level2.withinBudget).toBe(true);
    // The floor: more recent turns than keepRecentTurns (3) are kept, until half of the budget is used.
    expect(level2.tokens).toBeGreaterThanOrEqual(750);
    expect(textOf(level2.messages)).toContain('Compacted summary of turns 1-11');
    // Level 3: the first turn gives way (its request is pinned and stays) and the last turn is compacted by steps.
    const level3 = compactMessages({ messages: big, config, context: { counter, budgetTokens: 200 } });
    expect(level3.level).toBe(3);
    expect(level3.withinBudget).toBe(true);
    expect(level3.tokens).toBe(counter.countMessages(level3.messages));
    expect(textOf(level3.messages)).toContain('Please look at module 0.');
    expect(textOf(level3.messages)).toContain('Please look at module 19.');
    expect(hasValidToolPairs(level3.messages)).toBe(true);
  });

  it('refuses with a CompactionError when the pins alone exceed the budget, saying by how much', () => {
    expect(() => compactMessages({ messages: big, config, context: { counter, budgetTokens: 10 } })).toThrow(
      /loop conversation: pinned content is \d+ tokens, over the budget of 10 by \d+ \(largest pins: first request/,
    );
  });

  it('never mutates its input', () => {
    const frozen = Object.freeze(big.map((message) => Object.freeze({ ...message })));
    expect(() =>
      compactMessages({ messages: frozen, config: config, context: { counter, budgetTokens: 700 } }),
    ).not.toThrow();
  });
});

describe('sessions and scope', () => {
  function chainOf(loops: number): ReturnType<typeof createSession> {
    return createSession(
      's',
      Array.from({ length: loops }, (_, index) =>
        createLoopRecord({
          id: `L${index}`,
          ...(index > 0 ? { parentId: `L${index - 1}` } : {}),
          messages: transcript(6, { 2: workTurn(2, { request: `In loop ${index}, never touch vendor/.` }) }),
        }),
      ),
    );
  }

  it('FixedCount limits how many earlier loops are compacted and loaded', async () => {
    const session = chainOf(6);
    const config = defineCompactionConfig({
      compactionScope: CompactionScope.fixedCount(2),
      keepRecentTurns: 2,
      keepFirstTurns: 1,
    });
    expect(
      resolveScope({
        chain: activeChain(session, 'L5'),
        scope: config.compactionScope,
        maxContextTokens: 1e6,
        counter: counter,
      }),
    ).toBe(2);
    const result = await compactSessionLoops({
      session: session,
      currentLoopId: 'L5',
      strategy: config.blockStrategy,
      config: config,
      maxContextTokens: 1e6,
      counter,
    });
    expect(result.compactedLoopIds.sort()).toEqual(['L3', 'L4', 'L5']);
    const older = result.session.loops.find((loop) => loop.id === 'L3')?.compaction;
    expect(older?.keepFirst).toBeUndefined();
    expect(older?.keepRecent).toBeUndefined();
    expect(older?.keepCompacted?.range).toEqual({ startTurn: 0, endTurn: 5 });
    const context = buildContextFromSession({
      session: result.session,
      currentLoopId: 'L5',
      config: config,
      maxContextTokens: 1e6,
      counter,
    }).messages;
    const text = textOf(context);
    expect(text).toContain('In loop 3, never touch vendor/.');
    expect(text).toContain('In loop 4, never touch vendor/.');
    expect(text).not.toContain('In loop 2,');
    expect(hasValidToolPairs(context)).toBe(true);
  });

  it('TokenBudget walks back until the budget would be exceeded, always taking the previous loop', () => {
    const session = chainOf(5);
    const perLoop = counter.countMessages(session.loops[0]?.messages ?? []);
    const chain = activeChain(session, 'L4');
    expect(
      resolveScope({
        chain: chain,
        scope: CompactionScope.tokenBudget(),
        maxContextTokens: perLoop * 3 + 1,
        counter: counter,
      }),
    ).toBe(2);
    expect(
      resolveScope({
        chain: chain,
        scope: CompactionScope.tokenBudget(),
        maxContextTokens: 10,
        counter: counter,
      }),
    ).toBe(1);
  });

  it('reports an unknown loop id or a parent cycle as bad input', () => {
    const session = chainOf(2);
    expect(() => activeChain(session, 'nope')).toThrow('session s: currentLoopId: no loop with id "nope"');
    const cyclic = createSession('c', [
      createLoopRecord({ id: 'A', parentId: 'B', messages: [] }),
      createLoopRecord({ id: 'B', parentId: 'A', messages: [] }),
    ]);
    expect(() => activeChain(cyclic, 'A')).toThrow(/parentId links form a cycle/);
  });

  it('loads turns appended after a compaction raw', async () => {
    const config = defineCompactionConfig({ keepFirstTurns: 1, keepRecentTurns: 2 });
    const session = createSession('s', [createLoopRecord({ id: 'L', messages: transcript(10) })]);
    const compacted = await compactSessionLoops({
      session: session,
      currentLoopId: 'L',
      strategy: config.blockStrategy,
      config: config,
      maxContextTokens: 1e6,
      counter,
    });
    const loop = compacted.session.loops[0];
    const grown = {
      ...compacted.session,
      loops: [{ ...loop!, messages: [...loop!.messages, ...workTurn(10).map((m) => ({ ...m, turn: 10 }))] }],
    };
    const text = textOf(
      buildContextFromSession({
        session: grown,
        currentLoopId: 'L',
        config: config,
        maxContextTokens: 1e6,
        counter,
      }).messages,
    );
    expect(text).toContain('Module 10 looks fine.');
    expect(text.match(/Module 9 looks fine\./g)).toHaveLength(1);
  });
});

describe('CompactionEngine callbacks and events', () => {
  const history: Message[] = transcript(30, { 0: workTurn(0, { outputLines: 300 }) });

  it('vetoes when beforeCompactionStart returns false', async () => {
    const events: CompactionEvent[] = [];
    const engine = new CompactionEngine({
      maxContextTokens: 1000,
      beforeCompactionStart: () => false,
      onEvent: (event) => events.push(event),
    });
    const prepared = await engine.prepareMessages(history);
    expect(prepared.compacted).toBe(false);
    expect(events.map((event) => event.type)).toEqual(['compaction-veto']);
  });

  it('brackets a compaction with start and end events carrying token counts, then calls afterCompactionEnd', async () => {
    const events: CompactionEvent[] = [];
    let after: number | undefined;
    const engine = new CompactionEngine({
      maxContextTokens: 4000,
      config: { keepFirstTurns: 1, keepRecentTurns: 4 },
      onEvent: (event) => events.push(event),
      afterCompactionEnd: (info) => {
        after = info.tokensAfter;
      },
    });
    const prepared = await engine.prepareMessages(history);
    expect(prepared.compacted).toBe(true);
    const [start, end] = events;
    expect(start).toMatchObject({
      type: 'compaction-start',
      mode: 'in-memory',
      reason: 'threshold',
      tokensBefore: prepared.tokensBefore,
    });
    expect(end).toMatchObject({ type: 'compaction-end', tokensAfter: prepared.tokensAfter, effective: true });
    expect(prepared.tokensAfter).toBeLessThan(prepared.tokensBefore);
    expect(after).toBe(prepared.tokensAfter);
  });

  it('does nothing below the threshold', async () => {
    const engine = new CompactionEngine({ maxContextTokens: 1_000_000 });
    const prepared = await engine.prepareMessages(history);
    expect(prepared).toMatchObject({ compacted: false, events: [] });
  });

  it('stops on abort instead of swallowing it', async () => {
    const controller = new AbortController();
    controller.abort();
    const session = createSession('s', [createLoopRecord({ id: 'L', messages: history })]);
    const engine = new CompactionEngine({ maxContextTokens: 1000 });
    await expect(engine.prepareSession(session, 'L', { signal: controller.signal })).rejects.toThrow(
      /abort/i,
    );
  });
});

describe('CompactionEngine input checks', () => {
  it('rejects a context window that is not a positive whole number', () => {
    expect(() => new CompactionEngine({ maxContextTokens: 0 })).toThrow(
      'compaction engine: maxContextTokens: expected a whole number of tokens > 0, got 0',
    );
    expect(() => new CompactionEngine({ maxContextTokens: Number.NaN })).toThrow(ValidationError);
  });
});
