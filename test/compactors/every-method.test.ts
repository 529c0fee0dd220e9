import { describe, expect, it } from 'vitest';
import { parseArtifact } from '../../src/artifact/index.js';
import { renderArtifact } from '../../src/bench/target/index.js';
import { builtInMethods, instantiateMethod } from '../../src/compactors/registry/built-in-methods.js';
import { loadCompactor } from '../../src/compactors/registry/load-compactor.js';
import { resolveMethodOptions } from '../../src/compactors/registry/method-options.js';
import { CompactkitError, ValidationError } from '../../src/errors.js';
import { countTextTokens } from '../../src/tokens/index.js';
import { awkwardTranscript, eliteTranscript, runDrift } from './deterministic-method-helpers.js';

// The invariants every built-in method keeps, whatever it does: registered here, covered here.
const deterministic = builtInMethods.filter((method) => !method.needsModel);
const withModel = builtInMethods.filter((method) => method.needsModel);
const hard = eliteTranscript('hard', 7);

describe('the method registry', () => {
  it('has unique names, one-line descriptions, and option defaults that pass their own checks', () => {
    const names = builtInMethods.map((method) => method.name);
    expect(new Set(names).size).toBe(names.length);
    expect(names).toEqual(
      expect.arrayContaining([
        'null',
        'oracle',
        'truncate-last-n',
        'observation-masking',
        'default-block',
        'structured-state',
        'naive-summary',
        'regenerated-summary',
        'anchored-iterative',
        'hybrid',
      ]),
    );
    for (const method of builtInMethods) {
      expect(method.description).toMatch(/^[^\n]{10,160}$/);
      expect(method.deterministic && method.needsModel).toBe(false);
      const defaults = Object.fromEntries(
        Object.entries(method.options).map(([key, spec]) => [key, spec.default]),
      );
      expect(resolveMethodOptions(method, defaults)).toEqual(defaults);
    }
  });

  it('turns option text into typed values and rejects unknown options and bad values in one line each', async () => {
    const compactor = await loadCompactor('truncate-last-n', { keepTurns: '7' });
    expect(compactor.config).toEqual({ keepTurns: 7 });
    await expect(loadCompactor('truncate-last-n', { keepTurns: 'seven', window: 3 })).rejects.toThrow(
      ValidationError,
    );
    const error = await loadCompactor('truncate-last-n', { keepTurns: 'seven', window: 3 }).catch((e) => e);
    expect((error as ValidationError).issues).toEqual([
      { where: 'method truncate-last-n: option window', message: 'unknown option; it takes keepTurns' },
      { where: 'method truncate-last-n: option keepTurns', message: 'expected a whole number, got "seven"' },
    ]);
    await expect(loadCompactor('oracle', { keepTurns: 3 })).rejects.toThrow(/it takes no options/);
    await expect(loadCompactor('default-block', { strategy: 'fast' })).rejects.toThrow(
      /expected one of block\|legacy/,
    );
  });
});

describe.each(deterministic.map((method) => ({ name: method.name, method })))('$name', ({ method }) => {
  it('returns a valid artifact, byte-identical across calls, and leaves its input alone', async () => {
    const input = structuredClone(hard);
    const first = await instantiateMethod(method).compact({ transcript: input }, {});
    const second = await instantiateMethod(method).compact({ transcript: input }, {});
    expect(() => parseArtifact(first)).not.toThrow();
    expect(JSON.stringify(second)).toBe(JSON.stringify(first));
    expect(input).toEqual(hard);
  });

  it('copes with an empty transcript, unpaired tool calls and special-token lookalikes', async () => {
    const compactor = instantiateMethod(method);
    for (const transcript of [[], awkwardTranscript()]) {
      const artifact = await compactor.compact({ transcript }, {});
      expect(() => parseArtifact(artifact)).not.toThrow();
    }
  });

  it('stays within a run budget in every drift cycle', async () => {
    const { artifacts } = await runDrift(instantiateMethod(method), hard, 2, 600);
    for (const artifact of artifacts)
      expect(countTextTokens(renderArtifact(artifact))).toBeLessThanOrEqual(600);
  });
});

describe.each(withModel.map((method) => ({ name: method.name, method })))('$name', ({ method }) => {
  it('fails with method_failed and says how to give it a model, instead of returning an empty artifact', async () => {
    const error = await instantiateMethod(method)
      .compact({ transcript: hard }, {})
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CompactkitError);
    expect((error as CompactkitError).code).toBe('method_failed');
    expect((error as Error).message).toMatch(/needs a language model: pass --method-model/);
  });
});
