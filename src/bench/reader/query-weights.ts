import { rarity } from './cue-matcher.js';
import { type ParsedArtifact, stemIdIn } from './parse-artifact-text.js';

/** Content stems of a query, each with its weight; at most 31, so a passage's matches fit one bit mask. */
export interface QueryWeights {
  bits: ReadonlyMap<string, number>;
  weights: readonly number[];
}

/** Builds the weights of a query from lists of stems; a stem in two lists keeps the higher weight. */
export function buildQueryWeights(
  parts: readonly { stems: readonly string[]; weight: number }[],
): QueryWeights {
  const bits = new Map<string, number>();
  const weights: number[] = [];
  for (const { stems, weight } of parts) {
    for (const stem of stems) {
      const bit = bits.get(stem);
      if (bit !== undefined) {
        weights[bit] = Math.max(weights[bit] as number, weight);
      } else if (weights.length < 31) {
        bits.set(stem, weights.length);
        weights.push(weight);
      }
    }
  }
  return { bits, weights };
}

/**
 * Which query stems each passage contains, as bit masks by position: the query's stems are looked up once in
 * the artifact's stem ids, then each word of the artifact costs one array read.
 */
export function matchMasks(parsed: ParsedArtifact, query: QueryWeights): Int32Array {
  const masks = new Int32Array(parsed.passages.length);
  // One more than the bit of each query stem, by stem id; 0 for every other stem.
  const bitOfStem = parsed.vocabulary.stemMarks();
  const marked: number[] = [];
  for (const [stem, bit] of query.bits) {
    const id = stemIdIn(parsed, stem);
    if (id === undefined) continue;
    bitOfStem[id] = bit + 1;
    marked.push(id);
  }
  if (marked.length === 0) return masks;
  const { stemIds, stemStarts } = parsed;
  for (let position = 0; position < masks.length; position++) {
    let mask = 0;
    const end = stemStarts[position + 1] as number;
    for (let index = stemStarts[position] as number; index < end; index++) {
      const bit = bitOfStem[stemIds[index] as number] as number;
      if (bit !== 0) mask |= 1 << (bit - 1);
    }
    masks[position] = mask;
  }
  for (const id of marked) bitOfStem[id] = 0;
  return masks;
}

/** The mask with every stem of the query set. */
export function fullMask(query: QueryWeights): number {
  return query.weights.length === 31 ? 0x7fffffff : (1 << query.weights.length) - 1;
}

/**
 * Every passage's overlap with the query: the summed weight of the distinct query stems it contains, each
 * weight scaled by the stem's rarity across the passages (a word all over the tool output counts little).
 * Two linear passes over the masks (`matchMasks`, when the caller has not made them already).
 */
export function overlapScores(
  parsed: ParsedArtifact,
  query: QueryWeights,
  masks: Int32Array = matchMasks(parsed, query),
): Float64Array {
  const scores = new Float64Array(masks.length);
  if (query.weights.length === 0) return scores;
  const weights = stemWeights(query, stemFrequencies(query, masks));
  masks.forEach((mask, index) => {
    let score = 0;
    for (let bit = 0, rest = mask; rest !== 0; bit++, rest >>>= 1)
      if (rest & 1) score += weights[bit] as number;
    scores[index] = score;
  });
  return scores;
}

/** What each stem of the query adds to a passage's overlap, by its bit: its weight scaled by its rarity. */
export function stemWeights(query: QueryWeights, frequency: readonly number[]): number[] {
  return query.weights.map((weight, bit) => weight * rarity(frequency[bit] as number));
}

/** In how many passages each stem of the query occurs, by its bit. */
export function stemFrequencies(query: QueryWeights, masks: Int32Array): number[] {
  const frequency = new Array<number>(query.weights.length).fill(0);
  for (const mask of masks) {
    for (let bit = 0, rest = mask; rest !== 0; bit++, rest >>>= 1) if (rest & 1) frequency[bit]!++;
  }
  return frequency;
}

/** The mask of the query's stems found in at least one passage and in at most `limit`: its distinctive words. */
export function rareStemMask(frequency: readonly number[], limit: number): number {
  let mask = 0;
  frequency.forEach((count, bit) => {
    if (count > 0 && count <= limit) mask |= 1 << bit;
  });
  return mask;
}
