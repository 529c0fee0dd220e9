/**
 * compactkit/test: what a user needs to test code built on compactkit offline: a scripted language model and
 * fake OpenAI and Anthropic servers on 127.0.0.1 that speak the providers' wire formats.
 */
export {
  createMockLanguageModel,
  type MockLanguageModel,
  type MockLanguageModelOptions,
  type MockReply,
  type MockReplySource,
} from '../llm/index.js';
export {
  anthropicReply,
  errorReply,
  type FakeServer,
  openAIReply,
  type ReceivedRequest,
  type ReplyUsage,
  type ScriptedResponse,
  startFakeServer,
  textReply,
  type WireFormat,
} from './fake-servers.js';
