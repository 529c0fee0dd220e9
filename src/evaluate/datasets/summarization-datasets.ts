import type { DatasetDefinition } from './define-dataset.js';
import { optionalText, text } from './record-fields.js';

const SUMMARY = {
  task: 'summarization',
  evaluators: ['summarization_quality'],
  scoreField: 'rouge_l_f1',
} as const;

/** Summarisation sets: the reference summary is the answer, ROUGE-L scores it. */
export const summarizationDatasets: DatasetDefinition[] = [
  {
    ...SUMMARY,
    name: 'multi-news',
    description: 'multi-document news summarisation',
    hubId: 'alexfabbri/multi_news',
    defaultConfig: 'default',
    split: 'test',
    size: '5.6k',
    toExample(record, { index }) {
      return {
        id: index,
        context: text(record, 'document').replaceAll('|||||', '\n\n'),
        instruction: 'Summarize the articles.',
        answer: text(record, 'summary'),
      };
    },
  },
  {
    ...SUMMARY,
    name: 'dialogsum',
    description: 'dialogue summarisation of everyday conversations',
    hubId: 'knkarthick/dialogsum',
    defaultConfig: 'default',
    split: 'test',
    size: '1.5k',
    toExample(record) {
      return {
        id: text(record, 'id'),
        context: text(record, 'dialogue'),
        instruction: 'Summarize the dialogue.',
        answer: text(record, 'summary'),
        topic: optionalText(record, 'topic'),
      };
    },
  },
  {
    ...SUMMARY,
    name: 'govreport',
    description: 'long U.S. government reports and their expert summaries',
    hubId: 'ccdv/govreport-summarization',
    defaultConfig: 'document',
    split: 'test',
    size: '973',
    toExample(record, { index }) {
      return {
        id: index,
        context: text(record, 'report'),
        instruction: 'Summarize the report.',
        answer: text(record, 'summary'),
      };
    },
  },
  {
    ...SUMMARY,
    name: 'meetingbank',
    description: 'city council meeting transcripts and their minutes',
    hubId: 'huuuyeah/meetingbank',
    defaultConfig: 'default',
    split: 'test',
    size: '862',
    toExample(record) {
      return {
        id: text(record, 'id'),
        context: text(record, 'transcript'),
        instruction: 'Summarize the meeting.',
        answer: text(record, 'summary'),
      };
    },
  },
];
