import type { DatasetDefinition } from './define-dataset.js';
import { integer, object, optionalText, shuffleChoices, text, texts } from './record-fields.js';

const MC = {
  task: 'multiple-choice',
  evaluators: ['multiple_choice_accuracy'],
  scoreField: 'mc_accuracy',
} as const;

/** The 57 MMLU subjects, selectable as `mmlu:<subject>`; `mmlu:all` is every one. */
export const MMLU_SUBJECTS = [
  'abstract_algebra',
  'anatomy',
  'astronomy',
  'business_ethics',
  'clinical_knowledge',
  'college_biology',
  'college_chemistry',
  'college_computer_science',
  'college_mathematics',
  'college_medicine',
  'college_physics',
  'computer_security',
  'conceptual_physics',
  'econometrics',
  'electrical_engineering',
  'elementary_mathematics',
  'formal_logic',
  'global_facts',
  'high_school_biology',
  'high_school_chemistry',
  'high_school_computer_science',
  'high_school_european_history',
  'high_school_geography',
  'high_school_government_and_politics',
  'high_school_macroeconomics',
  'high_school_mathematics',
  'high_school_microeconomics',
  'high_school_physics',
  'high_school_psychology',
  'high_school_statistics',
  'high_school_us_history',
  'high_school_world_history',
  'human_aging',
  'human_sexuality',
  'international_law',
  'jurisprudence',
  'logical_fallacies',
  'machine_learning',
  'management',
  'marketing',
  'medical_genetics',
  'miscellaneous',
  'moral_disputes',
  'moral_scenarios',
  'nutrition',
  'philosophy',
  'prehistory',
  'professional_accounting',
  'professional_law',
  'professional_medicine',
  'professional_psychology',
  'public_relations',
  'security_studies',
  'sociology',
  'us_foreign_policy',
  'virology',
  'world_religions',
] as const;

