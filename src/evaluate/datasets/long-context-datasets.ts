import type { DatasetDefinition } from './define-dataset.js';
import { optionalText, text, texts } from './record-fields.js';

/** LongBench's tasks, selectable as `longbench:<task>`. */
export const LONGBENCH_TASKS = [
  'narrativeqa',
  'qasper',
  'multifieldqa_en',
  'multifieldqa_zh',
  'hotpotqa',
  '2wikimqa',
  'musique',
  'dureader',
  'gov_report',
  'qmsum',
  'multi_news',
  'vcsum',
  'trec',
  'triviaqa',
  'samsum',
  'lsht',
  'passage_count',
  'passage_retrieval_en',
  'passage_retrieval_zh',
  'lcc',
  'repobench-p',
] as const;

/** InfiniteBench's tasks (published as splits), selectable as `infinitebench:<task>`. */
export const INFINITEBENCH_TASKS = [
  'longbook_qa_en',
  'longbook_qa_chn',
  'longbook_choice_eng',
  'longbook_sum_eng',
  'longdialogue_qa_eng',
  'math_find',
  'math_calc',
  'code_run',
  'code_debug',
  'kv_retrieval',
  'passkey',
  'number_string',
] as const;

// LongBench tasks scored as summaries (ROUGE-L), the rest by answer overlap.
const LONGBENCH_SUMMARIES = new Set(['gov_report', 'qmsum', 'multi_news', 'vcsum', 'samsum']);
const SUMMARY_SCORING = { evaluators: ['summarization_quality'], scoreField: 'rouge_l_f1' } as const;
const QA_SCORING = { evaluators: ['answer_quality'], scoreField: 'f1' } as const;

/** A SCROLLS task: `input` holds the question (when any) and the document, `output` the answer. */
function scrolls(
  name: string,
  config: string,
  description: string,
  kind: 'qa' | 'summary' | 'nli',
  size: string,
): DatasetDefinition {
  const evaluators =
    kind === 'summary'
      ? ['summarization_quality']
      : kind === 'nli'
        ? ['nli_label_match']
        : ['answer_quality'];
  const scoreField = kind === 'summary' ? 'rouge_l_f1' : kind === 'nli' ? 'nli_accuracy' : 'f1';
  return {
    name,
    description,
    task: kind === 'summary' ? 'summarization' : kind === 'nli' ? 'nli' : 'question-answering',
    hubId: 'tau/scrolls',
    defaultConfig: config,
    split: 'validation',
    size,
    evaluators,
    scoreField,
    toExample(record) {
      const input = text(record, 'input');
      // SCROLLS puts the query first, then a blank line, then the document.
      const split = input.indexOf('\n\n');
      const [question, context] =
        kind === 'summary' || split < 0 ? ['', input] : [input.slice(0, split), input.slice(split + 2)];
      return {
        id: text(record, 'id'),
        context,
        ...(question === ''
          ? { instruction: kind === 'summary' ? 'Summarize the document.' : '' }
          : { question }),
        ...(kind === 'nli'
          ? { instruction: 'Does the contract entail, contradict or not mention the hypothesis?' }
          : {}),
        answer: text(record, 'output'),
      };
    },
  };
}

/** Long-context sets. */
export const longContextDatasets: DatasetDefinition[] = [
  {
    name: 'longbench',
    description: 'bilingual long-context tasks: QA, summarisation, few-shot, synthetic, code',
    task: 'long-context',
    hubId: 'THUDM/LongBench',
    defaultConfig: 'hotpotqa',
    configs: LONGBENCH_TASKS,
    split: 'test',
    size: '4.75k',
    evaluators: QA_SCORING.evaluators,
    scoreField: QA_SCORING.scoreField,
    scoringFor: (config) => (LONGBENCH_SUMMARIES.has(config) ? SUMMARY_SCORING : QA_SCORING),
    toExample(record) {
      return {
        id: text(record, '_id'),
        context: text(record, 'context'),
        question: text(record, 'input'),
        answer: texts(record.answers, 'answers'),
        language: optionalText(record, 'language'),
      };
    },
  },
  {
    name: 'infinitebench',
    description: 'tasks over 100k+ token contexts (books, dialogue, code, retrieval)',
    task: 'long-context',
    hubId: 'xinrongzhang2022/InfiniteBench',
    defaultConfig: 'longbook_qa_en',
    configs: INFINITEBENCH_TASKS,
    split: 'longbook_qa_en',
    splitFor: (config) => config,
    hubConfig: () => 'default',
    size: '3.9k',
    evaluators: QA_SCORING.evaluators,
    scoreField: QA_SCORING.scoreField,
    scoringFor: (config) =>
      config === 'longbook_choice_eng' || config === 'code_debug'
        ? { evaluators: ['multiple_choice_accuracy'], scoreField: 'mc_accuracy' }
        : config === 'longbook_sum_eng'
          ? SUMMARY_SCORING
          : QA_SCORING,
    toExample(record, { index, config }) {
      const options = Array.isArray(record.options) ? texts(record.options, 'options') : [];
      return {
        id: `${config}-${optionalText(record, 'id') ?? index}`,
        context: text(record, 'context'),
        question: text(record, 'input'),
        answer: texts(record.answer, 'answer'),
        ...(options.length > 0 ? { choices: options } : {}),
      };
    },
  },
  scrolls('qmsum', 'qmsum', 'query-based meeting summarisation', 'summary', '272'),
  scrolls('summscreenfd', 'summ_screen_fd', 'TV episode transcripts and their recaps', 'summary', '338'),
  scrolls('qasper', 'qasper', 'questions about NLP papers', 'qa', '984'),
  scrolls(
    'contract-nli',
    'contract_nli',
    'does an NDA entail, contradict or not mention a hypothesis',
    'nli',
    '1k',
  ),
];
