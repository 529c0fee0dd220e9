import { describe, expect, it } from 'vitest';
import type { CompactionArtifact } from '../../src/artifact/index.js';
import {
  appendToLoop,
  buildContextFromSession,
  type CompactionConfig,
  CompactionEngine,
  CompactionScope,
  createLoopRecord,
  createSession,
  findPinned,
  hasValidToolPairs,
  type Session,
} from '../../src/compaction/index.js';
import { compactorAsBlockStrategy } from '../../src/compactors/engine-bridges/compactor-as-block-strategy.js';
import { nullCompactor } from '../../src/compactors/methods/null-compactor.js';
import { truncateLastNMethod } from '../../src/compactors/methods/truncate-last-n.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { renderTranscriptText } from '../../src/compactors/shared/render-transcript-text.js';
import type { Compactor, CompactorInput } from '../../src/compactors/types.js';
import type { Message } from '../../src/messages/types.js';
import { eliteTranscript } from './deterministic-method-helpers.js';

const transcript = eliteTranscript('hard', 30);
const turnCount = new Set(transcript.map((message) => message.turn)).size;
const turns = (messages: readonly Message[], from: number, to: number) =>
  messages.filter((message) => (message.turn as number) >= from && (message.turn as number) <= to);
// Recent tool outputs and the artifact stay whole, so the expected context can be written down exactly.
const roomy: Partial<CompactionConfig> = {
  keepFirstTurns: 1,
  keepRecentTurns: 2,
  maxSummaryTokens: 100_000,
  toolOutputMaxLines: 100_000,
  toolOutputMaxChars: 10_000_000,
};

function engineWith(compactor: Compactor, config: Partial<CompactionConfig> = {}) {
  const strategy = compactorAsBlockStrategy(compactor);
  return new CompactionEngine({
    maxContextTokens: 200_000,
    config: { ...roomy, ...config, blockStrategy: strategy },
  });
}

/** A compactor that records what it was given. */
function spy(inner: Compactor): Compactor & { inputs: CompactorInput[] } {
  const inputs: CompactorInput[] = [];
  return {
    name: inner.name,
    version: inner.version,
    inputs,
    compact: (input, context) => {
      inputs.push(input);
      return inner.compact(input, context);
    },
  };
}

const truncate3 = () => instantiateMethod(truncateLastNMethod, { keepTurns: 3 });
const header = (loop: string, from: number, to: number) =>
  `[Compacted by truncate-last-n: turns ${from}-${to} of loop ${loop} were replaced by this artifact.]\n`;

