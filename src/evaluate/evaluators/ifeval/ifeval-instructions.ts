import { detectLanguage } from './detect-language.js';

/** The arguments of one instruction, as IFEval's `kwargs` gives them. */
export type InstructionArguments = Readonly<Record<string, unknown>>;

/** Checks one instruction against a response. */
type Check = (response: string, kwargs: InstructionArguments) => boolean;

const number = (kwargs: InstructionArguments, key: string): number => {
  const value = kwargs[key];
  if (typeof value !== 'number') throw new Error(`kwargs.${key} must be a number`);
  return value;
};
const text = (kwargs: InstructionArguments, key: string): string => {
  const value = kwargs[key];
  if (typeof value !== 'string') throw new Error(`kwargs.${key} must be a string`);
  return value;
};
const list = (kwargs: InstructionArguments, key: string): string[] => {
  const value = kwargs[key];
  if (!Array.isArray(value) || !value.every((item) => typeof item === 'string'))
    throw new Error(`kwargs.${key} must be a list of strings`);
  return value;
};
/** IFEval's two relations: "less than" is strict, "at least" is inclusive. */
const compare = (count: number, relation: string, target: number): boolean => {
  if (relation === 'less than') return count < target;
  if (relation === 'at least') return count >= target;
  throw new Error(`unknown relation "${relation}" (expected "less than" or "at least")`);
};
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Words as IFEval counts them: runs of Unicode word characters (nltk's RegexpTokenizer(r"\w+")). */
export function countWords(response: string): number {
  return response.match(/[\p{L}\p{M}\p{N}_]+/gu)?.length ?? 0;
}

/** Sentences: text ending in . ! or ? followed by space or the end (an approximation of nltk punkt). */
export function countSentences(response: string): number {
  const withoutAbbreviations = response.replace(
    /\b(?:Mr|Mrs|Ms|Dr|Prof|Sr|Jr|St|vs|etc|e\.g|i\.e)\./gi,
    (match) => match.replace(/\./g, ''),
  );
  return withoutAbbreviations.split(/(?<=[.!?])["')\]]*\s+/).filter((sentence) => /\w/.test(sentence)).length;
}

/** Every instruction id of the IFEval paper, checked strictly (the loose variants are in `ifeval.ts`). */
export const INSTRUCTION_CHECKS: Readonly<Record<string, Check>> = {
  'keywords:existence': (response, kwargs) =>
    list(kwargs, 'keywords').every((keyword) => new RegExp(escapeRegExp(keyword), 'i').test(response)),
  'keywords:frequency': (response, kwargs) => {
    const count = response.match(new RegExp(escapeRegExp(text(kwargs, 'keyword')), 'gi'))?.length ?? 0;
    return compare(count, text(kwargs, 'relation'), number(kwargs, 'frequency'));
  },
  'keywords:forbidden_words': (response, kwargs) =>
    list(kwargs, 'forbidden_words').every(
      (word) => !new RegExp(`\\b${escapeRegExp(word)}\\b`, 'i').test(response),
    ),
  'keywords:letter_frequency': (response, kwargs) => {
    const letter = text(kwargs, 'letter').toLowerCase();
    const count = [...response.toLowerCase()].filter((character) => character === letter).length;
    return compare(count, text(kwargs, 'let_relation'), number(kwargs, 'let_frequency'));
  },
  'language:response_language': (response, kwargs) => detectLanguage(response) === text(kwargs, 'language'),
  'length_constraints:number_sentences': (response, kwargs) =>
    compare(countSentences(response), text(kwargs, 'relation'), number(kwargs, 'num_sentences')),
  'length_constraints:number_paragraphs': (response, kwargs) => {
    // Paragraphs are separated by the markdown divider ***; an empty paragraph fails the instruction.
    const paragraphs = response.split(/\s?\*\*\*\s?/);
    const count = paragraphs.length;
    const empties = paragraphs.filter(
      (paragraph, index) => paragraph.trim() === '' && index !== 0 && index !== count - 1,
    );
    if (empties.length > 0) return false;
    const nonEmpty = paragraphs.filter((paragraph) => paragraph.trim() !== '').length;
    return nonEmpty === number(kwargs, 'num_paragraphs');
  },
  'length_constraints:number_words': (response, kwargs) =>
    compare(countWords(response), text(kwargs, 'relation'), number(kwargs, 'num_words')),
  'length_constraints:nth_paragraph_first_word': (response, kwargs) => {
    const paragraphs = response.split(/\n\n/).filter((paragraph) => paragraph.trim() !== '');
    if (paragraphs.length !== number(kwargs, 'num_paragraphs')) return false;
    const nth = paragraphs[number(kwargs, 'nth_paragraph') - 1];
    if (nth === undefined) return false;
    const first = (nth.trim().split(/\s+/)[0] ?? '').replace(/^[^\w]+|[^\w]+$/g, '').toLowerCase();
    return first === text(kwargs, 'first_word').toLowerCase();
  },
  'detectable_content:number_placeholders': (response, kwargs) =>
    (response.match(/\[.*?\]/g)?.length ?? 0) >= number(kwargs, 'num_placeholders'),
  'detectable_content:postscript': (response, kwargs) => {
    const marker = text(kwargs, 'postscript_marker').trim();
    const pattern =
      marker === 'P.P.S'
        ? /\s*p\.\s?p\.\s?s.*$/im
        : marker === 'P.S.'
          ? /\s*p\.\s?s\..*$/im
          : new RegExp(`\\s*${escapeRegExp(marker.toLowerCase())}.*$`, 'im');
    return pattern.test(response.toLowerCase());
  },
  'detectable_format:number_bullet_lists': (response, kwargs) => {
    const bullets = response.match(/^\s*[*-][^*-].*$/gm)?.length ?? 0;
    return bullets === number(kwargs, 'num_bullets');
  },
  'detectable_format:constrained_response': (response) =>
    ['My answer is yes.', 'My answer is no.', 'My answer is maybe.'].some((option) =>
      response.trim().includes(option),
    ),
  'detectable_format:number_highlighted_sections': (response, kwargs) => {
    const single = (response.match(/\*[^\n*]*\*/g) ?? []).filter(
      (match) => match.slice(1, -1).trim() !== '',
    ).length;
    const double = (response.match(/\*\*[^\n*]*\*\*/g) ?? []).filter(
      (match) => match.slice(2, -2).trim() !== '',
    ).length;
    return single + double >= number(kwargs, 'num_highlights');
  },
  'detectable_format:multiple_sections': (response, kwargs) => {
    const splitter = `${text(kwargs, 'section_spliter').trim()} ?\\d+`;
    const sections = response.split(new RegExp(`\\s?${splitter}\\s?`));
    return sections.length - 1 >= number(kwargs, 'num_sections');
  },
  'detectable_format:json_format': (response) => {
    const stripped = response
      .trim()
      .replace(/^```(?:json|Json|JSON)?/, '')
      .replace(/```$/, '')
      .trim();
    try {
      JSON.parse(stripped);
      return true;
    } catch {
      return false;
    }
  },
  'detectable_format:title': (response) =>
    (response.match(/<<[^\n]+>>/g) ?? []).some((title) => title.slice(2, -2).trim() !== ''),
  'combination:two_responses': (response) => {
    const parts = response.split('******').map((part) => part.trim());
    return parts.length === 2 && parts[0] !== '' && parts[1] !== '' && parts[0] !== parts[1];
  },
  'combination:repeat_prompt': (response, kwargs) =>
    response.trim().toLowerCase().startsWith(text(kwargs, 'prompt_to_repeat').trim().toLowerCase()),
  'startend:end_checker': (response, kwargs) =>
    response
      .trim()
      .replace(/["']+$/, '')
      .trim()
      .toLowerCase()
      .endsWith(text(kwargs, 'end_phrase').trim().toLowerCase()),
  'change_case:capital_word_frequency': (response, kwargs) => {
    const capitals = (response.match(/\w+/gu) ?? []).filter(
      (word) => /[A-Z]/.test(word) && word === word.toUpperCase(),
    ).length;
    return compare(capitals, text(kwargs, 'capital_relation'), number(kwargs, 'capital_frequency'));
  },
  'change_case:english_capital': (response) =>
    response === response.toUpperCase() && detectLanguage(response) === 'en',
  'change_case:english_lowercase': (response) =>
    response === response.toLowerCase() && detectLanguage(response) === 'en',
  'punctuation:no_comma': (response) => !response.includes(','),
  'startend:quotation': (response) => {
    const trimmed = response.trim();
    return trimmed.length > 1 && trimmed.startsWith('"') && trimmed.endsWith('"');
  },
};
