export { type BuryOptions, buryInToolOutput } from './bury-in-tool-output.js';
export { DEFAULT_CONTINUATIONS } from './default-continuations.js';
export { FILLER_BANNED_WORDS } from './filler-banned-words.js';
export {
  type FillerOptions,
  type FillerShape,
  generateFiller,
  MIN_EXCHANGE_TOKENS,
} from './generate-filler.js';
export { PARAPHRASE_FRAMES, type ParaphraseFrame, paraphrase } from './paraphrase.js';
export { PRIMARY_LANGUAGES, type PrimaryLanguage } from './workspace.js';
