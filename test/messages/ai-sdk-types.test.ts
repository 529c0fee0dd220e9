import type { ModelMessage } from 'ai';
import { describe, expectTypeOf, it } from 'vitest';
import { fromModelMessages, toModelMessages } from '../../src/messages/ai-sdk.js';
import type { AiSdkModelMessage } from '../../src/messages/ai-sdk-types.js';

// These assertions are checked by `tsc --noEmit`; at run time they only need to not throw.
describe('AI SDK structural types', () => {
  it('are assignable to the SDK ModelMessage and back', () => {
    expectTypeOf<AiSdkModelMessage>().toExtend<ModelMessage>();
    expectTypeOf<ModelMessage>().toExtend<AiSdkModelMessage>();
    expectTypeOf(toModelMessages).returns.toExtend<ModelMessage[]>();
    expectTypeOf<ModelMessage[]>().toExtend<Parameters<typeof fromModelMessages>[0]>();
  });

  it('let SDK messages flow in and our output flow into the SDK without casts', () => {
    const fromSdk: ModelMessage[] = [{ role: 'user', content: 'hi' }];
    const ours = fromModelMessages(fromSdk).messages;
    const toSdk: ModelMessage[] = toModelMessages(ours);
    expectTypeOf(toSdk).toEqualTypeOf<ModelMessage[]>();
  });

  it('would catch a mismatch', () => {
    // A shape the SDK does not accept must not pass the same check.
    expectTypeOf<{ role: 'user'; content: number }>().not.toExtend<ModelMessage>();
  });
});
