// Tiny records in each dataset's published schema (same column names and nesting), written by us.
import type { Example } from '../../../src/evaluate/index.js';

/** One dataset's fixture: records, the config to select (if any), and what the first example must map to. */
export interface DatasetFixture {
  config?: string;
  records: Record<string, unknown>[];
  first: Partial<Example>;
  /** How many examples the records give (some loaders leave records out). */
  count?: number;
}

export const FIXTURES: Record<string, DatasetFixture> = {
  hotpotqa: {
    records: [
      {
        id: '5a8b57f25542995d1e6f1371',
        question: 'Which city hosts the bridge named after Golden Gate?',
        answer: 'San Francisco',
        type: 'bridge',
        level: 'hard',
        supporting_facts: { title: ['Golden Gate Bridge'], sent_id: [0] },
        context: {
          title: ['Golden Gate Bridge', 'Oakland'],
          sentences: [['The Golden Gate Bridge ', 'is in San Francisco.'], ['Oakland is across the bay.']],
        },
      },
      {
        id: 'b',
        question: 'q',
        answer: 'a',
        type: 'comparison',
        level: 'easy',
        supporting_facts: { title: [], sent_id: [] },
        context: { title: ['T'], sentences: [['s']] },
      },
    ],
    first: {
      id: '5a8b57f25542995d1e6f1371',
      context:
        'Golden Gate Bridge: The Golden Gate Bridge is in San Francisco.\n\nOakland: Oakland is across the bay.',
      answer: 'San Francisco',
    },
  },
  triviaqa: {
    records: [
      {
        question_id: 'tc_1',
        question: 'Who wrote Hamlet?',
        answer: {
          value: 'William Shakespeare',
          aliases: ['Shakespeare', 'The Bard'],
          normalized_value: 'william shakespeare',
        },
        entity_pages: { title: ['Hamlet'], wiki_context: ['Hamlet is a tragedy by William Shakespeare.'] },
        search_results: { search_context: [] },
      },
      {
        question_id: 'tc_2',
        question: 'q',
        answer: { value: 'v', aliases: [] },
        entity_pages: { wiki_context: [] },
      },
    ],
    first: {
      id: 'tc_1',
      answer: ['William Shakespeare', 'Shakespeare', 'The Bard'],
      context: 'Hamlet is a tragedy by William Shakespeare.',
    },
  },
  musique: {
    records: [
      {
        id: '2hop__1',
        question: 'Where was the author of Dune born?',
        answer: 'Tacoma',
        answer_aliases: ['Tacoma, Washington'],
        answerable: true,
        paragraphs: [
          {
            idx: 0,
            title: 'Frank Herbert',
            paragraph_text: 'Frank Herbert was born in Tacoma.',
            is_supporting: true,
          },
        ],
      },
      { id: '2hop__2', question: 'q', answer: '', answer_aliases: [], answerable: false, paragraphs: [] },
      { id: '2hop__3', question: 'q3', answer: 'a3', answer_aliases: [], answerable: true, paragraphs: [] },
    ],
    first: {
      id: '2hop__1',
      context: 'Frank Herbert: Frank Herbert was born in Tacoma.',
      answer: ['Tacoma', 'Tacoma, Washington'],
    },
    count: 2,
  },
  narrativeqa: {
    records: [
      {
        document: {
          id: 'doc1',
          kind: 'gutenberg',
          url: '',
          file_size: 1,
          word_count: 5,
          start: '',
          end: '',
          summary: { text: 'A summary.', tokens: [], url: '', title: 'Book' },
          text: 'Once upon a time, Mara sailed north.',
        },
        question: { text: 'Where did Mara sail?', tokens: [] },
        answers: [
          { text: 'north', tokens: [] },
          { text: 'to the north', tokens: [] },
        ],
      },
    ],
    first: {
      id: 'doc1-0',
      context: 'Once upon a time, Mara sailed north.',
      question: 'Where did Mara sail?',
      answer: ['north', 'to the north'],
    },
  },
  drop: {
    records: [
      {
        section_id: 's1',
        query_id: 'q1',
        passage: 'The Bears scored 3 touchdowns.',
        question: 'How many touchdowns?',
        answers_spans: { spans: ['3'], types: ['number'] },
      },
    ],
    first: { id: 'q1', answer: ['3'] },
  },
  frames: {
    records: [
      {
        'Unnamed: 0': 0,
        Prompt: 'Which is older?',
        Answer: 'The bridge',
        reasoning_types: 'Temporal',
        wiki_links: '[]',
      },
    ],
    first: { id: 0, context: '', question: 'Which is older?', answer: 'The bridge' },
  },
  mmlu: {
    config: 'anatomy',
    records: [
      {
        question: 'Which bone is in the arm?',
        subject: 'anatomy',
        choices: ['femur', 'humerus', 'tibia', 'fibula'],
        answer: 1,
      },
      { question: 'q', subject: 'anatomy', choices: ['a', 'b', 'c', 'd'], answer: 3 },
    ],
    first: { id: 'anatomy-0', choices: ['femur', 'humerus', 'tibia', 'fibula'], answerIndex: 1 },
  },
  'mmlu-pro': {
    records: [
      {
        question_id: 70,
        question: '2+2?',
        options: ['3', '4', '5', '6', '7', '8', '9', '10', '11', '12'],
        answer: 'B',
        answer_index: 1,
        cot_content: '',
        category: 'math',
        src: 'x',
      },
    ],
    first: { id: '70', answerIndex: 1 },
  },
  'arc-challenge': {
    records: [
      {
        id: 'Mercury_1',
        question: 'Which is a gas?',
        choices: { text: ['ice', 'steam', 'rock', 'wood'], label: ['A', 'B', 'C', 'D'] },
        answerKey: 'B',
      },
      {
        id: 'NYSEDREGENTS_2',
        question: 'q',
        choices: { text: ['w', 'x', 'y', 'z'], label: ['1', '2', '3', '4'] },
        answerKey: '4',
      },
    ],
    first: { id: 'Mercury_1', answerIndex: 1 },
  },
  hellaswag: {
    records: [
      {
        ind: 24,
        activity_label: 'Roof shingle removal',
        ctx_a: 'A man is on a roof.',
        ctx_b: 'he',
        ctx: 'A man is on a roof. he',
        endings: ['flies', 'removes shingles', 'sings', 'sleeps'],
        source_id: 'x',
        split: 'val',
        split_type: 'indomain',
        label: '1',
      },
    ],
    first: { id: '24', context: 'A man is on a roof. he', answerIndex: 1 },
  },
  winogrande: {
    records: [
      {
        sentence: 'The trophy did not fit in the case because _ was too big.',
        option1: 'trophy',
        option2: 'case',
        answer: '1',
      },
    ],
    first: { id: 0, choices: ['trophy', 'case'], answerIndex: 0 },
  },
  truthfulqa: {
    records: [
      {
        question: 'What happens if you crack your knuckles?',
        mc1_targets: {
          choices: [
            'Nothing in particular happens',
            'You get arthritis',
            'Your fingers fall off',
            'You grow taller',
          ],
          labels: [1, 0, 0, 0],
        },
        mc2_targets: { choices: [], labels: [] },
      },
      {
        question: 'q2',
        mc1_targets: { choices: ['right', 'w1', 'w2', 'w3'], labels: [1, 0, 0, 0] },
        mc2_targets: { choices: [], labels: [] },
      },
      {
        question: 'q3',
        mc1_targets: { choices: ['right', 'w1', 'w2', 'w3'], labels: [1, 0, 0, 0] },
        mc2_targets: { choices: [], labels: [] },
      },
    ],
    first: { id: 0, question: 'What happens if you crack your knuckles?' },
  },
  gpqa: {
    records: [
      {
        'Record ID': 'rec1',
        Question: 'Which particle is a lepton?',
        'Correct Answer': 'electron',
        'Incorrect Answer 1': 'proton',
        'Incorrect Answer 2': 'neutron',
        'Incorrect Answer 3': 'pion',
      },
    ],
    first: { id: 'rec1' },
  },
  quality: {
    records: [
      {
        article: 'A long story about a lighthouse keeper.',
        question: 'Who is the main character?',
        options: ['a sailor', 'a lighthouse keeper', 'a baker', 'a king'],
        answer: 1,
        hard: true,
      },
    ],
    first: { id: 0, answerIndex: 1, hard: true },
  },
  'longbench-v2': {
    records: [
      {
        _id: 'lb2-1',
        domain: 'Single-Document QA',
        sub_domain: 'Academic',
        difficulty: 'hard',
        length: 'short',
        question: 'What is measured?',
        choice_A: 'heat',
        choice_B: 'speed',
        choice_C: 'mass',
        choice_D: 'light',
        answer: 'C',
        context: 'The study measures mass.',
      },
    ],
    first: { id: 'lb2-1', choices: ['heat', 'speed', 'mass', 'light'], answer: 'C' },
  },
  gsm8k: {
    records: [
      { question: 'Tom has 3 apples and buys 4. How many?', answer: 'He has 3 + 4 = <<3+4=7>>7.\n#### 7' },
    ],
    first: {
      id: 0,
      question: 'Tom has 3 apples and buys 4. How many?',
      answer: 'He has 3 + 4 = <<3+4=7>>7.\n#### 7',
    },
  },
  mgsm: {
    config: 'de',
    records: [
      {
        question: 'Tom hat 3 Äpfel und kauft 4. Wie viele?',
        answer: null,
        answer_number: 7,
        equation_solution: null,
      },
    ],
    first: { id: 'de-0', answer: '7' },
  },
  math: {
    config: 'geometry',
    records: [
      {
        problem: 'Find the area of a 2 by 3 rectangle.',
        level: 'Level 1',
        type: 'Geometry',
        solution: 'The area is $2 \\cdot 3 = \\boxed{6}$.',
      },
    ],
    first: { id: 'geometry-0', level: 'Level 1' },
  },
  bbh: {
    config: 'boolean_expressions',
    records: [{ input: 'not ( True ) and ( True ) is', target: 'False' }],
    first: { id: 'boolean_expressions-0', question: 'not ( True ) and ( True ) is', answer: 'False' },
  },
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
  bfcl: {
    records: [
      {
        id: 'simple_0',
        question: [[{ role: 'user', content: 'Find the area of a triangle with base 10 and height 5.' }]],
        function: [{ name: 'calculate_triangle_area', parameters: {} }],
      },
    ],
    first: { id: 'simple_0', question: 'Find the area of a triangle with base 10 and height 5.' },
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
  nolima: {
    records: [
      {
        id: 'n1',
        needle: 'Actually, Yuki lives next to the Semper Opera House.',
        question: 'Which character has been to Dresden?',
        answer: 'Yuki',
        haystack: 'The rain fell. The town slept. A dog barked twice. Morning came slowly.',
      },
      { id: 'n2', needle: 'Needle two.', question: 'q', answer: 'a', haystack: 'One. Two. Three.' },
    ],
    first: { id: 'n1', question: 'Which character has been to Dresden?', answer: 'Yuki' },
  },
  locomo: {
    records: [
      {
        sample_id: 'conv-26',
        conversation: {
          speaker_a: 'Caroline',
          speaker_b: 'Melanie',
          session_1_date_time: '1:56 pm on 8 May, 2023',
          session_1: [{ speaker: 'Caroline', dia_id: 'D1:1', text: 'I went to a support group yesterday.' }],
          session_2: [{ speaker: 'Melanie', dia_id: 'D2:1', text: 'I painted a sunrise.' }],
        },
        qa: [
          {
            question: 'When did Caroline go to the support group?',
            answer: '7 May 2023',
            evidence: ['D1:1'],
            category: 2,
          },
          { question: 'What did Melanie paint?', answer: 'a sunrise', evidence: ['D2:1'], category: 4 },
          {
            question: 'What did Caroline paint?',
            adversarial_answer: 'a sunrise',
            evidence: [],
            category: 5,
          },
        ],
      },
    ],
    first: { id: 'conv-26-0', answer: '7 May 2023', questionType: 'temporal' },
    count: 2,
  },
};
