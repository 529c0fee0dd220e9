// Fixtures of the QA, multiple-choice and reasoning loaders, in each dataset's published schema (see fixtures.ts).
import type { DatasetFixture } from './fixtures.js';

export const QA_AND_CHOICE_FIXTURES: Record<string, DatasetFixture> = {
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
};