describe('compactorAsBlockStrategy', () => {
  it('puts the artifact of the middle turns between the first and recent turns, with tool pairs intact', async () => {
    const engine = engineWith(truncate3());
    const session = createSession('s', [createLoopRecord({ id: 'L', messages: transcript })]);
    const prepared = await engine.prepareSession(session, 'L', { force: true });
    const last = turnCount - 1;
    expect(prepared.messages).toEqual([
      ...turns(transcript, 0, 0),
      {
        id: `compaction-summary:truncate-last-n:loop L:1-${last - 2}`,
        role: 'user',
        content: `${header('L', 1, last - 2)}${renderTranscriptText(turns(transcript, last - 4, last - 2))}`,
        turn: 1,
      },
      ...turns(transcript, last - 1, last),
    ]);
    expect(hasValidToolPairs(prepared.messages)).toBe(true);
    const built = buildContextFromSession({
      session: prepared.session,
      currentLoopId: 'L',
      config: engine.config,
      maxContextTokens: 200_000,
      counter: engine.counter,
    });
    expect(built).toEqual({ messages: prepared.messages, repairs: [] });
    const end = prepared.events.find((event) => event.type === 'compaction-end');
    expect(end).toMatchObject({
      warnings: [expect.stringMatching(/truncate-last-n: dropped \d+ older turn/)],
    });
  });

  it('carries its artifact to the next compaction of the loop and hands over only the turns added since', async () => {
    const recorder = spy(truncate3());
    const engine = engineWith(recorder);
    const first = await engine.prepareSession(
      createSession('s', [createLoopRecord({ id: 'L', messages: transcript })]),
      'L',
      { force: true },
    );
    const grown = appendToLoop(first.session, 'L', [
      { role: 'user', content: 'And the docs?' },
      { role: 'assistant', content: 'Updated the docs.' },
      { role: 'user', content: 'Ship it.' },
      { role: 'assistant', content: 'Shipped.' },
    ]);
    const second = await engine.prepareSession(grown, 'L', { force: true });
    expect(recorder.inputs).toHaveLength(2);
    expect(recorder.inputs[0]!.previousArtifact).toBeUndefined();
    // The two turns that left the recent window are all the compactor sees the second time.
    expect(recorder.inputs[1]!.transcript).toEqual(turns(transcript, turnCount - 2, turnCount - 1));
    expect(recorder.inputs[1]!.previousArtifact?.summaryText).toBe(
      renderTranscriptText(turns(transcript, turnCount - 5, turnCount - 3)),
    );
    // Same context as a strategy that starts from scratch on the grown loop.
    const scratch = await engineWith(truncate3()).prepareSession(withoutBlocks(grown), 'L', { force: true });
    expect(second.messages).toEqual(scratch.messages);
    const section = second.messages.find((message) => message.id?.startsWith('compaction-summary:'));
    expect(section?.content).toBe(
      `${header('L', 1, turnCount - 1)}${renderTranscriptText(turns(transcript, turnCount - 3, turnCount - 1))}`,
    );
    // Nothing new in the middle: the artifact is reused without calling the compactor.
    const third = await engine.prepareSession(second.session, 'L', { force: true });
    expect(recorder.inputs).toHaveLength(2);
    expect(third.messages).toEqual(second.messages);
  });

  it('starts over when the loop does not show its last overlay (another session, a cleared block)', async () => {
    const recorder = spy(truncate3());
    const engine = engineWith(recorder);
    const session = createSession('s', [createLoopRecord({ id: 'L', messages: transcript })]);
    const first = await engine.prepareSession(session, 'L', { force: true });
    const grown = appendToLoop(withoutBlocks(first.session), 'L', [{ role: 'user', content: 'More.' }]);
    await engine.prepareSession(grown, 'L', { force: true });
    expect(recorder.inputs.map((input) => input.previousArtifact)).toEqual([undefined, undefined]);
  });

  it('compacts earlier loops whole, and says so when the compactor keeps nothing', async () => {
    const half = Math.floor(turnCount / 2);
    const session = createSession('s', [
      createLoopRecord({ id: 'P', messages: turns(transcript, 0, half - 1) }),
      createLoopRecord({ id: 'C', parentId: 'P', messages: turns(transcript, half, turnCount - 1) }),
    ]);
    const engine = engineWith(truncate3(), { compactionScope: CompactionScope.fixedCount(1) });
    const prepared = await engine.prepareSession(session, 'C', { force: true });
    expect(prepared.messages[0]).toMatchObject({
      role: 'user',
      content: `${header('P', 0, half - 1)}${renderTranscriptText(turns(transcript, half - 3, half - 1))}`,
    });
    expect(hasValidToolPairs(prepared.messages)).toBe(true);

    const empty = await engineWith(nullCompactor).prepareSession(session, 'C', { force: true });
    expect(empty.messages).toEqual([
      ...turns(transcript, half, half),
      ...turns(transcript, turnCount - 2, turnCount - 1),
    ]);
    const end = empty.events.find((event) => event.type === 'compaction-end');
    expect(end).toMatchObject({
      warnings: [
        `loop P: null kept nothing of turns 0-${half - 1} of loop P`,
        `loop C: null kept nothing of turns 1-${turnCount - half - 3} of loop C`,
      ],
    });
  });

  it('can carry the artifact as a system message and give the compactor the whole loop', async () => {
    const artifact: CompactionArtifact = { ...(await nullCompactor.compact({ transcript: [] }, {})) };
    const fixed: Compactor = {
      name: 'fixed',
      version: '1.0.0',
      compact: async () => ({ ...artifact, summaryText: 'Never deploy on Fridays.' }),
    };
    const strategy = compactorAsBlockStrategy(fixed, {
      role: 'system',
      sections: { keepFirst: () => undefined, keepRecent: () => undefined },
    });
    const engine = new CompactionEngine({ maxContextTokens: 200_000, config: { blockStrategy: strategy } });
    const session = createSession('s', [createLoopRecord({ id: 'L', messages: transcript })]);
    const prepared = await engine.prepareSession(session, 'L', { force: true });
    // The pins (the first request, rules) stay verbatim before the artifact.
    const pinned = findPinned({ messages: session.loops[0]!.messages, pins: {}, isCurrentLoop: true });
    expect(pinned.length).toBeGreaterThan(0);
    expect(prepared.messages).toEqual([
      ...pinned.map((pin) => pin.message),
      {
        id: `compaction-summary:fixed:loop L:0-${turnCount - 1}`,
        role: 'system',
        content: `[Compacted by fixed: turns 0-${turnCount - 1} of loop L were replaced by this artifact.]\nNever deploy on Fridays.`,
        turn: 0,
      },
    ]);
  });
});

function withoutBlocks(session: Session): Session {
  return { ...session, loops: session.loops.map(({ compaction: _block, ...loop }) => loop) };
}
