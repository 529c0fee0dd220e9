import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_METHOD_METADATA_CHARACTERS, parseArtifact } from '../../src/artifact/index.js';
import { createLexicalTarget } from '../../src/bench/reader/index.js';
import { runBench } from '../../src/bench/runner/index.js';
import { loadSuite } from '../../src/bench/suites/index.js';
import { renderArtifact } from '../../src/bench/target/index.js';
import { defaultBlockMethod } from '../../src/compactors/methods/default-block.js';
import { observationMaskingMethod } from '../../src/compactors/methods/observation-masking.js';
import { truncateLastNMethod } from '../../src/compactors/methods/truncate-last-n.js';
import { instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import type { MethodDefinition } from '../../src/compactors/registry/method-definition.js';
import { countTextTokens } from '../../src/tokens/index.js';
import {
  awkwardTranscript,
  eliteTranscript,
  occurrences,
  runDrift,
  temporaryStore,
} from './deterministic-method-helpers.js';

// One invariant suite for every deterministic method (and both engine paths of default-block).
const methods: { label: string; definition: MethodDefinition; options: Record<string, unknown> }[] = [
  { label: 'truncate-last-n', definition: truncateLastNMethod, options: {} },
  { label: 'observation-masking', definition: observationMaskingMethod, options: {} },
  { label: 'default-block', definition: defaultBlockMethod, options: {} },
  { label: 'default-block (legacy)', definition: defaultBlockMethod, options: { strategy: 'legacy' } },
];

const hard = eliteTranscript('hard', 3);
const root = new URL('../..', import.meta.url).pathname;
const miniSuite = await loadSuite(join(root, 'test/bench/fixtures/mini-suite'));

describe.each(methods)('$label', ({ definition, options }) => {
  const make = () => instantiateMethod(definition, options);

  it('is a deterministic method without a model, version 1.0.0, with a one-line description', () => {
    expect(definition).toMatchObject({ version: '1.0.0', deterministic: true, needsModel: false });
    expect(definition.description).toMatch(/^[^\n]{10,120}$/);
    for (const spec of Object.values(definition.options)) expect(spec.description).not.toContain('\n');
  });

  it('gives byte-identical artifacts for the same input, in every cycle', async () => {
    const first = await runDrift(make(), hard, 2, 5_000);
    const second = await runDrift(make(), hard, 2, 5_000);
    expect(JSON.stringify(second.artifacts)).toBe(JSON.stringify(first.artifacts));
  });

  it('does not change its input messages or the previous artifact', async () => {
    const transcript = structuredClone(hard);
    const compactor = make();
    const artifact = await compactor.compact({ transcript, budgetTokens: 4_000 }, {});
    expect(transcript).toEqual(hard);
    const added = [{ role: 'user' as const, content: 'More?', turn: 99 }];
    const previous = structuredClone(artifact);
    await compactor.compact({ transcript: added, previousArtifact: artifact }, {});
    expect(artifact).toEqual(previous);
    expect(added).toEqual([{ role: 'user', content: 'More?', turn: 99 }]);
  });

  it('returns an empty artifact for an empty transcript and keeps its text over an empty cycle', async () => {
    const compactor = make();
    const empty = parseArtifact(await compactor.compact({ transcript: [] }, {}));
    expect(empty.summaryText).toBe('');
    expect(empty.selectedSourceTurnIds).toEqual([]);
    const artifact = parseArtifact(await compactor.compact({ transcript: awkwardTranscript() }, {}));
    const again = await compactor.compact({ transcript: [], previousArtifact: artifact }, {});
    expect(again.summaryText).toBe(artifact.summaryText);
  });

  it('handles unpaired tool calls and passes markup and special-token lookalikes through as text', async () => {
    const artifact = parseArtifact(await make().compact({ transcript: awkwardTranscript() }, {}));
    for (const hostile of ['<script>alert(1)</script>', '</s>', '<|im_end|>', 'Never deploy on Fridays.']) {
      expect(artifact.summaryText).toContain(hostile);
    }
    expect(artifact.selectedSourceTurnIds).toEqual([0, 1, 2]);
  });

  it('keeps every artifact within the token budget, in every cycle', async () => {
    for (const budget of [0, 30, 400, 3_000]) {
      const { artifacts } = await runDrift(make(), hard, 2, budget);
      for (const artifact of artifacts) {
        expect(countTextTokens(renderArtifact(artifact))).toBeLessThanOrEqual(budget);
      }
    }
  });

  it('slides with drift cycles: every new turn once, nothing duplicated, turn ids from the history', async () => {
    const { artifacts, history } = await runDrift(make(), hard, 3);
    const turns = new Set(history.map((message) => message.turn));
    artifacts.forEach((artifact, cycle) => {
      for (let earlier = 1; earlier <= cycle; earlier++) {
        // The newest turns are within every method's recent window, so each is there exactly once.
        expect(occurrences(artifact.summaryText, `Drift question ${earlier}:`)).toBe(1);
        expect(occurrences(artifact.summaryText, `Drift reply ${earlier}:`)).toBe(1);
      }
      expect(artifact.selectedSourceTurnIds).toEqual(
        [...new Set(artifact.selectedSourceTurnIds)].sort((a, b) => a - b),
      );
      for (const turn of artifact.selectedSourceTurnIds) expect(turns.has(turn)).toBe(true);
      expect(JSON.stringify(artifact.methodMetadata).length).toBeLessThan(MAX_METHOD_METADATA_CHARACTERS / 4);
    });
    const last = artifacts[3]!.summaryText;
    expect(last.indexOf('Drift question 1:')).toBeLessThan(last.indexOf('Drift question 3:'));
  });

  it('completes a benchmark run on the mini suite', async () => {
    const store = temporaryStore();
    const result = await runBench({
      store,
      compactor: make(),
      suite: miniSuite,
      difficulties: ['easy', 'hard'],
      cases: 1,
      seedGroup: '0',
      cycles: 2,
      driftMode: 'incremental',
      target: createLexicalTarget(),
      tier: '2x',
    });
    expect(result.run.status).toBe('complete');
    expect(result.scores.cases).toEqual({ expected: 4, complete: 4, failed: 0 });
    store.close();
  });
});
