import type { DatasetDefinition } from './define-dataset.js';
import { object, optionalText, text, texts } from './record-fields.js';

const QA = { task: 'question-answering', evaluators: ['answer_quality'], scoreField: 'f1' } as const;

/** Question-answering sets whose context is given with the question. */
export const qaDatasets: DatasetDefinition[] = [
  {
    ...QA,
    name: 'hotpotqa',
    description: 'multi-hop Wikipedia QA, distractor setting (10 paragraphs, 2 supporting)',
    hubId: 'hotpotqa/hotpot_qa',
    defaultConfig: 'distractor',
    configs: ['distractor', 'fullwiki'],
    split: 'validation',
    size: '7.4k',
    toExample(record) {
      const context = object(record, 'context');
      const titles = texts(context.title, 'context.title');
      const sentences = Array.isArray(context.sentences) ? context.sentences : [];
      const paragraphs = titles.map(
        (title, index) =>
          `${title}: ${texts(sentences[index] ?? [], `context.sentences[${index}]`).join('')}`,
      );
      return {
        id: text(record, 'id'),
        context: paragraphs.join('\n\n'),
        question: text(record, 'question'),
        answer: text(record, 'answer'),
        questionType: optionalText(record, 'type'),
        level: optionalText(record, 'level'),
      };
    },
  },
  {
    ...QA,
    name: 'triviaqa',
    description: 'trivia questions with Wikipedia evidence (reading comprehension)',
    hubId: 'mandarjoshi/trivia_qa',
    defaultConfig: 'rc.wikipedia',
    split: 'validation',
    size: '7.9k',
    toExample(record) {
      const answer = object(record, 'answer');
      const pages = object(record, 'entity_pages');
      return {
        id: text(record, 'question_id'),
        context: texts(pages.wiki_context ?? [], 'entity_pages.wiki_context').join('\n\n'),
        question: text(record, 'question'),
        answer: [text(answer, 'value'), ...texts(answer.aliases ?? [], 'answer.aliases')],
      };
    },
  },
  {
    ...QA,
    name: 'musique',
    description: '2-4 hop questions composed from single-hop ones, 20 paragraphs each',
    hubId: 'dgslibisey/MuSiQue',
    defaultConfig: 'default',
    split: 'validation',
    size: '2.4k',
    toExample(record) {
      if (record.answerable === false) return undefined;
      const paragraphs = Array.isArray(record.paragraphs) ? record.paragraphs : [];
      const context = paragraphs
        .map(
          (paragraph: Record<string, unknown>) =>
            `${text(paragraph, 'title')}: ${text(paragraph, 'paragraph_text')}`,
        )
        .join('\n\n');
      return {
        id: text(record, 'id'),
        context,
        question: text(record, 'question'),
        answer: [text(record, 'answer'), ...texts(record.answer_aliases ?? [], 'answer_aliases')],
      };
    },
  },
  {
    ...QA,
    name: 'narrativeqa',
    description: 'questions about whole books and film scripts',
    hubId: 'deepmind/narrativeqa',
    defaultConfig: 'default',
    split: 'test',
    size: '10.6k',
    toExample(record, { index }) {
      const document = object(record, 'document');
      const question = object(record, 'question');
      const answers = Array.isArray(record.answers) ? record.answers : [];
      return {
        id: `${text(document, 'id')}-${index}`,
        context: text(document, 'text'),
        question: text(question, 'text'),
        answer: answers.map((answer: Record<string, unknown>) => text(answer, 'text')),
      };
    },
  },
  {
    ...QA,
    name: 'drop',
    description: 'discrete reasoning over paragraphs (counting, arithmetic, sorting)',
    hubId: 'ucinlp/drop',
    defaultConfig: 'default',
    split: 'validation',
    size: '9.5k',
    toExample(record) {
      const spans = object(record, 'answers_spans');
      return {
        id: text(record, 'query_id'),
        context: text(record, 'passage'),
        question: text(record, 'question'),
        answer: texts(spans.spans, 'answers_spans.spans'),
      };
    },
  },
  {
    ...QA,
    name: 'frames',
    description: 'multi-hop factual questions that need several Wikipedia articles (no context given)',
    hubId: 'google/frames-benchmark',
    defaultConfig: 'default',
    split: 'test',
    size: '824',
    toExample(record, { index }) {
      return { id: index, context: '', question: text(record, 'Prompt'), answer: text(record, 'Answer') };
    },
  },
];
