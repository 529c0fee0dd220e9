import { describe, expect, it } from 'vitest';
import type { Example } from '../../src/evaluate/index.js';
import {
  answerQuality,
  extractChoiceLetter,
  extractFinalAnswer,
  mathAnswersEqual,
  mathEquivalence,
  multipleChoiceAccuracy,
  nliLabelMatch,
  retention,
  rougeL,
  summarizationQuality,
} from '../../src/evaluate/index.js';

const example = (fields: Partial<Example>): Example => ({ id: 1, context: '', ...fields });

describe('answerQuality', () => {
  const evaluator = answerQuality();

  it('scores by SQuAD rules: articles and punctuation do not count, best gold answer wins', () => {
    // prediction tokens: [eiffel, tower, in, paris] vs gold [eiffel, tower]: P = 2/4, R = 1, F1 = 2/3.
    const scores = evaluator.score(example({ answer: ['The Eiffel Tower!', 'Louvre'] }), {
      response: 'the Eiffel tower, in Paris',
    });
    expect(scores).toEqual({ f1: 2 / 3, exact_match: 0, recall: 1, contains: 1 });
    expect(
      evaluator.score(example({ answer: 'Eiffel Tower' }), { response: 'The eiffel tower.' }),
    ).toMatchObject({
      f1: 1,
      exact_match: 1,
    });
  });

  it('counts repeated words only as often as the gold has them', () => {
    // prediction [paris, paris, paris] vs gold [paris, france]: common 1, P = 1/3, R = 1/2, F1 = 0.4.
    const scores = evaluator.score(example({ answer: 'Paris, France' }), { response: 'Paris Paris Paris' });
    expect(scores.f1).toBeCloseTo(0.4, 10);
  });

  it('gives no score when the gold answer is empty (the reference gives 1.0)', () => {
    expect(evaluator.score(example({ answer: '' }), { response: '' })).toEqual({});
    expect(evaluator.score(example({ answer: [] }), { response: 'anything' })).toEqual({});
    expect(evaluator.score(example({}), { response: 'anything' })).toEqual({});
  });

  it('"contains" needs whole words', () => {
    expect(evaluator.score(example({ answer: 'cat' }), { response: 'concatenate' }).contains).toBe(0);
    expect(evaluator.score(example({ answer: 'cat' }), { response: 'a black cat.' }).contains).toBe(1);
  });
});

describe('summarizationQuality', () => {
  it('computes ROUGE-L from the longest common subsequence', () => {
    // candidate [the, cat, sat, on, mat] vs reference [the, cat, was, on, the, mat]: LCS = the cat on mat = 4.
    const scores = rougeL('The cat sat on mat', 'the cat was on the mat');
    expect(scores.precision).toBeCloseTo(4 / 5, 10);
    expect(scores.recall).toBeCloseTo(4 / 6, 10);
    expect(scores.f1).toBeCloseTo((2 * 0.8 * (4 / 6)) / (0.8 + 4 / 6), 10);
    expect(
      summarizationQuality().score(example({ answer: 'the cat was on the mat' }), {
        response: 'The cat sat on mat',
      }),
    ).toEqual({ rouge_l_precision: scores.precision, rouge_l_recall: scores.recall, rouge_l_f1: scores.f1 });
    expect(summarizationQuality().score(example({ answer: '' }), { response: 'x' })).toEqual({});
  });
});

