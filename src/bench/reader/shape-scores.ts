import { holdsShape, namesIn } from './answer-shapes.js';
import { rarity } from './cue-matcher.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { commonWordsOf } from './prompt-names.js';
import { broadShapeOf, questionShape } from './question-shape.js';
import { toolExchanges, withoutHeader } from './tool-exchanges.js';
import { addValueBonus, valueHolders } from './value-bonus.js';
import { type AskedValue, isNamedKind } from './value-kinds.js';

// What holding the kind of value asked for gains, before scaling by how rare the kind is.
const SHAPE_WEIGHT = 2;

/** Each passage's bonus for holding the kind of value asked for, and the neighbour it borrowed one from (-1: none). */
export interface ShapeScores {
  bonus: Float64Array;
  lender: Int32Array;
  /**
   * Only what bounds a wait is asked for ("until when …?"): a passage without an "until" may still answer it
   * ("we can ship once the audit is through"), so it keeps its score; the bonus only adds.
   */
  soft: boolean;
}

/**
 * Every passage's bonus for holding the kind of value the question asks for (a person's name for "who", digits
 * for "how long" or "which port"), each kind counting less the more passages hold it; undefined when the
 * question asks for no particular kind.
 */
export function shapeScores(parsed: ParsedArtifact, prompt: string): ShapeScores | undefined {
  const { wants, value } = questionShape(prompt);
  if (wants.length === 0) return undefined;
  const { passages } = parsed;
  const bonus = new Float64Array(passages.length);
  const lender = new Int32Array(passages.length).fill(-1);
  let any = false;
  const common = commonWordsOf(parsed);
  const named = new Set(namesIn(prompt, common).map((name) => name.toLowerCase()));
  // "Which branch …?": when some passage names a branch, the identifiers of the rest (a file, a flag) are not
  // the kind of value asked for, and those passages count as holding none.
  const valued = value !== undefined && isNamedKind(value.kind) ? valueHolders(passages, value) : undefined;
  const namedShape = valued === undefined ? undefined : broadShapeOf((value as AskedValue).kind);
  for (const shape of wants) {
    const holds =
      shape === namedShape && valued !== undefined
        ? valued
        : passages.map((passage) => holdsShape(withoutHeader(passage.text), shape, common, named));
    // People a conversation is about are named by those in it: a name in a tool's output (a commit's author, a
    // log line) is a record, so it counts half, and only the names people said decide how rare a name is.
    const recorded = shape === 'person' ? toolExchanges(parsed).inOutput : undefined;
    const said = holds.filter((held, index) => held && recorded?.[index] !== 1).length;
    const count = said > 0 ? said : holds.filter(Boolean).length;
    // With no passage of the kind at all, the reader cannot tell which passages could answer: no bonus or cost.
    if (count === 0) continue;
    any = true;
    const weight = SHAPE_WEIGHT * rarity(count);
    holds.forEach((held, index) => {
      if (held) {
        const share = said > 0 && recorded?.[index] === 1 ? RECORDED_NAME_SHARE : 1;
        bonus[index] = (bonus[index] as number) + weight * share;
        return;
      }
      // A long line read as sentences: "Yusuf from finance pinged me. Auditors want the rate at issue time."
      // The sentence about the question borrows the name from the one next to it, and is quoted with it.
      for (const next of [index - 1, index + 1]) {
        if (holds[next] !== true || passages[next]?.line !== passages[index]?.line) continue;
        bonus[index] = (bonus[index] as number) + weight / 2;
        lender[index] = next;
        break;
      }
    });
  }
  // The particular kind asked for ("how long": a duration) gains on top: a log line's digits are a number,
  // not the duration asked for.
  if (value !== undefined && valued === undefined && addValueBonus(passages, value, bonus)) any = true;
  return any ? { bonus, lender, soft: wants.every((shape) => shape === 'bound') } : undefined;
}

/** A name in a tool's output counts this share of one a person said. */
const RECORDED_NAME_SHARE = 0.5;