/** Multiple-choice sets: options shown with letters, the correct position as the dataset gives it. */
export const multipleChoiceDatasets: DatasetDefinition[] = [
  {
    ...MC,
    name: 'mmlu',
    description: 'massive multitask language understanding, 57 subjects',
    hubId: 'cais/mmlu',
    defaultConfig: 'all',
    configs: ['all', ...MMLU_SUBJECTS],
    split: 'test',
    size: '14k',
    toExample(record, { index, config }) {
      return {
        id: `${optionalText(record, 'subject') ?? config}-${index}`,
        context: '',
        question: text(record, 'question'),
        choices: texts(record.choices, 'choices'),
        answerIndex: integer(record, 'answer'),
        subject: optionalText(record, 'subject'),
      };
    },
  },
  {
    ...MC,
    name: 'mmlu-pro',
    description: 'MMLU with ten options and harder, reasoning-heavy questions',
    hubId: 'TIGER-Lab/MMLU-Pro',
    defaultConfig: 'default',
    split: 'test',
    size: '12k',
    toExample(record) {
      return {
        id: text(record, 'question_id'),
        context: '',
        question: text(record, 'question'),
        choices: texts(record.options, 'options'),
        answerIndex: integer(record, 'answer_index'),
        category: optionalText(record, 'category'),
      };
    },
  },
  {
    ...MC,
    name: 'arc-challenge',
    description: 'grade-school science questions that retrieval and co-occurrence methods fail',
    hubId: 'allenai/ai2_arc',
    defaultConfig: 'ARC-Challenge',
    split: 'test',
    size: '1.2k',
    toExample(record) {
      const choices = object(record, 'choices');
      const labels = texts(choices.label, 'choices.label');
      const answerIndex = labels.indexOf(text(record, 'answerKey'));
      if (answerIndex < 0) throw new Error('answerKey: not one of choices.label');
      return {
        id: text(record, 'id'),
        context: '',
        question: text(record, 'question'),
        choices: texts(choices.text, 'choices.text'),
        answerIndex,
      };
    },
  },
  {
    ...MC,
    name: 'hellaswag',
    description: 'commonsense sentence completion',
    hubId: 'Rowan/hellaswag',
    defaultConfig: 'default',
    split: 'validation',
    size: '10k',
    toExample(record) {
      return {
        id: text(record, 'ind'),
        context: text(record, 'ctx'),
        question: 'Which ending continues the text best?',
        choices: texts(record.endings, 'endings'),
        answerIndex: integer(record, 'label'),
      };
    },
  },
  {
    ...MC,
    name: 'winogrande',
    description: 'pronoun resolution needing commonsense (fill the blank with one of two options)',
    hubId: 'allenai/winogrande',
    defaultConfig: 'winogrande_xl',
    split: 'validation',
    size: '1.3k',
    toExample(record, { index }) {
      return {
        id: index,
        context: text(record, 'sentence'),
        question: 'Which option fills the blank (_)?',
        choices: [text(record, 'option1'), text(record, 'option2')],
        answerIndex: integer(record, 'answer') - 1,
      };
    },
  },
  {
    ...MC,
    name: 'truthfulqa',
    description: 'questions that humans often answer falsely (mc1: one true option)',
    hubId: 'truthfulqa/truthful_qa',
    defaultConfig: 'multiple_choice',
    split: 'validation',
    size: '817',
    toExample(record, { index }) {
      const targets = object(record, 'mc1_targets');
      const options = texts(targets.choices, 'mc1_targets.choices');
      const labels = Array.isArray(targets.labels) ? targets.labels : [];
      const correct = options[labels.indexOf(1)];
      if (correct === undefined) throw new Error('mc1_targets.labels: no option labelled 1');
      // The published order puts the true option first: shown in a seeded order instead.
      const shuffled = shuffleChoices(
        correct,
        options.filter((option) => option !== correct),
        `truthfulqa-${index}`,
      );
      return { id: index, context: '', question: text(record, 'question'), ...shuffled };
    },
  },
  {
    ...MC,
    name: 'gpqa',
    description: 'graduate-level science questions written to be Google-proof (diamond subset; gated)',
    hubId: 'Idavidrein/gpqa',
    defaultConfig: 'gpqa_diamond',
    configs: ['gpqa_diamond', 'gpqa_main', 'gpqa_extended'],
    split: 'train',
    size: '198',
    toExample(record, { index }) {
      const id = optionalText(record, 'Record ID') ?? String(index);
      const others = ['Incorrect Answer 1', 'Incorrect Answer 2', 'Incorrect Answer 3'].map((field) =>
        text(record, field).trim(),
      );
      // Published with the correct answer in its own column: shown in a seeded order.
      const shuffled = shuffleChoices(text(record, 'Correct Answer').trim(), others, `gpqa-${id}`);
      return { id, context: '', question: text(record, 'Question'), ...shuffled };
    },
  },
  {
    ...MC,
    name: 'quality',
    description: 'multiple-choice questions about long articles and stories',
    hubId: 'emozilla/quality',
    defaultConfig: 'default',
    split: 'validation',
    size: '2.1k',
    toExample(record, { index }) {
      return {
        id: index,
        context: text(record, 'article'),
        question: text(record, 'question'),
        choices: texts(record.options, 'options'),
        answerIndex: integer(record, 'answer'),
        hard: record.hard === true,
      };
    },
  },
  {
    ...MC,
    name: 'longbench-v2',
    description: 'long-context multiple choice, 8k to 2M words',
    hubId: 'THUDM/LongBench-v2',
    defaultConfig: 'default',
    split: 'train',
    size: '503',
    toExample(record) {
      const choices = ['choice_A', 'choice_B', 'choice_C', 'choice_D'].map((field) => text(record, field));
      return {
        id: text(record, '_id'),
        context: text(record, 'context'),
        question: text(record, 'question'),
        choices,
        answer: text(record, 'answer'),
        difficulty: optionalText(record, 'difficulty'),
        length: optionalText(record, 'length'),
      };
    },
  },
];
