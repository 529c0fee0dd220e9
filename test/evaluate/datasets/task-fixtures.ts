// Fixtures of the summarisation, instruction, code, long-context, agentic and memory loaders (see fixtures.ts).
import type { DatasetFixture } from './fixtures.js';

export const TASK_FIXTURES: Record<string, DatasetFixture> = {
  'multi-news': {
    records: [{ document: 'Story one. |||||Story two.', summary: '– Two stories.' }],
    first: { id: 0, context: 'Story one. \n\nStory two.', answer: '– Two stories.' },
  },
  dialogsum: {
    records: [
      {
        id: 'test_0_1',
        dialogue: '#Person1#: Hi. #Person2#: Hello.',
        summary: 'They greet.',
        topic: 'greeting',
      },
    ],
    first: { id: 'test_0_1', answer: 'They greet.' },
  },
  govreport: {
    records: [{ report: 'The agency spent $5 million.', summary: 'Spending was $5 million.' }],
    first: { id: 0, context: 'The agency spent $5 million.' },
  },
  meetingbank: {
    records: [
      {
        id: 7,
        uid: 'SeattleCityCouncil_1',
        summary: 'The council approved the budget.',
        transcript: 'Speaker 1: All in favour?',
      },
    ],
    first: { id: '7', answer: 'The council approved the budget.' },
  },
  ifeval: {
    records: [
      {
        key: 1000,
        prompt: 'Write a haiku without commas.',
        instruction_id_list: ['punctuation:no_comma'],
        kwargs: [{ num_words: null, relation: null }],
      },
    ],
    first: { id: '1000', instruction_id_list: ['punctuation:no_comma'] },
  },
  humaneval: {
    records: [
      {
        task_id: 'HumanEval/0',
        prompt: 'def add(a, b):\n',
        canonical_solution: '    return a + b\n',
        test: 'def check(candidate):\n    assert candidate(1, 2) == 3\n',
        entry_point: 'add',
      },
    ],
    first: { id: 'HumanEval/0', entry_point: 'add', prompt: 'def add(a, b):\n' },
  },
  mbpp: {
    records: [
      {
        task_id: 11,
        text: 'Write a function to double a number.',
        code: 'def double(x):\n    return 2 * x',
        test_list: ['assert double(2) == 4'],
        test_setup_code: '',
        challenge_test_list: [],
      },
    ],
    first: { id: '11', test_list: ['assert double(2) == 4'] },
  },
  'alpaca-eval': {
    records: [
      {
        instruction: 'Name a primary colour.',
        output: 'Red.',
        generator: 'text_davinci_003',
        dataset: 'helpful_base',
      },
    ],
    first: { id: 0, answer: 'Red.' },
  },
  'mt-bench': {
    records: [
      {
        prompt_id: 81,
        prompt: ['Write a travel post.', 'Rewrite it starting every sentence with A.'],
        category: 'writing',
        reference: [],
      },
    ],
    first: {
      id: '81',
      turns: [
        { role: 'user', content: 'Write a travel post.' },
        { role: 'user', content: 'Rewrite it starting every sentence with A.' },
      ],
    },
  },
  longbench: {
    config: 'hotpotqa',
    records: [
      {
        input: 'Who directed the film?',
        context: 'Passage 1: The film was directed by Ana Ruiz.',
        answers: ['Ana Ruiz'],
        length: 9,
        dataset: 'hotpotqa',
        language: 'en',
        all_classes: null,
        _id: 'lb-1',
      },
    ],
    first: { id: 'lb-1', question: 'Who directed the film?', answer: ['Ana Ruiz'] },
  },
  infinitebench: {
    config: 'longbook_choice_eng',
    records: [
      {
        id: 3,
        context: 'A very long book.',
        input: 'Who wins?',
        answer: ['the fox'],
        options: ['the fox', 'the hound', 'nobody', 'both'],
      },
    ],
    first: {
      id: 'longbook_choice_eng-3',
      choices: ['the fox', 'the hound', 'nobody', 'both'],
      answer: ['the fox'],
    },
  },
  qmsum: {
    records: [
      {
        id: 'qm-1',
        pid: 'qm-1_0',
        input: 'Summarize the discussion about the remote.\n\nA: The remote should be yellow.',
        output: 'They chose a yellow remote.',
      },
    ],
    first: { id: 'qm-1', answer: 'They chose a yellow remote.' },
  },
  summscreenfd: {
    records: [{ id: 'fd-1', pid: 'fd-1_0', input: 'JOEY: How you doin?', output: 'Joey flirts.' }],
    first: { id: 'fd-1', context: 'JOEY: How you doin?', answer: 'Joey flirts.' },
  },
  qasper: {
    records: [
      { id: 'qa-1', pid: 'qa-1_0', input: 'What dataset is used?\n\nWe evaluate on SQuAD.', output: 'SQuAD' },
    ],
    first: {
      id: 'qa-1',
      question: 'What dataset is used?',
      context: 'We evaluate on SQuAD.',
      answer: 'SQuAD',
    },
  },
  'contract-nli': {
    records: [
      {
        id: 'nli-1',
        pid: 'nli-1_0',
        input:
          'The receiving party may share information with employees.\n\nThe Recipient may disclose to its employees.',
        output: 'Entailment',
      },
    ],
    first: { id: 'nli-1', answer: 'Entailment' },
  },
  swebench: {
    records: [
      {
        repo: 'astropy/astropy',
        instance_id: 'astropy__astropy-12907',
        base_commit: 'd16bfe0',
        patch: 'diff --git a/x b/x',
        test_patch: '',
        problem_statement: 'Separability is wrong for nested models.',
        hints_text: '',
        created_at: '2022',
        version: '4.3',
        FAIL_TO_PASS: '[]',
        PASS_TO_PASS: '[]',
      },
    ],
    first: {
      id: 'astropy__astropy-12907',
      context: 'Separability is wrong for nested models.',
      answer: 'diff --git a/x b/x',
    },
  },
  'swebench-verified': {
    records: [
      {
        repo: 'django/django',
        instance_id: 'django__django-1',
        base_commit: 'abc',
        patch: 'diff',
        problem_statement: 'Bug.',
        hints_text: 'Look at forms.',
      },
    ],
    first: { id: 'django__django-1', context: 'Bug.\n\nHints:\nLook at forms.' },
  },
  'swebench-lite': {
    records: [
      {
        repo: 'psf/requests',
        instance_id: 'psf__requests-2',
        base_commit: 'def',
        patch: 'diff',
        problem_statement: 'Crash.',
        hints_text: null,
      },
    ],
    first: { id: 'psf__requests-2', context: 'Crash.' },
  },
  apigen: {
    records: [
      {
        id: 1,
        query: 'Weather in Oslo?',
        answers: '[{"name": "get_weather", "arguments": {"city": "Oslo"}}]',
        tools: '[{"name": "get_weather"}]',
      },
    ],
    first: {
      id: '1',
      question: 'Weather in Oslo?',
      answer: '[{"name": "get_weather", "arguments": {"city": "Oslo"}}]',
    },
  },
  'natural-questions': {
    records: [
      {
        id: '797803103760793766',
        document: {
          title: 'Tennis',
          url: '',
          html: '',
          tokens: {
            token: ['<P>', 'Roger', 'Federer', 'won', '20', 'titles', '</P>'],
            is_html: [true, false, false, false, false, false, true],
            start_byte: [],
            end_byte: [],
          },
        },
        question: { text: 'how many titles did federer win', tokens: [] },
        long_answer_candidates: {},
        annotations: {
          id: ['1'],
          long_answer: [],
          short_answers: [{ start_token: [4], end_token: [5], start_byte: [], end_byte: [], text: ['20'] }],
          yes_no_answer: [-1],
        },
      },
      {
        id: '2',
        document: { title: 'T', tokens: { token: ['x'], is_html: [false] } },
        question: { text: 'q' },
        annotations: { short_answers: [{ text: [] }] },
      },
    ],
    first: { id: '797803103760793766', context: 'Roger Federer won 20 titles', answer: ['20'] },
    count: 1,
  },
  scifact: {
    records: [
      {
        id: 13,
        claim: '5% of perinatal mortality is due to low birth weight.',
        evidence_doc_id: '',
        evidence_label: '',
        evidence_sentences: [],
        cited_doc_ids: [1],
      },
      {
        id: 14,
        claim: 'Aspirin reduces fever.',
        evidence_doc_id: '9',
        evidence_label: 'SUPPORT',
        evidence_sentences: [1],
        cited_doc_ids: [9],
      },
    ],
    first: { id: '13-0', answer: 'NOT ENOUGH INFO' },
  },
  longmemeval: {
    records: [
      {
        question_id: 'e47becba',
        question_type: 'single-session-user',
        question: 'What degree did I graduate with?',
        answer: 'Business Administration',
        question_date: '2023/05/30',
        haystack_dates: ['2023/05/20'],
        haystack_session_ids: ['s1'],
        haystack_sessions: [
          [
            {
              role: 'user',
              content: 'I graduated with a degree in Business Administration.',
              has_answer: true,
            },
            { role: 'assistant', content: 'Congratulations!' },
          ],
        ],
        answer_session_ids: ['s1'],
      },
    ],
    first: {
      id: 'e47becba',
      context:
        'Session 1 (2023/05/20):\nuser: I graduated with a degree in Business Administration.\nassistant: Congratulations!',
      questionType: 'single-session-user',
    },
  },
};
