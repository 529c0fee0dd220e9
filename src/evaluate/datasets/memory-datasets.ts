import { createHash } from 'node:crypto';
import type { Example } from '../types.js';
import type { DatasetDefinition } from './define-dataset.js';
import { object, optionalText, text } from './record-fields.js';

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
      'needles with little lexical overlap to their question, placed at a seeded depth in a haystack',
    task: 'long-context',
    hubId: 'amodaresi/NoLiMa',
    defaultConfig: 'default',
    split: 'test',
    size: '7.5k',
    evaluators: ['answer_quality'],
    scoreField: 'contains',
    toExample(record, { index }) {
      const id = optionalText(record, 'id') ?? String(index);
      const placed = insertNeedle(text(record, 'haystack'), text(record, 'needle'), `nolima-${id}`);
      return {
        id,
        context: placed.context,
        question: text(record, 'question'),
        answer: text(record, 'answer'),
        needleDepth: placed.depth,
      };
    },
  },
  {
    name: 'locomo',
    description:
      'very long multi-session conversations with questions by category (one example per question)',
    task: 'memory',
    hubId: 'snap-research/locomo',
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
          return `${key.replace('_', ' ')}${when ? ` (${when})` : ''}:\n${turns.map((turn) => `${text(turn, 'speaker')}: ${text(turn, 'text')}`).join('\n')}`;
        })
        .join('\n\n');
      const questions = Array.isArray(record.qa) ? (record.qa as Record<string, unknown>[]) : [];
      const examples: Example[] = [];
      questions.forEach((qa, index) => {
        // Adversarial questions have no answer to score overlap against: left out rather than scored 1.
        const answer = optionalText(qa, 'answer');
        if (answer === undefined) return;
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
