import { describe, expect, it } from 'vitest';
import * as random from '../../../src/bench/random/index.js';

describe('src/bench/random index', () => {
  it('exports exactly the public functions', () => {
    expect(Object.keys(random).sort()).toEqual([
      'caseSeed',
      'caseSeedText',
      'createPrng',
      'seedFromText',
      'variableSeed',
    ]);
  });

  it('chains case seed, variable seed and generator as the spec describes', () => {
    const input = { suite: 'elite', suiteVersion: 1, template: 'buried_constraint_01', templateVersion: 2 };
    const seed = random.caseSeed({ ...input, seedGroup: 'default', slot: 3 });
    const port = random.createPrng(random.variableSeed(seed, 'port')).int(1024, 65535);
    const again = random.createPrng(random.variableSeed(seed, 'port')).int(1024, 65535);
    expect(port).toBe(again);
    expect(random.createPrng(random.variableSeed(seed, 'port')).seed).toBe('2805466058890789915');
  });
});
