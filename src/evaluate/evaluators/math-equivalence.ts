import type { Example, Scores, SyncEvaluator, SystemOutput } from '../types.js';

/** The content of the last `\boxed{...}` (braces balanced), or undefined. */
function lastBoxed(text: string): string | undefined {
  const start = Math.max(text.lastIndexOf('\\boxed{'), text.lastIndexOf('\\fbox{'));
  if (start < 0) return undefined;
  let index = text.indexOf('{', start) + 1;
  let depth = 1;
  const begin = index;
  for (; index < text.length && depth > 0; index += 1) {
    if (text[index] === '{') depth += 1;
    else if (text[index] === '}') depth -= 1;
  }
  return depth === 0 ? text.slice(begin, index - 1) : undefined;
}

const NUMBER = /-?\$?\s?\d[\d,]*(?:\.\d+)?(?:\s*\/\s*\d+)?\s*%?|-?\.\d+%?/g;

/**
 * The final answer a text states: a `\boxed{}` answer, else what follows `####` or "answer is", else the last
 * number in the prose.
 */
export function extractFinalAnswer(text: string): string {
  const boxed = lastBoxed(text);
  if (boxed !== undefined) return boxed.trim();
  const marked = /####\s*(.+?)\s*$/m.exec(text) ?? /answer\s*(?:is|:)\s*(.+?)(?:\.\s|\.?$)/im.exec(text);
  const scope = marked ? (marked[1] as string) : text;
  const numbers = scope.match(NUMBER);
  if (numbers && numbers.length > 0)
    return (marked ? numbers[0] : numbers[numbers.length - 1])?.trim() as string;
  return scope.trim();
}

/** LaTeX and prose wrapping removed: `\frac{1}{2}` -> `1/2`, `\text{cm}`, `$`, `\left(`, trailing period. */
export function normalizeMathAnswer(answer: string): string {
  let text = answer.trim();
  text = text.replace(/\\[dt]?frac\s*\{([^{}]*)\}\s*\{([^{}]*)\}/g, '($1)/($2)');
  text = text.replace(/\\[dt]?frac\s*(\d)\s*(\d)/g, '$1/$2');
  text = text.replace(/\\(?:text|textbf|mathrm|mbox)\s*\{([^{}]*)\}/g, '$1');
  text = text.replace(/\\left|\\right|\\!|\\,|\\;|\\ |\$/g, '');
  text = text.replace(/\^\s*\{\\circ\}|\^\\circ|°/g, '');
  text = text.replace(/\\%/g, '%').replace(/\\cdot/g, '*');
  text = text.replace(/\s+/g, '').replace(/\.$/, '');
  text = text.replace(/^\(([^()]*)\)\/\(([^()]*)\)$/, '$1/$2');
  return text.toLowerCase();
}

/** The numeric values a normalised answer can mean: `50%` is 50 or 0.5; `3/4` is 0.75; `1,000` is 1000. */
function numericValues(answer: string): number[] {
  const text = answer.replace(/(\d),(?=\d{3}\b)/g, '$1').replace(/[a-z]+$/, '');
  const percent = text.endsWith('%');
  const body = percent ? text.slice(0, -1) : text;
  const fraction = /^\(?(-?\d+(?:\.\d+)?)\)?\/\(?(-?\d+(?:\.\d+)?)\)?$/.exec(body);
  let value: number;
  if (fraction) {
    const denominator = Number(fraction[2]);
    if (denominator === 0) return [];
    value = Number(fraction[1]) / denominator;
  } else if (/^-?(?:\d+\.?\d*|\.\d+)(?:e-?\d+)?$/.test(body)) {
    value = Number(body);
  } else {
    return [];
  }
  return percent ? [value, value / 100] : [value];
}

/** True when two answers are the same number (relative tolerance 1e-6) or the same normalised expression. */
export function mathAnswersEqual(predicted: string, gold: string): boolean {
  const left = normalizeMathAnswer(predicted);
  const right = normalizeMathAnswer(gold);
  if (left === right && left !== '') return true;
  const leftValues = numericValues(left);
  const rightValues = numericValues(right);
  return leftValues.some((a) =>
    rightValues.some((b) => Math.abs(a - b) <= 1e-6 * Math.max(1, Math.abs(a), Math.abs(b))),
  );
}

/** `math_equiv`: 1 when the response's final answer equals the gold one (numbers in prose, LaTeX, fractions). */
export function mathEquivalence(): SyncEvaluator {
  return {
    name: 'math_equivalence',
    score(original: Example, processed: SystemOutput): Scores {
      const answer = Array.isArray(original.answer) ? original.answer[0] : original.answer;
      if (answer === undefined || String(answer).trim() === '') return {};
      const gold = extractFinalAnswer(String(answer));
      const predicted = extractFinalAnswer(processed.response);
      return { math_equiv: mathAnswersEqual(predicted, gold) ? 1 : 0 };
    },
  };
}
