import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../src/llm/index.js';
import type { Message } from '../../src/messages/types.js';
import { createModelProbeExtractor } from '../../src/probes/index.js';
import { type FakeServer, openAIReply, startFakeServer } from '../llm/fake-servers.js';

let server: FakeServer;
afterEach(async () => {
  await server.close();
});

const history: Message[] = [
  { id: 'u1', role: 'user', content: 'the deploy fails with ECONNREFUSED 10.0.0.7:5432' },
  {
    id: 'a1',
    role: 'assistant',
    content: 'We decided to raise the pool size to 20 because of the burst traffic.',
  },
];

describe('model-assisted probe extraction', () => {
  it('keeps only probes whose facts occur in the session, and maps message numbers to ids', async () => {
    server = await startFakeServer('openai');
    server.enqueue(
      openAIReply(
        JSON.stringify({
          probes: [
            {
              type: 'recall',
              question: 'What error did the deploy show?',
              answer: 'ECONNREFUSED 10.0.0.7:5432',
              facts: ['ECONNREFUSED 10.0.0.7:5432'],
              messages: [0],
            },
            {
              type: 'decision',
              question: 'What pool size did we pick?',
              answer: '50',
              facts: ['pool size to 50'],
              messages: [1],
            },
          ],
        }),
      ),
    );
    const extract = createModelProbeExtractor(
      createLanguageModel(`openai-compatible:w@${server.baseURL}`, { retry: false }),
    );
    const probes = await extract(history);
    expect(probes).toEqual([
      {
        id: 'recall-m1',
        type: 'recall',
        question: 'What error did the deploy show?',
        groundTruth: {
          text: 'ECONNREFUSED 10.0.0.7:5432',
          facts: ['ECONNREFUSED 10.0.0.7:5432'],
          messageIds: ['u1'],
        },
        criteria: expect.arrayContaining(['accuracy_factual']),
        source: 'model',
      },
    ]);
    const sent = JSON.stringify(server.requests[0]?.body);
    expect(sent).toContain('#0');
    expect(sent).toContain('ECONNREFUSED');
  });
});
