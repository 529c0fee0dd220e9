export { MESSAGE_OVERHEAD_TOKENS, REPLY_PRIMING_TOKENS } from './count-message-tokens.js';
export { countTextTokens } from './count-text-tokens.js';
export { createLineMemoCounter, LINE_MEMO_CAPACITY } from './create-line-memo-counter.js';
export { createTokenCounter } from './create-token-counter.js';
export {
  BYTES_PER_TOKEN,
  estimateAttachmentTokens,
  IMAGE_BASE_TOKENS,
  IMAGE_MAX_SIDE,
  IMAGE_SHORT_SIDE,
  IMAGE_TILE_SIZE,
  IMAGE_TILE_TOKENS,
  UNKNOWN_IMAGE_TOKENS,
  URL_FILE_TOKENS,
} from './estimate-attachment-tokens.js';
export type { TokenCounter, TokenCounterOptions, TokenCounterStats, TokenEncoding } from './types.js';
