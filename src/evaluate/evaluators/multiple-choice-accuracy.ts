import type { Example, Scores, SyncEvaluator, SystemOutput } from '../types.js';
import { normalizeAnswer } from './normalize-answer.js';

const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/**
 * The option letter a response picks among `choiceCount` options, or undefined when it picks none clearly.
 * Lower-case letters count only where nothing else could be meant ("(b)", "answer: b", a bare "b"), so the
 * article in "a good option" is never read as choice A, as the reference does.
 */
export function extractChoiceLetter(
  response: string,
  choices: readonly string[] | number,
): string | undefined {
  const count = typeof choices === 'number' ? choices : choices.length;
  const valid = LETTERS.slice(0, Math.max(count, 1));
  const accept = (letter: string | undefined): string | undefined => {
    const upper = letter?.toUpperCase();
    return upper !== undefined && valid.includes(upper) ? upper : undefined;
  };
  const text = response.replace(/\*\*/g, '').trim();
  // A bare letter, possibly wrapped: "B", "(b)", "C.", "D)".
  const bare = /^\(?([A-Za-z])[).:]?$/.exec(text);
  if (bare) return accept(bare[1]);
  // An explicit statement: "the answer is (C)", "Answer: c", "correct option is D".
  const stated =
    /\b(?:answer|option|choice)\s*(?:is|:|=)?\s*(?:option\s*|choice\s*)?(?:\(([A-Za-z])\)|([A-Z])\b|([a-z])(?=[).:,;]|\s*$))/i.exec(
      text,
    );
  if (stated) {
    const letter = accept(stated[1] ?? stated[2] ?? stated[3]);
    if (letter) return letter;
  }
  // A leading label: "B) Paris", "(C) the third", "D. because".
  const leading = /^(?:\(([A-Za-z])\)|([A-Z])[).:](?:\s|$))/.exec(text);
  if (leading) {
    const letter = accept(leading[1] ?? leading[2]);
    if (letter) return letter;
  }
  // Exactly one option's text in the response.
  if (typeof choices !== 'number') {
    const said = ` ${normalizeAnswer(text)} `;
    const matches = choices
      .map((choice, index) => ({ index, text: normalizeAnswer(choice) }))
      .filter((choice) => choice.text !== '' && said.includes(` ${choice.text} `));
    if (matches.length === 1) return LETTERS[(matches[0] as { index: number }).index];
  }
  // A parenthesised letter anywhere, the last one winning ("I considered (A) but (C) fits").
  const wrapped = [...text.matchAll(/\(([A-Za-z])\)/g)].map((match) => accept(match[1])).filter(Boolean);
  if (wrapped.length > 0) return wrapped[wrapped.length - 1];
  // A standalone capital letter that is not the article "A" or the pronoun "I" starting a phrase.
  const capitals = [...text.matchAll(/(?<![\p{L}\p{N}'])([A-Z])(?![\p{L}\p{N}'])(?!\s+[a-z])/gu)]
    .map((match) => accept(match[1]))
    .filter(Boolean);
  const distinct = new Set(capitals);
  return distinct.size === 1 ? capitals[0] : undefined;
}

/** The correct letter of an example: `answerIndex` (0-based), else an `answer` letter, else the option's text. */
export function goldChoiceLetter(example: Example): string | undefined {
  const choices = example.choices ?? [];
  const index = example.answerIndex;
  if (typeof index === 'number' && Number.isInteger(index) && index >= 0 && index < choices.length)
    return LETTERS[index];
  const answer = Array.isArray(example.answer) ? example.answer[0] : example.answer;
  if (typeof answer !== 'string') return undefined;
  const trimmed = answer.trim();
  if (/^[A-Za-z]$/.test(trimmed) && LETTERS.indexOf(trimmed.toUpperCase()) < Math.max(choices.length, 1))
    return trimmed.toUpperCase();
  const position = choices.findIndex((choice) => normalizeAnswer(choice) === normalizeAnswer(trimmed));
  return position >= 0 ? LETTERS[position] : undefined;
}

/** `mc_accuracy`: 1 when the letter the response picks is the correct one; no score without a known answer. */
export function multipleChoiceAccuracy(): SyncEvaluator {
  return {
    name: 'multiple_choice_accuracy',
    score(original: Example, processed: SystemOutput): Scores {
      const gold = goldChoiceLetter(original);
      if (gold === undefined) return {};
      const picked = extractChoiceLetter(
        processed.response,
        original.choices ?? Math.max(LETTERS.indexOf(gold) + 1, 4),
      );
      return { mc_accuracy: picked === gold ? 1 : 0 };
    },
  };
}
