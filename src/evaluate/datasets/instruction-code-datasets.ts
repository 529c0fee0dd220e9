import type { DatasetDefinition } from './define-dataset.js';
import { optionalText, text, texts } from './record-fields.js';

/** Instruction-following, open-ended and code sets. */
export const instructionCodeDatasets: DatasetDefinition[] = [
  {
    name: 'ifeval',
    description: 'verifiable instructions (length, format, keywords, case ...)',
    task: 'instruction-following',
    hubId: 'google/IFEval',
    defaultConfig: 'default',
    split: 'train',
    size: '541',
    evaluators: ['ifeval'],
    scoreField: 'prompt_level_strict',
    toExample(record) {
      const prompt = text(record, 'prompt');
      return {
        id: text(record, 'key'),
        context: '',
        instruction: prompt,
        instruction_id_list: texts(record.instruction_id_list, 'instruction_id_list'),
        kwargs: record.kwargs,
      };
    },
  },
  {
    name: 'humaneval',
    description: 'Python function completion checked by unit tests (needs --allow-code-execution)',
    task: 'code',
    hubId: 'openai/openai_humaneval',
    defaultConfig: 'openai_humaneval',
    split: 'test',
    size: '164',
    evaluators: ['code_execution'],
    scoreField: 'pass_at_1',
    toExample(record) {
      const prompt = text(record, 'prompt');
      return {
        id: text(record, 'task_id'),
        context: '',
        instruction: `Complete this Python function. Reply with the code only.\n\n${prompt}`,
        prompt,
        test: text(record, 'test'),
        entry_point: text(record, 'entry_point'),
      };
    },
  },
  {
    name: 'mbpp',
    description: 'basic Python programming problems with assert tests (needs --allow-code-execution)',
    task: 'code',
    hubId: 'google-research-datasets/mbpp',
    defaultConfig: 'full',
    split: 'test',
    size: '500',
    evaluators: ['code_execution'],
    scoreField: 'pass_at_1',
    toExample(record) {
      const tests = texts(record.test_list, 'test_list');
      return {
        id: text(record, 'task_id'),
        context: '',
        instruction: `${text(record, 'text')}\nYour code should pass these tests:\n${tests.join('\n')}\nReply with the code only.`,
        test_list: tests,
        test_setup_code: optionalText(record, 'test_setup_code') ?? '',
      };
    },
  },
  {
    name: 'alpaca-eval',
    description: 'open-ended instructions judged against a reference output (needs --judge)',
    task: 'open-ended',
    hubId: 'tatsu-lab/alpaca_eval',
    defaultConfig: 'alpaca_eval',
    split: 'eval',
    size: '805',
    evaluators: ['llm_judge'],
    scoreField: 'judge',
    toExample(record, { index }) {
      return {
        id: index,
        context: '',
        question: text(record, 'instruction'),
        instruction: text(record, 'instruction'),
        answer: text(record, 'output'),
      };
    },
  },
  {
    name: 'mt-bench',
    description: 'two-turn conversations in eight categories (needs --judge)',
    task: 'multi-turn',
    hubId: 'HuggingFaceH4/mt_bench_prompts',
    defaultConfig: 'default',
    split: 'train',
    size: '80',
    evaluators: ['llm_judge'],
    scoreField: 'judge',
    toExample(record) {
      const prompts = texts(record.prompt, 'prompt');
      const references = Array.isArray(record.reference) ? texts(record.reference, 'reference') : [];
      return {
        id: text(record, 'prompt_id'),
        context: '',
        turns: prompts.map((content) => ({ role: 'user' as const, content })),
        ...(references.length > 0 ? { answer: references[references.length - 1] } : {}),
        category: optionalText(record, 'category'),
      };
    },
  },
];
