/** A `data:` URL split into its media type and base64 payload. */
export interface DataUrlParts {
  mediaType: string;
  data: string;
}

const BASE64_DATA_URL = /^data:([^;,]*)((?:;[^;,]*)*);base64,/i;

/**
 * Splits a base64 `data:` URL (`data:image/png;base64,iVBOR…`). Returns undefined for other URLs and for
 * percent-encoded data URLs, which are then kept as URLs rather than decoded.
 */
export function parseDataUrl(url: string): DataUrlParts | undefined {
  const match = BASE64_DATA_URL.exec(url);
  if (!match) return undefined;
  return { mediaType: match[1] || 'application/octet-stream', data: url.slice(match[0].length) };
}

/** Builds a base64 `data:` URL. */
export function toDataUrl(mediaType: string, data: string): string {
  return `data:${mediaType};base64,${data}`;
}

/** Magic numbers of the image types every provider accepts, as they begin in base64. */
const IMAGE_SIGNATURES: readonly (readonly [string, string])[] = [
  ['iVBORw0KGgo', 'image/png'],
  ['/9j/', 'image/jpeg'],
  ['R0lGOD', 'image/gif'],
  ['UklGR', 'image/webp'],
];

/**
 * Recognises PNG, JPEG, GIF and WebP from the start of base64 data, for images stored without a media type
 * that must go to a format which requires one. Returns undefined when unsure rather than guessing.
 */
export function sniffImageMediaType(base64: string): string | undefined {
  for (const [prefix, mediaType] of IMAGE_SIGNATURES) if (base64.startsWith(prefix)) return mediaType;
  return undefined;
}
