import { normalizeText } from '../scoring/normalize.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import type { Passage } from './passage.js';
import { saidPassages, sentenceAround } from './said-passages.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';

/** A value a person gave from memory and the value the file or output they pointed to states instead. */
export interface CheckedValue {
  /** The value as the person wrote it, and normalised (`normalizeText`). */
  old: string;
  oldNormalized: string;
  /** The value the output states, as written there. */
  replacement: string;
  /** The passage of the person's words, and the line of output that states the value. */
  stated: Passage;
  output: Passage;
}

// How people say they give a value from memory, unsure: "if I remember right", "IIRC", "I think", "check the
// config though".
const HEDGE =
  /\b(?:if I (?:remember|recall)(?: (?:right|rightly|correctly))?|iirc|if memory serves|from memory|off the top of my head|I think|I believe|not (?:100% |entirely |totally )?sure|double[- ]check|check (?:the|it|that|in)\b[^.;!?]*\bthough|or something like that|don'?t quote me)\b/i;

// "the bucket's X", "the bucket is X", "bucket: X", "bucket = X": a setting named, then its value. The value is
// written like an identifier (with a digit, a dash, an underscore, a dot, a slash or a colon inside).
const NAMED_VALUE =
  /\b(?<key>[a-z][a-z0-9_]{2,})(?:['’]s|\s+is|\s+was|\s*[:=])\s+[`'"]?(?<value>[\w@][\w@./:-]*[\w])[`'"]?/gi;
const IDENTIFIER_LIKE = /[\d\-_./:]/;

// A line of output setting a key: "bucket: acme-exports", "  s3_bucket = 'acme-exports'", "BUCKET=acme-exports".
const OUTPUT_SETTING =
  /^\s*(?:-\s+)?["']?(?<key>[\w.-]+)["']?\s*[:=]\s*["']?(?<value>[\w@][\w@./:-]*[\w])["']?\s*,?\s*$/;

/** Whether an output's key names the setting: the same word, or it as a part ("s3_bucket", "bucket-name"). */
function sameSetting(outputKey: string, key: string): boolean {
  return outputKey.toLowerCase().split(/[._-]/).includes(key.toLowerCase());
}

const cache = new WeakMap<ParsedArtifact, readonly CheckedValue[]>();

/**
 * The values a person gave unsure ("the bucket's acme-archive if I remember right, check the prod config") that
 * a tool output read after names differently for the same setting ("bucket: acme-exports-v2"): what the file
 * says is what stands. Read once per parsed artifact; a value given without a hedge is a decision, not a memory,
 * and stands against any file.
 */
export function checkedValues(parsed: ParsedArtifact): readonly CheckedValue[] {
  const known = cache.get(parsed);
  if (known !== undefined) return known;
  const found: CheckedValue[] = [];
  const { inOutput } = toolExchanges(parsed);
  for (const { passage, role, body } of saidPassages(parsed)) {
    if (role === 'assistant' || !HEDGE.test(body)) continue;
    for (const match of body.matchAll(NAMED_VALUE)) {
      const { key, value } = match.groups as { key: string; value: string };
      if (!IDENTIFIER_LIKE.test(value) || !HEDGE.test(sentenceAround(body, match.index))) continue;
      const output = outputSetting(parsed, inOutput, passage.position, key);
      if (output === undefined || normalizeText(output.value) === normalizeText(value)) continue;
      found.push({
        old: value,
        oldNormalized: normalizeText(value),
        replacement: output.value,
        stated: passage,
        output: output.passage,
      });
    }
  }
  cache.set(parsed, found);
  return found;
}

/** The first line of tool output after `after` that sets the key, with the value it gives. */
function outputSetting(
  parsed: ParsedArtifact,
  inOutput: Uint8Array,
  after: number,
  key: string,
): { passage: Passage; value: string } | undefined {
  for (let position = after + 1; position < parsed.passages.length; position++) {
    if (inOutput[position] !== 1) continue;
    const passage = parsed.passages[position] as Passage;
    const setting = OUTPUT_SETTING.exec(withoutHeader(passage.text));
    const groups = setting?.groups;
    if (groups?.key !== undefined && groups.value !== undefined && sameSetting(groups.key, key))
      return { passage, value: groups.value };
  }
  return undefined;
}
