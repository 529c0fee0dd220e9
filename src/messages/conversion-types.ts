import type { Message } from './types.js';

/**
 * Something a converter left out or changed on purpose (a thinking block, a participant name). Warnings
 * are returned as data so a caller can show or store them; nothing is dropped without one.
 */
export interface ConversionWarning {
  /** Path of the source part, e.g. `messages[4].content[0]`, prefixed by file and line when read from a file. */
  where: string;
  /** What happened and why. */
  message: string;
}

/** What every `from…` converter returns: the messages, and what could not be kept. */
export interface ConversionResult {
  messages: Message[];
  warnings: ConversionWarning[];
}

/** Options for the `to…` converters. */
export interface ExportOptions {
  /**
   * What to do with an image or file the target format cannot hold at that place (an image in an OpenAI tool
   * message, an audio file for Anthropic). `'throw'` (the default) throws a ValidationError naming the message
   * and part; `'placeholder'` replaces the part with text such as `[image: image/png, 12345 bytes base64]`.
   */
  onUnsupportedPart?: 'throw' | 'placeholder';
}
