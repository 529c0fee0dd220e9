import { describe, expect, it } from 'vitest';
import { parseArtifact } from '../../src/artifact/index.js';
import { issuesOf } from './issues-of.js';

describe('methodMetadata', () => {
  it('accepts any JSON object and returns a deep copy', () => {
    const methodMetadata = { model: 'm', nested: { list: [1, 'two', null, false, { deep: -0.5 }] } };
    const artifact = parseArtifact({ methodMetadata });
    expect(artifact.methodMetadata).toEqual(methodMetadata);
    methodMetadata.nested.list.push(9);
    expect(artifact.methodMetadata).toEqual({
      model: 'm',
      nested: { list: [1, 'two', null, false, { deep: -0.5 }] },
    });
  });

  it('rejects values JSON would drop or change, each at its own path', () => {
    const sparse: unknown[] = [1];
    sparse[2] = 3;
    const issues = issuesOf(() =>
      parseArtifact({
        methodMetadata: {
          missing: undefined,
          notANumber: Number.NaN,
          infinite: Number.POSITIVE_INFINITY,
          big: 10n,
          when: new Date(0),
          lookup: new Map(),
          call: () => 1,
          symbol: Symbol('s'),
          sparse,
        },
      }),
    );
    expect(issues).toEqual([
      { where: 'artifact.methodMetadata.missing', message: 'expected a JSON value, got undefined' },
      { where: 'artifact.methodMetadata.notANumber', message: 'expected a JSON value, got NaN' },
      { where: 'artifact.methodMetadata.infinite', message: 'expected a JSON value, got Infinity' },
      { where: 'artifact.methodMetadata.big', message: 'expected a JSON value, got bigint' },
      {
        where: 'artifact.methodMetadata.when',
        message: 'expected a JSON value, got a Date; convert it to a string or number',
      },
      {
        where: 'artifact.methodMetadata.lookup',
        message: 'expected a JSON value, got a Map; convert it to a string or number',
      },
      { where: 'artifact.methodMetadata.call', message: 'expected a JSON value, got function' },
      { where: 'artifact.methodMetadata.symbol', message: 'expected a JSON value, got symbol' },
      { where: 'artifact.methodMetadata.sparse[1]', message: 'expected a JSON value, got undefined' },
    ]);
  });

  it('rejects a cycle with a clear message instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = { back: cyclic };
    expect(issuesOf(() => parseArtifact({ method_metadata: cyclic }))).toEqual([
      {
        where: 'artifact.method_metadata.self.back',
        message: 'refers back to an enclosing object; JSON cannot hold a cycle',
      },
    ]);
  });

  it('accepts the same object twice when it is shared, not cyclic', () => {
    const shared = { value: 1 };
    expect(parseArtifact({ methodMetadata: { a: shared, b: shared } }).methodMetadata).toEqual({
      a: { value: 1 },
      b: { value: 1 },
    });
  });

  it('keeps a __proto__ key as data', () => {
    const methodMetadata = JSON.parse('{"__proto__": {"polluted": true}, "inner": {"__proto__": 1}}');
    const artifact = parseArtifact({ methodMetadata });
    expect(Object.keys(artifact.methodMetadata)).toEqual(['__proto__', 'inner']);
    expect(JSON.stringify(artifact.methodMetadata)).toBe(
      '{"__proto__":{"polluted":true},"inner":{"__proto__":1}}',
    );
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
