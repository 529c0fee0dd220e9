import { describe, expect, it } from 'vitest';
import { expectLinearGrowth } from '../support/growth.js';

/** The growth check replaces duration limits in the suite, so it must tell linear from quadratic work. */
describe('expectLinearGrowth', () => {
  const linear = (size: number): number => {
    let sum = 0;
    for (let index = 0; index < size * 200; index += 1) sum += index % 7;
    return sum;
  };
  const quadratic = (size: number): number => {
    let sum = 0;
    for (let outer = 0; outer < size; outer += 1)
      for (let inner = 0; inner < size; inner += 1) sum += inner % 7;
    return sum;
  };

  it('passes linear work and fails quadratic work over an eightfold size', () => {
    expectLinearGrowth((size) => linear(size), { small: 2_000, large: 16_000, maxRatio: 24 });
    expect(() =>
      expectLinearGrowth((size) => quadratic(size), { small: 500, large: 4_000, maxRatio: 24, attempts: 1 }),
    ).toThrow(/time ratio of size 4000 to size 500/);
  });
});
