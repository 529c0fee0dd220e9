import type { Example } from '../types.js';
import type { DatasetDefinition } from './define-dataset.js';
import { readBfcl } from './published-layouts.js';
import { object, optionalText, text, texts } from './record-fields.js';

/** A SWE-bench variant: the issue is the context, the gold patch the reference a judge compares with. */
function swebench(name: string, hubId: string, description: string, size: string): DatasetDefinition {
  return {
    name,
    description: `${description} (tests need the repository: scored by --judge against the gold patch)`,
    task: 'code-repair',
    hubId,
    defaultConfig: 'default',
    split: 'test',
    size,
    evaluators: ['llm_judge'],
    scoreField: 'judge',
    toExample(record) {
      const hints = optionalText(record, 'hints_text') ?? '';
      return {
        id: text(record, 'instance_id'),
        context:
          hints === ''
            ? text(record, 'problem_statement')
            : `${text(record, 'problem_statement')}\n\nHints:\n${hints}`,
        question: `Write a patch (unified diff) for ${text(record, 'repo')} at ${text(record, 'base_commit')} that fixes the issue.`,
        answer: text(record, 'patch'),
        repo: text(record, 'repo'),
      };
    },
  };
}

// BFCL's single-turn categories (multi-turn ones need the executable tool classes to score).
const BFCL_CATEGORIES = [
  'simple',
  'multiple',
  'parallel',
  'parallel_multiple',
  'java',
  'javascript',
  'irrelevance',
  'live_simple',
  'live_multiple',
  'live_parallel',
  'live_parallel_multiple',
  'live_irrelevance',
  'live_relevance',
] as const;

/**
 * A BFCL question (`question` is a list of turns, each a list of `{role, content}` messages) with its
 * `function` documents; the reference is the published `ground_truth` (every accepted value per argument), or
 * for the relevance categories what the model should do.
 */
function bfclExample(record: Record<string, unknown>, { config }: { config: string }): Example {
  const turns = Array.isArray(record.question) ? record.question.flat() : [];
  const messages = turns.filter(
    (turn): turn is Record<string, unknown> => turn !== null && typeof turn === 'object',
  );
  const of = (role: string) =>
    messages.filter((turn) => turn.role === role).map((turn) => text(turn, 'content'));
  const system = of('system');
  const user = of('user');
  if (user.length === 0) throw new Error('question: no user message');
  const answer =
    record.ground_truth !== undefined
      ? `Accepted calls (each argument lists its accepted values): ${JSON.stringify(record.ground_truth)}`
      : config.includes('irrelevance')
        ? 'No function call: none of the functions fits the request.'
        : config.includes('relevance')
          ? 'At least one call of a relevant function.'
          : undefined;
  return {
    id: text(record, 'id'),
    context: [...system, `Available functions (JSON):\n${JSON.stringify(record.function ?? [])}`].join(
      '\n\n',
    ),
    question: user.join('\n'),
    instruction: 'Reply with the function call(s) to make, as JSON, or say that none fits.',
    ...(answer === undefined ? {} : { answer }),
  };
}