describe('multipleChoiceAccuracy', () => {
  const choices = ['Paris', 'London', 'Berlin', 'Madrid'];

  it('does not read the article "a" as choice A (the reference does)', () => {
    expect(extractChoiceLetter('It is a city in Germany, so Berlin.', choices)).toBe('C');
    expect(extractChoiceLetter('a good guess would be hard', choices)).toBeUndefined();
    expect(extractChoiceLetter('A capital with a river is the answer', choices)).toBeUndefined();
  });

  it('reads bare, stated, leading and parenthesised letters', () => {
    expect(extractChoiceLetter('B', choices)).toBe('B');
    expect(extractChoiceLetter('(d)', choices)).toBe('D');
    expect(extractChoiceLetter('The answer is (C).', choices)).toBe('C');
    expect(extractChoiceLetter('Answer: b', choices)).toBe('B');
    expect(extractChoiceLetter('**D**', choices)).toBe('D');
    expect(extractChoiceLetter('C) Berlin because of the wall', choices)).toBe('C');
    expect(extractChoiceLetter('I first thought (A) but (B) is right', choices)).toBe('B');
    expect(extractChoiceLetter('The answer is E', choices)).toBeUndefined();
  });

  it('takes the gold position from the dataset: index, letter or option text', () => {
    const evaluator = multipleChoiceAccuracy();
    expect(evaluator.score(example({ choices, answerIndex: 2 }), { response: 'C' })).toEqual({
      mc_accuracy: 1,
    });
    expect(evaluator.score(example({ choices, answer: 'B' }), { response: 'C' })).toEqual({ mc_accuracy: 0 });
    expect(evaluator.score(example({ choices, answer: 'Madrid' }), { response: 'Answer: D' })).toEqual({
      mc_accuracy: 1,
    });
    expect(evaluator.score(example({ choices }), { response: 'C' })).toEqual({});
  });
});

describe('mathEquivalence', () => {
  it('finds the final answer in prose, boxed LaTeX and GSM8K markers', () => {
    expect(extractFinalAnswer('She has 3 apples, then 5 more, so 8 in total.')).toBe('8');
    expect(extractFinalAnswer('so \\boxed{\\frac{3}{4}} is it, not 7')).toBe('\\frac{3}{4}');
    expect(extractFinalAnswer('steps 12 and 3\n#### 1,200')).toBe('1,200');
    expect(extractFinalAnswer('The answer is 42. Then 7 more words')).toBe('42');
  });

  it('compares numbers, fractions, percentages and LaTeX', () => {
    expect(mathAnswersEqual('\\frac{3}{4}', '0.75')).toBe(true);
    expect(mathAnswersEqual('3/4', '\\dfrac{3}{4}')).toBe(true);
    expect(mathAnswersEqual('50%', '0.5')).toBe(true);
    expect(mathAnswersEqual('50\\%', '50')).toBe(true);
    expect(mathAnswersEqual('$1,200', '1200')).toBe(true);
    expect(mathAnswersEqual('x^2+1', 'x^2 + 1')).toBe(true);
    expect(mathAnswersEqual('0.33', '1/3')).toBe(false);
    expect(mathAnswersEqual('12', '13')).toBe(false);
    const evaluator = mathEquivalence();
    expect(
      evaluator.score(example({ answer: 'She pays 3 * 4 = 12.\n#### 12' }), { response: 'Total: $12.' }),
    ).toEqual({
      math_equiv: 1,
    });
    expect(evaluator.score(example({ answer: '' }), { response: '12' })).toEqual({});
  });
});

describe('nliLabelMatch', () => {
  it('maps every dataset spelling to three labels', () => {
    const evaluator = nliLabelMatch();
    expect(evaluator.score(example({ answer: 'SUPPORT' }), { response: 'The claim is entailed.' })).toEqual({
      nli_accuracy: 1,
    });
    expect(
      evaluator.score(example({ answer: 'NotMentioned' }), { response: 'Not mentioned in the contract' }),
    ).toEqual({
      nli_accuracy: 1,
    });
    expect(evaluator.score(example({ answer: 'contradiction' }), { response: 'entailment' })).toEqual({
      nli_accuracy: 0,
    });
    expect(evaluator.score(example({ answer: 'NOT ENOUGH INFO' }), { response: 'neutral' })).toEqual({
      nli_accuracy: 1,
    });
  });
});

describe('retention', () => {
  it('is the share of gold facts kept in the produced context', () => {
    const evaluator = retention();
    const facts = ['port 8080', 'Alice owns billing', 'deploy on Friday'];
    expect(
      evaluator.score(example({ facts }), {
        response: 'ok',
        context: 'Alice owns billing. Service listens on port 8080.',
      }),
    ).toEqual({ retention: 2 / 3 });
    expect(evaluator.score(example({}), { response: 'ok' })).toEqual({});
  });
});
