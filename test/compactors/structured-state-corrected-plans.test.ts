import { describe, expect, it } from 'vitest';
import { correctedText } from '../../src/compactors/methods/structured-state/value-correction.js';
import { said } from './structured-state-said.js';

// A value corrected inside a plan that says more: the value is written in place, the rest of the plan stands.
// Every sentence here is written for this file.

describe('structured-state: a value corrected inside a plan', () => {
  it('reads a ticket key with its project prefix as one value', () => {
    expect(
      correctedText(
        'branch off release/2.4 and prefix every commit with OPS-3127 so the board picks them up.',
        "wrong key, sorry. it's OPS-3172, OPS-3127 is the closed duplicate.",
      ),
    ).toBe(
      'branch off release/2.4 and prefix every commit with OPS-3172 (not OPS-3127) so the board picks them up.',
    );
  });

  it('keeps the rest of a plan when a named value in it is corrected', async () => {
    const { text } = await said(
      'Picking up the flaky checkout test today.',
      'work on the hotfix/cart-totals branch, and tag every commit with OPS-3127 so the board picks them up.',
      "wrong key, sorry. it's OPS-3172, OPS-3127 is the closed duplicate.",
    );
    expect(text).toContain('hotfix/cart-totals branch, and tag every commit with OPS-3172 (not OPS-3127)');
    expect(text).not.toContain('Superseded, do not use: work on the hotfix/cart-totals branch');
  });
});
