import { createHash } from 'node:crypto';
import type { Example } from '../types.js';
import type { DatasetDefinition } from './define-dataset.js';
import { readLocomo, readNolima } from './published-layouts.js';
import { object, optionalText, text, texts } from './record-fields.js';

/**
 * The haystack with the needle inserted at a sentence boundary whose position comes from SHA-256 of the seed:
 * the same example puts its needle at the same depth on every run and machine (the reference uses a
 * per-process hash, so positions moved between runs).
 */
export function insertNeedle(
  haystack: string,
  needle: string,
  seed: string,
): { context: string; depth: number } {
  const boundaries = [
    0,
    ...[...haystack.matchAll(/[.!?]\s+/g)].map((match) => (match.index ?? 0) + match[0].length),
    haystack.length,
  ];
  const fraction = createHash('sha256').update(seed).digest().readUInt32LE(0) / 2 ** 32;
  const at = boundaries[Math.floor(fraction * boundaries.length)] ?? 0;
  const before = haystack.slice(0, at);
  const after = haystack.slice(at);
  const separator = before === '' || /\s$/.test(before) ? '' : ' ';
  return {
    context: `${before}${separator}${needle} ${after}`.trim(),
    depth: haystack.length === 0 ? 0 : at / haystack.length,
  };
}

/** A LoCoMo turn as a line; a shared image is described by its published caption (answers may rest on it). */
function locomoTurn(turn: Record<string, unknown>): string {
  const caption = optionalText(turn, 'blip_caption');
  return `${text(turn, 'speaker')}: ${text(turn, 'text')}${caption ? ` [shares ${caption}]` : ''}`;
}

/** Replaces `{1}`, `{2}` ... with a NoLiMa test's input arguments. */
function fillArguments(template: string, args: readonly string[]): string {
  return template.replace(/\{(\d+)\}/g, (whole, number: string) => args[Number(number) - 1] ?? whole);
}

/** A seeded pick from a list: SHA-256 of the seed, so the same example gets the same item everywhere. */
function seededPick<T>(items: readonly T[], seed: string): T | undefined {
  return items[createHash('sha256').update(seed).digest().readUInt32LE(0) % items.length];
}

/**
 * One NoLiMa needle-set entry (plus the books `readNolima` attached) to an example per question type, test
 * and book: `{CHAR}` is a character picked by seed, `{1}`... the test's input arguments, and the gold answer
 * the character (or the test's `gold_answers` when the needle names none).
 */
function nolimaExamples(record: Record<string, unknown>): Example[] {
  const entryId = text(record, 'id');
  const questions = object(record, 'questions');
  const tests = object(record, 'tests');
  const characters = Array.isArray(record.character_set) ? texts(record.character_set, 'character_set') : [];
  const haystacks = Array.isArray(record.haystacks) ? (record.haystacks as Record<string, unknown>[]) : [];
  const template = optionalText(record, 'task_template') ?? '';
  const instruction = [
    optionalText(record, 'system_prompt') ?? '',
    template.includes('{question}') ? template.slice(template.indexOf('{question}') + 10).trim() : '',
  ]
    .filter((part) => part !== '')
    .join('\n');
  const examples: Example[] = [];
  for (const [questionType, questionTemplate] of Object.entries(questions)) {
    if (typeof questionTemplate !== 'string') throw new Error(`questions.${questionType}: not a string`);
    for (const testId of Object.keys(tests)) {
      const testRecord = object(tests, testId);
      const args = texts(testRecord.input_args, `tests.${testId}.input_args`);
      for (const haystack of haystacks) {
        const id = `${entryId}_${testId}_${questionType}_${text(haystack, 'name')}`;
        const character = seededPick(characters, `nolima-character-${id}`);
        const needleTemplate = text(record, 'needle');
        if (needleTemplate.includes('{CHAR}') && character === undefined)
          throw new Error('character_set: missing or empty while the needle names {CHAR}');
        const fill = (value: string) => fillArguments(value.replaceAll('{CHAR}', character ?? ''), args);
        const answer = needleTemplate.includes('{CHAR}')
          ? (character ?? '')
          : texts(testRecord.gold_answers, `tests.${testId}.gold_answers`);
        const placed = insertNeedle(text(haystack, 'text'), fill(needleTemplate), `nolima-${id}`);
        examples.push({
          id,
          context: placed.context,
          question: fill(questionTemplate),
          answer,
          ...(instruction === '' ? {} : { instruction }),
          needleDepth: placed.depth,
          questionType,
        });
      }
    }
  }
  return examples;
}

// LoCoMo's question categories, by number.
const LOCOMO_CATEGORIES: Record<number, string> = {
  1: 'multi-hop',
  2: 'temporal',
  3: 'open-domain',
  4: 'single-hop',
  5: 'adversarial',
};

/** Needle and conversational-memory sets. */
export const memoryDatasets: DatasetDefinition[] = [
  {
    name: 'nolima',
    description:
      'needles with little lexical overlap to their question, placed at a seeded depth in ~8K-token book haystacks',
    task: 'long-context',
    hubId: 'amodaresi/NoLiMa',
    defaultConfig: 'needle_set',
    configs: ['needle_set', 'needle_set_hard', 'needle_set_ONLYDirect'],
    split: 'test',
    size: 'tests x questions x 5 books',
    evaluators: ['answer_quality'],
    scoreField: 'contains',
    published: {
      source: 'https://huggingface.co/datasets/amodaresi/NoLiMa (needlesets/ and haystack/rand_shuffle/)',
      read: readNolima,
    },
    toExample: nolimaExamples,
  },
  {
    name: 'locomo',
    description:
      'very long multi-session conversations with questions by category (one example per question)',
    task: 'memory',
    hubId: 'snap-research/locomo',
    published: {
      source: 'https://github.com/snap-research/locomo (data/locomo10.json)',
      read: readLocomo,
    },
    defaultConfig: 'default',
    split: 'train',
    size: '1.9k questions',
    evaluators: ['answer_quality'],
    scoreField: 'f1',
    toExample(record) {
      const sampleId = text(record, 'sample_id');
      const conversation = object(record, 'conversation');
      const sessions = Object.keys(conversation)
        .filter((key) => /^session_\d+$/.test(key))
        .sort((a, b) => Number(a.slice(8)) - Number(b.slice(8)));
      const context = sessions
        .map((key) => {
          const turns = Array.isArray(conversation[key])
            ? (conversation[key] as Record<string, unknown>[])
            : [];
          const when = optionalText(conversation, `${key}_date_time`);
          return `${key.replace('_', ' ')}${when ? ` (${when})` : ''}:\n${turns.map(locomoTurn).join('\n')}`;
        })
        .join('\n\n');
      const questions = Array.isArray(record.qa) ? (record.qa as Record<string, unknown>[]) : [];
      const examples: Example[] = [];
      questions.forEach((qa, index) => {
        // Adversarial questions (category 5) publish only an `adversarial_answer`, nothing to score overlap
        // against: left out rather than scored 1, even where a copy of the file adds an `answer`.
        const answer = optionalText(qa, 'answer');
        if (answer === undefined || qa.category === 5) return;
        const category = typeof qa.category === 'number' ? LOCOMO_CATEGORIES[qa.category] : undefined;
        examples.push({
          id: `${sampleId}-${index}`,
          context,
          question: text(qa, 'question'),
          answer,
          ...(category ? { questionType: category } : {}),
        });
      });
      return examples;
    },
  },
];
