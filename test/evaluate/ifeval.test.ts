import { describe, expect, it } from 'vitest';
import {
  countSentences,
  countWords,
  detectLanguage,
  type Example,
  INSTRUCTION_CHECKS,
  ifeval,
} from '../../src/evaluate/index.js';

const check = (id: string, response: string, kwargs: Record<string, unknown> = {}) => {
  const run = INSTRUCTION_CHECKS[id];
  if (!run) throw new Error(`no check ${id}`);
  return run(response, kwargs);
};
const example = (ids: string[], kwargs: Record<string, unknown>[]): Example => ({
  id: 1,
  context: 'prompt',
  instruction_id_list: ids,
  kwargs,
});

describe('IFEval instruction checks', () => {
  it('covers the 25 official instruction ids', () => {
    expect(Object.keys(INSTRUCTION_CHECKS)).toHaveLength(25);
  });

  it('counts words as \\w+ runs and relations as IFEval defines them', () => {
    expect(countWords("It's a well-known fact, isn't it?")).toBe(9);
    expect(countWords('naïve café déjà')).toBe(3);
    expect(
      check('length_constraints:number_words', 'one two three', { relation: 'less than', num_words: 3 }),
    ).toBe(false);
    expect(
      check('length_constraints:number_words', 'one two three', { relation: 'at least', num_words: 3 }),
    ).toBe(true);
    expect(countSentences('Dr. Smith arrived. He sat down! Did he eat? Yes.')).toBe(4);
  });

  it('checks formats: bullets, sections, highlights, titles, JSON, two responses, quotation', () => {
    expect(
      check('detectable_format:number_bullet_lists', '* one\n* two\n- three\n**bold** line', {
        num_bullets: 3,
      }),
    ).toBe(true);
    expect(
      check('detectable_format:multiple_sections', 'SECTION 1\na\nSECTION 2\nb', {
        section_spliter: 'SECTION',
        num_sections: 2,
      }),
    ).toBe(true);
    expect(
      check('detectable_format:number_highlighted_sections', '*one* and **two** but * *', {
        num_highlights: 2,
      }),
    ).toBe(true);
    expect(check('detectable_format:title', '<<Poem of joy>>\nlines')).toBe(true);
    expect(check('detectable_format:title', '<< >>\nlines')).toBe(false);
    expect(check('detectable_format:json_format', '```json\n{"a": 1}\n```')).toBe(true);
    expect(check('combination:two_responses', 'first\n******\nsecond')).toBe(true);
    expect(check('combination:two_responses', 'same\n******\nsame')).toBe(false);
    expect(check('startend:quotation', '"wrapped"')).toBe(true);
    expect(check('length_constraints:number_paragraphs', 'a\n***\nb\n***\nc', { num_paragraphs: 3 })).toBe(
      true,
    );
    expect(check('length_constraints:number_paragraphs', 'a\n***\n***\nc', { num_paragraphs: 2 })).toBe(
      false,
    );
    expect(
      check('length_constraints:nth_paragraph_first_word', 'Intro here.\n\n"Summer" is warm.', {
        num_paragraphs: 2,
        nth_paragraph: 2,
        first_word: 'summer',
      }),
    ).toBe(true);
  });

  it('checks keywords, letters, case, commas, endings, postscripts, placeholders and languages', () => {
    expect(check('keywords:existence', 'Rust and Go', { keywords: ['rust', 'go'] })).toBe(true);
    expect(
      check('keywords:frequency', 'cat cat dog', { keyword: 'cat', relation: 'at least', frequency: 2 }),
    ).toBe(true);
    expect(check('keywords:forbidden_words', 'the category', { forbidden_words: ['cat'] })).toBe(true);
    expect(
      check('keywords:letter_frequency', 'banana', {
        letter: 'a',
        let_relation: 'less than',
        let_frequency: 3,
      }),
    ).toBe(false);
    expect(check('change_case:english_lowercase', 'all of this is lower case and it is english')).toBe(true);
    expect(check('change_case:english_capital', 'THIS IS THE ANSWER AND IT IS LOUD')).toBe(true);
    expect(
      check('change_case:capital_word_frequency', 'USE THE API now', {
        capital_relation: 'less than',
        capital_frequency: 3,
      }),
    ).toBe(false);
    expect(check('punctuation:no_comma', 'no commas here')).toBe(true);
    expect(
      check('startend:end_checker', 'Done. Is there anything else I can help with?', {
        end_phrase: 'Is there anything else I can help with?',
      }),
    ).toBe(true);
    expect(
      check('detectable_content:postscript', 'Body\n\nP.S. see you', { postscript_marker: 'P.S.' }),
    ).toBe(true);
    expect(
      check('detectable_content:number_placeholders', 'Dear [name] at [address]', { num_placeholders: 2 }),
    ).toBe(true);
    expect(check('detectable_format:constrained_response', 'My answer is maybe.')).toBe(true);
    expect(
      check('combination:repeat_prompt', 'Write a poem. Roses are red', {
        prompt_to_repeat: 'Write a poem.',
      }),
    ).toBe(true);
    expect(detectLanguage('Der Hund ist nicht auf dem Sofa und die Katze schläft.')).toBe('de');
    expect(detectLanguage('Это не то, что он сказал на встрече.')).toBe('ru');
    expect(detectLanguage('これは日本語の文です。')).toBe('ja');
    expect(
      check('language:response_language', 'El perro de la casa es grande y los gatos son pequeños.', {
        language: 'es',
      }),
    ).toBe(true);
  });
});

describe('ifeval evaluator', () => {
  it('strict fails where a preamble line breaks the format; loose forgives it, as in the paper', () => {
    const scores = ifeval().score(
      example(['detectable_format:json_format', 'punctuation:no_comma'], [{}, {}]),
      { response: 'Sure here is the JSON:\n{"city": "Paris"}' },
    );
    expect(scores).toEqual({
      prompt_level_strict: 0,
      inst_level_strict: 0.5,
      prompt_level_loose: 1,
      inst_level_loose: 1,
    });
  });

  it('drops the null arguments of the published rows, and refuses unknown ids', () => {
    const kwargs = [{ num_words: 5, relation: 'less than', keywords: null, language: null }];
    expect(
      ifeval().score(example(['length_constraints:number_words'], kwargs), { response: 'short answer' }),
    ).toMatchObject({ prompt_level_strict: 1 });
    expect(() => ifeval().score(example(['made:up'], [{}]), { response: 'x' })).toThrow(
      'unknown IFEval instruction id "made:up"',
    );
    expect(ifeval().score({ id: 1, context: '' }, { response: 'x' })).toEqual({});
  });
});
