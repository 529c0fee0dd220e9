import { afterEach, describe, expect, it } from 'vitest';
import { createLanguageModel } from '../../src/llm/index.js';
import { createDeterministicJudge } from '../../src/probes/create-deterministic-judge.js';
import { createModelJudge } from '../../src/probes/create-model-judge.js';
import { DEFAULT_RUBRIC } from '../../src/probes/default-rubric.js';
import type { JudgeInput } from '../../src/probes/judge-types.js';
import { type FakeServer, openAIReply, startFakeServer } from '../llm/fake-servers.js';

const input: JudgeInput = {
  probe: {
    id: 'recall-1',
    type: 'recall',
    question: 'What was the original error message?',
    groundTruth: {
      text: 'AssertionError: expected 1 to be 3',
      facts: ['AssertionError: expected 1 to be 3'],
      messageIds: ['m4'],
    },
    criteria: ['accuracy_factual', 'accuracy_technical', 'artifact_key_details'],
    source: 'deterministic',
  },
  answer: 'It was AssertionError: expected 1 to be 3.',
  compactedContext: '[summary] tests failed with AssertionError: expected 1 to be 3',
};
const reply = (results: object[], extra: object = {}) =>
  openAIReply(JSON.stringify({ criterionResults: results, aggregateScore: 4.8, ...extra }));
const good = [
  { criterionId: 'accuracy_factual', score: 5, reasoning: 'exact' },
  { criterionId: 'accuracy_technical', score: 4, reasoning: 'right error class' },
  { criterionId: 'artifact_key_details', score: 3, reasoning: 'no file named' },
];

let server: FakeServer;
afterEach(async () => {
  await server.close();
});

function judgeOn(target: FakeServer) {
  const model = createLanguageModel(`openai-compatible:judge@${target.baseURL}`, { retry: false });
  return createModelJudge(model, { rubric: DEFAULT_RUBRIC });
}

describe('model judge against a fake OpenAI-compatible server', () => {
  it('sends the seed’s input fields and recomputes the scores from the criterion results', async () => {
    server = await startFakeServer('openai');
    server.enqueue(reply(good));
    const verdict = await judgeOn(server).judge(input);
    expect(verdict).toMatchObject({
      dimensionScores: { accuracy: 4.5, artifact_trail: 3 },
      reportedAggregateScore: 4.8,
    });
    expect('aggregateScore' in verdict && verdict.aggregateScore).toBe(3.75);
    const body = server.requests[0]?.body as { messages: { role: string; content: string }[] };
    const user = body.messages.find((message) => message.role === 'user')?.content ?? '';
    const sent = JSON.parse(user) as Record<string, unknown>;
    expect(Object.keys(sent)).toEqual([
      'probe_question',
      'model_response',
      'compacted_context',
      'ground_truth',
      'rubric_criteria',
    ]);
    expect(sent.rubric_criteria).toHaveLength(3);
    expect(body.messages[0]?.content).toContain('Judge what the answer says, not what it could have said');
  });

  it('repairs invalid JSON once, then accepts the corrected reply', async () => {
    server = await startFakeServer('openai');
    server.enqueue(openAIReply('{"criterionResults": [ oops'), reply(good));
    const verdict = await judgeOn(server).judge(input);
    expect('error' in verdict).toBe(false);
    expect(server.requests).toHaveLength(2);
    const repair = JSON.stringify(server.requests[1]?.body);
    expect(repair).toContain('Your previous reply was rejected');
  });

  it('records out-of-range scores as an error on the row, not as zeros', async () => {
    server = await startFakeServer('openai');
    const outOfRange = good.map((result) => ({ ...result, score: 7 }));
    server.enqueue(reply(outOfRange), reply(outOfRange));
    const verdict = await judgeOn(server).judge(input);
    expect(verdict).toMatchObject({ error: { code: 'structured_output_invalid' } });
    expect('criterionResults' in verdict).toBe(false);
  });

  it('asks again when a criterion is missing, and fails the row if it stays missing', async () => {
    server = await startFakeServer('openai');
    server.enqueue(reply(good.slice(0, 2)), reply(good));
    expect('error' in (await judgeOn(server).judge(input))).toBe(false);
    expect(JSON.stringify(server.requests[1]?.body)).toContain('criterion artifact_key_details is missing');
    server.enqueue(
      reply(good.slice(0, 2)),
      reply([...good.slice(0, 2), { ...good[0], criterionId: 'made_up' }]),
    );
    const failed = await judgeOn(server).judge(input);
    expect(failed).toMatchObject({ error: { code: 'structured_output_invalid' } });
    expect('error' in failed && failed.error.message).toMatch(
      /artifact_key_details is missing|made_up was not asked for/,
    );
  });
});

describe('deterministic judge', () => {
  it('scores ground-truth coverage per criterion and labels itself as not a model', async () => {
    const judge = createDeterministicJudge({ rubric: DEFAULT_RUBRIC });
    expect(judge.kind).toBe('deterministic');
    expect(judge.id).toContain('not a model');
    const full = await judge.judge(input);
    expect('aggregateScore' in full && full.aggregateScore).toBe(5);
    const none = await judge.judge({ ...input, answer: 'I do not know.' });
    expect('aggregateScore' in none && none.aggregateScore).toBe(0);
  });
});
