import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  answerQuality,
  evaluateMemory,
  type MemoryItem,
  type MemorySystem,
} from '../../src/evaluate/index.js';
import { openStore } from '../../src/store/index.js';

/** Keeps declarations and user turns; answers with the stored line sharing most words with the question. */
function keywordMemory(): MemorySystem & { resets: number; ingested: number } {
  let lines: string[] = [];
  const memory = {
    name: 'keyword-memory',
    config: { version: 1 },
    resets: 0,
    ingested: 0,
    reset() {
      memory.resets += 1;
      lines = [];
    },
    ingest(items: readonly MemoryItem[]) {
      for (const item of items) {
        if (item.kind === 'declaration') lines.push(item.statement);
        else if (item.kind === undefined || item.kind === 'turn') lines.push(item.content);
        else if (item.kind === 'document') lines.push(item.text);
        memory.ingested += 1;
      }
    },
    async query(question: string) {
      const words = new Set(question.toLowerCase().match(/\w+/g) ?? []);
      const scored = lines.map((line) => ({
        line,
        hits: (line.toLowerCase().match(/\w+/g) ?? []).filter((word) => words.has(word)).length,
      }));
      const best = scored.sort((a, b) => b.hits - a.hits)[0]?.line ?? '';
      const answer = best.split(' is ').pop()?.replace(/\.$/, '') ?? '';
      if (question.includes('explode')) throw new Error('query failed');
      return { response: answer, context: best };
    },
  };
  return memory;
}

const conversations = [
  {
    id: 'c1',
    items: [
      { role: 'user', content: 'My favourite colour is teal.' },
      { role: 'assistant', content: 'Noted.' },
      { kind: 'declaration', statement: 'The project codename is Falcon.' },
      { kind: 'document', text: 'Appendix: the office dog is Biscuit.' },
    ] as MemoryItem[],
    questions: [
      { question: 'What is my favourite colour?', answer: 'teal', type: 'single-hop' },
      { question: 'What is the project codename?', answer: 'Falcon', type: 'knowledge-update' },
      { question: 'Will this explode?', answer: 'no', type: 'adversarial' },
    ],
  },
  {
    id: 'c2',
    items: [{ role: 'user', content: 'My city is Lisbon.' }] as MemoryItem[],
    questions: [{ question: 'Which city is mine?', answer: 'Lisbon', type: 'single-hop' }],
  },
];

describe('evaluateMemory', () => {
  it('resets, ingests and queries per conversation, with latencies and per-type breakdowns', async () => {
    const memory = keywordMemory();
    const result = await evaluateMemory({
      systems: [memory],
      dataset: conversations,
      evaluators: [answerQuality()],
    });
    expect(memory.resets).toBe(2);
    expect(memory.ingested).toBe(5);
    expect(result.rows.map((row) => [row.exampleId, row.scores.exact_match, row.error?.message])).toEqual([
      ['c1/0', 1, undefined],
      ['c1/1', 1, undefined],
      ['c1/2', undefined, 'query failed'],
      ['c2/0', 1, undefined],
    ]);
    const summary = result.summary['keyword-memory'] ?? {};
    expect(summary).toMatchObject({
      examples: 4,
      failed: 1,
      'mean_f1@type:single-hop': 1,
      'mean_f1@type:knowledge-update': 1,
    });
    expect(summary.ingest_latency_mean).toBeGreaterThanOrEqual(0);
    expect(summary.query_latency_p95).toBeGreaterThanOrEqual(0);
    // The memory answered from one retrieved line, far less than the whole history.
    expect(summary.compression_ratio).toBeGreaterThan(1);
  });

  it('resumes from the store conversation by conversation', async () => {
    const store = openStore({ path: join(mkdtempSync(join(tmpdir(), 'compactkit-memory-')), 'memory.db') });
    const first = keywordMemory();
    await evaluateMemory({ systems: [first], dataset: conversations, evaluators: [answerQuality()], store });
    const second = keywordMemory();
    const again = await evaluateMemory({
      systems: [second],
      dataset: conversations,
      evaluators: [answerQuality()],
      store,
    });
    // c2 finished completely and is reused; c1 had a failed question, so it runs again.
    expect(second.resets).toBe(1);
    expect(again.rows).toHaveLength(4);
    store.close();
  });
});