/** Agentic and function-calling sets, and conversational memory sets read as long-context QA. */
export const agenticDatasets: DatasetDefinition[] = [
  swebench('swebench', 'princeton-nlp/SWE-bench', 'real GitHub issues from 12 Python repositories', '2.3k'),
  swebench(
    'swebench-verified',
    'princeton-nlp/SWE-bench_Verified',
    'SWE-bench issues verified solvable by annotators',
    '500',
  ),
  swebench('swebench-lite', 'princeton-nlp/SWE-bench_Lite', 'a self-contained subset of SWE-bench', '300'),
  {
    name: 'apigen',
    description: 'function-calling queries with verified calls (xLAM; gated): exact match of the call JSON',
    task: 'function-calling',
    hubId: 'Salesforce/xlam-function-calling-60k',
    defaultConfig: 'default',
    split: 'train',
    size: '60k',
    evaluators: ['answer_quality'],
    scoreField: 'exact_match',
    toExample(record) {
      return {
        id: text(record, 'id'),
        context: `Available tools (JSON):\n${text(record, 'tools')}`,
        question: text(record, 'query'),
        instruction: 'Reply with the JSON list of calls only.',
        answer: text(record, 'answers'),
      };
    },
  },
  {
    name: 'bfcl',
    description:
      'Berkeley function-calling leaderboard questions with their function documents, scored by --judge against the possible answers',
    task: 'function-calling',
    hubId: 'gorilla-llm/Berkeley-Function-Calling-Leaderboard',
    defaultConfig: 'simple',
    configs: BFCL_CATEGORIES,
    split: 'test',
    size: '~4k single-turn',
    evaluators: ['llm_judge'],
    scoreField: 'judge',
    published: {
      source:
        'https://huggingface.co/datasets/gorilla-llm/Berkeley-Function-Calling-Leaderboard (BFCL_v3_<category>.json and possible_answer/)',
      read: readBfcl,
    },
    toExample: bfclExample,
  },
  {
    name: 'natural-questions',
    description: 'real Google queries answered from a Wikipedia page (short answers only)',
    task: 'question-answering',
    hubId: 'google-research-datasets/natural_questions',
    defaultConfig: 'default',
    split: 'validation',
    size: '7.8k',
    evaluators: ['answer_quality'],
    scoreField: 'f1',
    toExample(record) {
      const document = object(record, 'document');
      const tokens = object(document, 'tokens');
      const words = texts(tokens.token, 'document.tokens.token');
      const isHtml = Array.isArray(tokens.is_html) ? tokens.is_html : [];
      const annotations = object(record, 'annotations');
      const shortAnswers = Array.isArray(annotations.short_answers) ? annotations.short_answers : [];
      const answers = shortAnswers.flatMap((answer: Record<string, unknown>) =>
        texts(answer.text ?? [], 'annotations.short_answers.text'),
      );
      // Questions without a short answer cannot be scored by answer overlap: left out, never scored as 1.
      if (answers.length === 0) return undefined;
      return {
        id: text(record, 'id'),
        context: words.filter((_, index) => isHtml[index] !== true).join(' '),
        question: text(object(record, 'question'), 'text'),
        answer: [...new Set(answers)],
        title: optionalText(document, 'title'),
      };
    },
  },
  {
    name: 'scifact',
    description:
      'scientific claims labelled SUPPORT / CONTRADICT against cited abstracts (claims without evidence: NOT ENOUGH INFO)',
    task: 'nli',
    hubId: 'allenai/scifact',
    defaultConfig: 'claims',
    split: 'validation',
    size: '300',
    evaluators: ['nli_label_match'],
    scoreField: 'nli_accuracy',
    toExample(record, { index }) {
      const label = optionalText(record, 'evidence_label') ?? '';
      return {
        id: `${text(record, 'id')}-${index}`,
        context: '',
        question: `Claim: ${text(record, 'claim')}`,
        instruction:
          'Does the scientific literature support or contradict the claim, or is there not enough information?',
        answer: label === '' ? 'NOT ENOUGH INFO' : label,
      };
    },
  },
  {
    name: 'longmemeval',
    description:
      'questions about long chat histories (information extraction, temporal reasoning, knowledge updates)',
    task: 'memory',
    hubId: 'xiaowu0162/longmemeval',
    defaultConfig: 'default',
    split: 'train',
    size: '500',
    evaluators: ['answer_quality'],
    scoreField: 'f1',
    toExample(record) {
      const sessions = Array.isArray(record.haystack_sessions) ? record.haystack_sessions : [];
      const dates = Array.isArray(record.haystack_dates) ? record.haystack_dates : [];
      const context = sessions
        .map((session: unknown, index: number) => {
          const turns = Array.isArray(session) ? session : [];
          const lines = turns.map(
            (turn: Record<string, unknown>) => `${text(turn, 'role')}: ${text(turn, 'content')}`,
          );
          return `Session ${index + 1}${typeof dates[index] === 'string' ? ` (${dates[index]})` : ''}:\n${lines.join('\n')}`;
        })
        .join('\n\n');
      return {
        id: text(record, 'question_id'),
        context,
        question: text(record, 'question'),
        answer: text(record, 'answer'),
        questionType: optionalText(record, 'question_type'),
        questionDate: optionalText(record, 'question_date'),
      };
    },
  },
];
