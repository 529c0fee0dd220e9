import { createLineReadingCache } from './line-reading-cache.js';
import { extendsText, type ParsedArtifact, parseArtifactText } from './parse-artifact-text.js';

/** Reads artifact texts through a small cache: the runner asks several items of the same artifact in a row. */
export interface ParsedArtifactCache {
  get(artifactText: string): ParsedArtifact;
  /** Lines whose reading is cached now (see `createLineReadingCache`); at most `maxLines`. */
  readonly cachedLines: number;
}

/** The longest cached text that `artifactText` extends by whole lines, with its parse. */
function longestExtended(
  entries: ReadonlyMap<string, ParsedArtifact>,
  artifactText: string,
): { text: string; parsed: ParsedArtifact } | undefined {
  let longest: { text: string; parsed: ParsedArtifact } | undefined;
  for (const [text, parsed] of entries) {
    if (text.length > (longest?.text.length ?? -1) && extendsText(artifactText, text))
      longest = { text, parsed };
  }
  return longest;
}

/**
 * A cache of the last `maxArtifacts` parsed artifact texts, least recently used out first, over a cache of
 * at most `maxLines` line readings. A new text that is a cached one plus appended lines (a drift cycle of
 * the verbatim transcript) is parsed from that one's parse, visiting the new lines only; any other text is
 * read line by line, a line seen before coming from the line cache (see `createLineReadingCache`).
 * `maxWords` bounds the line readings' vocabulary. Either way the parse is the same as a fresh one.
 */
export function createParsedArtifactCache({
  maxArtifacts = 4,
  maxLines = 100_000,
  maxWords = 500_000,
}: {
  maxArtifacts?: number;
  maxLines?: number;
  maxWords?: number;
} = {}): ParsedArtifactCache {
  const entries = new Map<string, ParsedArtifact>();
  const lines = createLineReadingCache({ maxLines, maxWords });
  return {
    get(artifactText) {
      const cached = entries.get(artifactText);
      if (cached !== undefined) {
        // Re-insert to mark it most recently used (a Map iterates in insertion order).
        entries.delete(artifactText);
        entries.set(artifactText, cached);
        return cached;
      }
      const parsed = parseArtifactText(artifactText, lines, longestExtended(entries, artifactText));
      entries.set(artifactText, parsed);
      if (entries.size > maxArtifacts) entries.delete(entries.keys().next().value as string);
      return parsed;
    },
    get cachedLines() {
      return lines.size;
    },
  };
}
