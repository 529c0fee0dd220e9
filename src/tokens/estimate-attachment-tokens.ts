import type { Attachment, FilePart, ImagePart } from '../messages/types.js';
import { countTextTokens } from './count-text-tokens.js';
import type { TokenEncoding } from './types.js';

/** Cost of a `detail: 'low'` image, and the base cost every high-detail image pays (OpenAI's vision pricing). */
export const IMAGE_BASE_TOKENS = 85;
/** Cost of each 512 x 512 tile of a high-detail image (OpenAI's vision pricing). */
export const IMAGE_TILE_TOKENS = 170;
/** Side of one tile, in pixels. */
export const IMAGE_TILE_SIZE = 512;
/** A high-detail image is first scaled down to fit a square of this side, in pixels. */
export const IMAGE_MAX_SIDE = 2048;
/** ... and then scaled down until its shorter side is at most this long, in pixels. */
export const IMAGE_SHORT_SIDE = 768;
/** An image of unknown size is priced as a 1024 x 1024 high-detail image: 4 tiles, 4 x 170 + 85. */
export const UNKNOWN_IMAGE_TOKENS = 765;
/** A file known only by URL: its content is unknown, so a flat guess the size of a few pages of text. */
export const URL_FILE_TOKENS = 1_000;
/** Bytes per token for binary files (PDF, audio ...): the usual rough rate of four bytes per token. */
export const BYTES_PER_TOKEN = 4;

/**
 * Estimated tokens of an image or file attachment. Providers do not publish exact rules for every kind, so:
 *
 * - image, `detail: 'low'`: 85 tokens;
 * - image with `width` and `height`: OpenAI's high-detail rule (`auto` is priced as high): scale down to fit
 *   2048 x 2048, then until the shorter side is at most 768, then 170 tokens per 512 px tile plus 85;
 * - image of unknown size: 765 (a 1024 x 1024 high-detail image);
 * - file with a text media type (`text/*`, `application/json`, `application/xml`, `*+json`, `*+xml`) and inline
 *   base64 `data`: the exact count of the decoded UTF-8 text;
 * - other file with `image/*` media type: an image of unknown size (765), as providers read it as one;
 * - other file with `data`: one token per 4 decoded bytes, rounded up;
 * - other file without `data` (known only by its URL): a flat 1,000.
 */
export function estimateAttachmentTokens(part: Attachment, encoding: TokenEncoding = 'cl100k_base'): number {
  if (part.type === 'image') return estimateImageTokens(part);
  return estimateFileTokens(part, encoding);
}

function estimateImageTokens(image: ImagePart): number {
  if (image.detail === 'low') return IMAGE_BASE_TOKENS;
  const { width, height } = image;
  if (!isPositiveSize(width) || !isPositiveSize(height)) return UNKNOWN_IMAGE_TOKENS;
  const fitScale = Math.min(1, IMAGE_MAX_SIDE / Math.max(width, height));
  const shortScale = Math.min(1, IMAGE_SHORT_SIDE / (Math.min(width, height) * fitScale));
  // Rounded to whole pixels, as a resized image has, so float noise (767.9999) cannot add a tile.
  const scaledWidth = Math.max(1, Math.round(width * fitScale * shortScale));
  const scaledHeight = Math.max(1, Math.round(height * fitScale * shortScale));
  const tiles = Math.ceil(scaledWidth / IMAGE_TILE_SIZE) * Math.ceil(scaledHeight / IMAGE_TILE_SIZE);
  return tiles * IMAGE_TILE_TOKENS + IMAGE_BASE_TOKENS;
}

function isPositiveSize(size: number | undefined): size is number {
  return size !== undefined && Number.isFinite(size) && size > 0;
}

function estimateFileTokens(file: FilePart, encoding: TokenEncoding): number {
  const mediaType = baseMediaType(file.mediaType);
  // Text first, so that `image/svg+xml` counts as the XML it is.
  if (file.data !== undefined && isTextMediaType(mediaType)) {
    return countTextTokens(Buffer.from(file.data, 'base64').toString('utf8'), encoding);
  }
  if (mediaType.startsWith('image/')) return UNKNOWN_IMAGE_TOKENS;
  if (file.data === undefined) return URL_FILE_TOKENS;
  return Math.ceil(Buffer.byteLength(file.data, 'base64') / BYTES_PER_TOKEN);
}

// `Text/Plain; charset=utf-8` -> `text/plain`
function baseMediaType(mediaType: string): string {
  const parametersStart = mediaType.indexOf(';');
  return (parametersStart === -1 ? mediaType : mediaType.slice(0, parametersStart)).trim().toLowerCase();
}

function isTextMediaType(mediaType: string): boolean {
  return (
    mediaType.startsWith('text/') ||
    mediaType === 'application/json' ||
    mediaType === 'application/xml' ||
    mediaType.endsWith('+json') ||
    mediaType.endsWith('+xml')
  );
}
