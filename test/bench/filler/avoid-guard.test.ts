import { describe, expect, it } from 'vitest';
import { createAvoidGuard } from '../../../src/bench/filler/avoid-guard.js';

describe('createAvoidGuard().clean', () => {
  it('redraws until a piece holds no value', () => {
    const guard = createAvoidGuard(['8443']);
    const draws = ['listening on 8443', 'listening on 9000'];
    expect(guard.clean(() => draws.shift() ?? '', 'log line')).toBe('listening on 9000');
  });

  it('alters the occurrences when every draw holds a value, instead of failing the case', () => {
    const guard = createAvoidGuard(['151', 'ledger gateway']);
    expect(
      guard.clean(() => 'Read 151 lines (1151 bytes) from the Ledger-Gateway module', 'assistant note'),
    ).toBe('Read 262 lines (1151 bytes) from the other module');
  });
});
