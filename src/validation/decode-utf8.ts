/** A file's text and, when its bytes were not valid UTF-8, a warning saying where. */
export interface DecodedText {
  text: string;
  /** Set when some bytes were not UTF-8; each invalid sequence became U+FFFD in `text`. */
  warning?: { where: string; message: string };
}

const strict = new TextDecoder('utf-8', { fatal: true, ignoreBOM: true });
const lenient = new TextDecoder('utf-8', { ignoreBOM: true });

/**
 * Decodes a file's bytes as UTF-8. Invalid sequences become U+FFFD, as Node's `readFile(path, 'utf8')` does,
 * but not silently: the warning names `source`, the byte offset of the first invalid sequence and how many
 * there are, so a user can find the damage (a Latin-1 file, a cut multi-byte character) with a hex editor.
 * A byte-order mark is kept; callers that accept one strip it.
 */
export function decodeUtf8(bytes: Uint8Array, source: string): DecodedText {
  try {
    return { text: strict.decode(bytes) };
  } catch {
    // Invalid somewhere: find where, then decode with replacements.
  }
  const offsets = invalidUtf8Offsets(bytes);
  const first = offsets[0] ?? 0;
  const more = offsets.length - 1;
  return {
    text: lenient.decode(bytes),
    warning: {
      where: source,
      message: `invalid UTF-8 at byte ${first.toLocaleString('en-US')}${more > 0 ? ` (and ${more.toLocaleString('en-US')} more place${more === 1 ? '' : 's'})` : ''}; read as U+FFFD (�); save the file as UTF-8`,
    },
  };
}

/**
 * The byte offsets where invalid UTF-8 sequences start, one per replacement character a decoder would write
 * (the WHATWG "maximal subpart" rule: a truncated sequence counts once, then decoding resumes at the byte that
 * broke it).
 */
export function invalidUtf8Offsets(bytes: Uint8Array): number[] {
  const offsets: number[] = [];
  let index = 0;
  while (index < bytes.length) {
    const lead = bytes[index] as number;
    if (lead < 0x80) {
      index += 1;
      continue;
    }
    let needed = 0;
    let low = 0x80;
    let high = 0xbf;
    if (lead >= 0xc2 && lead <= 0xdf) needed = 1;
    else if (lead >= 0xe0 && lead <= 0xef) {
      needed = 2;
      if (lead === 0xe0) low = 0xa0;
      if (lead === 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
      needed = 3;
      if (lead === 0xf0) low = 0x90;
      if (lead === 0xf4) high = 0x8f;
    } else {
      offsets.push(index);
      index += 1;
      continue;
    }
    let consumed = 1;
    while (consumed <= needed) {
      const next = bytes[index + consumed];
      if (next === undefined || next < low || next > high) break;
      low = 0x80;
      high = 0xbf;
      consumed += 1;
    }
    if (consumed <= needed) offsets.push(index);
    index += consumed;
  }
  return offsets;
}
