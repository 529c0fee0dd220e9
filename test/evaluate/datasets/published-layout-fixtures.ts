// Fixtures of the sets read from their own published layout (see fixtures.ts): written by us, in the same
// file names, nesting and field names as the real releases (NoLiMa's needle sets and books, BFCL's JSON Lines
// under .json with possible_answer/, LoCoMo's locomo10.json).
import type { DatasetFixture } from './fixtures.js';

const lines = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join('\n');

/** NoLiMa needle-set entries: a `{CHAR}` needle with two question types and two tests, and a fixed one. */
export const NOLIMA_NEEDLE_SET = [
  {
    id: '0101',
    reasoning_type: 'world_knowledge',
    system_prompt: 'You answer questions about a book snippet.',
    task_template: 'Book snippet:\n\n{haystack}\n\nQuestion: {question}\n\nAnswer with the name only.',
    needle: 'In the spring, {CHAR} moved into a flat overlooking {1}.',
    questions: { onehop: 'Which character has lived in {2}?', twohop: 'Which character has lived in {3}?' },
    character_set: ['Ilse', 'Tomasz', 'Renata'],
    tests: {
      T01: { input_args: ['the Charles Bridge', 'Prague', 'Bohemia'] },
      T02: { input_args: ['the Atomium', 'Brussels', 'Belgium'] },
    },
  },
  {
    id: '0102',
    reasoning_type: 'commonsense',
    system_prompt: '',
    needle: 'The keeper painted the lantern room {1}.',
    questions: { direct: 'What colour is the top of the tower that guides ships?' },
    tests: { T01: { input_args: ['teal'], gold_answers: ['teal'] } },
  },
];

const book = (title: string) =>
  Array.from({ length: 40 }, (_, line) => `${title} line ${line}. The wind moved over the fields.`).join(
    '\n',
  );

export const PUBLISHED_LAYOUT_FIXTURES: Record<string, DatasetFixture> = {
  nolima: {
    files: {
      'needlesets/needle_set.json': JSON.stringify(NOLIMA_NEEDLE_SET, null, 2),
      'needlesets/needle_set_hard.json': JSON.stringify([NOLIMA_NEEDLE_SET[1]]),
      'haystack/rand_shuffle/rand_book_1.txt': book('First'),
      'haystack/rand_shuffle/rand_book_2.txt': book('Second'),
      'haystack/books/unshuffled.txt': book('Unshuffled'),
      'haystack/LICENSES.md': 'Our fixture books.',
    },
    // 0101: 2 question types x 2 tests x 2 books; 0102: 1 x 1 x 2.
    count: 10,
    first: {
      id: '0101_T01_onehop_rand_book_1',
      question: 'Which character has lived in Prague?',
      instruction: 'You answer questions about a book snippet.\nAnswer with the name only.',
      questionType: 'onehop',
    },
  },
  bfcl: {
    files: {
      'BFCL_v3_simple.json': lines([
        {
          id: 'simple_0',
          question: [[{ role: 'user', content: 'What is the volume of a cube with edge 3 cm?' }]],
          function: [
            {
              name: 'geometry.cube_volume',
              description: 'Volume of a cube.',
              parameters: {
                type: 'dict',
                properties: { edge: { type: 'integer', description: 'Edge length.' } },
                required: ['edge'],
              },
            },
          ],
        },
        {
          id: 'simple_1',
          question: [
            [
              { role: 'system', content: 'You are a unit-aware assistant.' },
              { role: 'user', content: 'Convert 5 miles to km.' },
            ],
          ],
          function: [{ name: 'convert_units', parameters: { type: 'dict', properties: {} } }],
        },
      ]),
      'possible_answer/BFCL_v3_simple.json': lines([
        { id: 'simple_0', ground_truth: [{ 'geometry.cube_volume': { edge: [3], unit: ['cm', ''] } }] },
        { id: 'simple_1', ground_truth: [{ convert_units: { value: [5], from: ['miles'], to: ['km'] } }] },
      ]),
      'BFCL_v2_simple.json': lines([
        { id: 'simple_old', question: [[{ role: 'user', content: 'old' }]], function: [] },
      ]),
      'BFCL_v3_irrelevance.json': lines([
        {
          id: 'irrelevance_0',
          question: [[{ role: 'user', content: 'Tell me a joke about owls.' }]],
          function: [{ name: 'get_stock_price', parameters: { type: 'dict', properties: {} } }],
        },
      ]),
    },
    count: 2,
    first: {
      id: 'simple_0',
      question: 'What is the volume of a cube with edge 3 cm?',
      answer:
        'Accepted calls (each argument lists its accepted values): [{"geometry.cube_volume":{"edge":[3],"unit":["cm",""]}}]',
    },
  },
  locomo: {
    files: {
      'data/locomo10.json': JSON.stringify(
        [
          {
            qa: [
              {
                question: 'When did Ana start the choir?',
                answer: '3 March 2023',
                evidence: ['D1:1'],
                category: 2,
              },
              {
                question: 'In which year did Ben buy the boat?',
                answer: 2021,
                evidence: ['D2:2'],
                category: 2,
              },
              { question: 'What does Ben grow?', answer: 'tomatoes', evidence: ['D2:1'], category: 4 },
              {
                question: 'What did Ana grow?',
                evidence: ['D2:1'],
                category: 5,
                adversarial_answer: 'tomatoes',
              },
              {
                question: 'What did Ana paint?',
                answer: 'Not mentioned in the conversation',
                evidence: [],
                category: 5,
                adversarial_answer: 'a boat',
              },
            ],
            conversation: {
              speaker_a: 'Ana',
              speaker_b: 'Ben',
              session_1_date_time: '9:10 am on 4 March, 2023',
              session_1: [{ speaker: 'Ana', dia_id: 'D1:1', text: 'I started a choir yesterday!' }],
              session_2_date_time: '6:02 pm on 20 April, 2023',
              session_2: [
                {
                  speaker: 'Ben',
                  img_url: ['https://example.invalid/garden.jpg'],
                  blip_caption: 'a photo of tomato plants in a garden',
                  query: 'tomato garden',
                  dia_id: 'D2:1',
                  text: 'Look what I have been growing.',
                },
                { speaker: 'Ben', dia_id: 'D2:2', text: 'The boat I bought in 2021 needs paint.' },
              ],
            },
            event_summary: {
              events_session_1: { Ana: ['Ana starts a choir.'], Ben: [], date: '4 March, 2023' },
            },
            observation: { session_1_observation: { Ana: [['Ana started a choir.', 'D1:1']] } },
            session_summary: { session_1_summary: 'Ana tells Ben about her new choir.' },
            sample_id: 'conv-1',
          },
        ],
        null,
        2,
      ),
      'data/notes.json': '{"not": "a locomo file"}',
    },
    count: 3,
    first: { id: 'conv-1-0', answer: '3 March 2023', questionType: 'temporal' },
  },
};
