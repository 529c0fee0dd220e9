import type { DatasetDefinition } from './define-dataset.js';
import { optionalText, text } from './record-fields.js';

const MATH = { task: 'math', evaluators: ['math_equivalence'], scoreField: 'math_equiv' } as const;

/** The 27 BIG-Bench Hard tasks, selectable as `bbh:<task>`. */
export const BBH_TASKS = [
  'boolean_expressions',
  'causal_judgement',
  'date_understanding',
  'disambiguation_qa',
  'dyck_languages',
  'formal_fallacies',
  'geometric_shapes',
  'hyperbaton',
  'logical_deduction_five_objects',
  'logical_deduction_seven_objects',
  'logical_deduction_three_objects',
  'movie_recommendation',
  'multistep_arithmetic_two',
  'navigate',
  'object_counting',
  'penguins_in_a_table',
  'reasoning_about_colored_objects',
  'ruin_names',
  'salient_translation_error_detection',
  'snarks',
  'sports_understanding',
  'temporal_sequences',
  'tracking_shuffled_objects_five_objects',
  'tracking_shuffled_objects_seven_objects',
  'tracking_shuffled_objects_three_objects',
  'web_of_lies',
  'word_sorting',
] as const;

/** MGSM's languages, selectable as `mgsm:<code>`. */
export const MGSM_LANGUAGES = ['bn', 'de', 'en', 'es', 'fr', 'ja', 'ru', 'sw', 'te', 'th', 'zh'] as const;

/** The MATH subjects, selectable as `math:<subject>`. */
export const MATH_SUBJECTS = [
  'algebra',
  'counting_and_probability',
  'geometry',
  'intermediate_algebra',
  'number_theory',
  'prealgebra',
  'precalculus',
] as const;

/** Maths and reasoning sets, scored on the final answer. */
export const reasoningDatasets: DatasetDefinition[] = [
  {
    ...MATH,
    name: 'gsm8k',
    description: 'grade-school maths word problems (final answer after ####)',
    hubId: 'openai/gsm8k',
    defaultConfig: 'main',
    split: 'test',
    size: '1.3k',
    toExample(record, { index }) {
      return { id: index, context: '', question: text(record, 'question'), answer: text(record, 'answer') };
    },
  },
  {
    ...MATH,
    name: 'mgsm',
    description: 'GSM8K problems translated into ten languages',
    hubId: 'juletxara/mgsm',
    defaultConfig: 'en',
    configs: MGSM_LANGUAGES,
    split: 'test',
    size: '250 per language',
    toExample(record, { index, config }) {
      return {
        id: `${config}-${index}`,
        context: '',
        question: text(record, 'question'),
        answer: text(record, 'answer_number'),
      };
    },
  },
  {
    ...MATH,
    name: 'math',
    description: 'competition mathematics (AMC, AIME), answers in \\boxed{}',
    hubId: 'EleutherAI/hendrycks_math',
    defaultConfig: 'algebra',
    configs: MATH_SUBJECTS,
    split: 'test',
    size: '5k',
    toExample(record, { index, config }) {
      return {
        id: `${config}-${index}`,
        context: '',
        question: text(record, 'problem'),
        answer: text(record, 'solution'),
        level: optionalText(record, 'level'),
      };
    },
  },
  {
    name: 'bbh',
    description: 'BIG-Bench Hard: 27 tasks where chain-of-thought helps',
    task: 'reasoning',
    hubId: 'lukaemon/bbh',
    defaultConfig: 'boolean_expressions',
    configs: BBH_TASKS,
    split: 'test',
    size: '6.5k',
    evaluators: ['answer_quality'],
    scoreField: 'exact_match',
    toExample(record, { index, config }) {
      return {
        id: `${config}-${index}`,
        context: '',
        question: text(record, 'input'),
        answer: text(record, 'target'),
      };
    },
  },
];
