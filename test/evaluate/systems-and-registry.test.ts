import { describe, expect, it } from 'vitest';
import { findMethod, instantiateMethod } from '../../src/compactors/index.js';
import {
  answerQuality,
  buildAnswerRequest,
  compactorSystem,
  createEvaluationRegistry,
  evaluate,
  llmJudge,
  modelSystem,
  multipleChoiceAccuracy,
} from '../../src/evaluate/index.js';
import { createMockLanguageModel } from '../../src/llm/index.js';

describe('model systems', () => {
  it('shows multiple-choice options with letters and asks for a letter', () => {
    const request = buildAnswerRequest(
      { id: 1, context: 'ctx', question: 'Which?', choices: ['red', 'blue', 'green'] },
      'ctx',
    );
    expect(request.messages[0]?.content).toContain('Options:\nA. red\nB. blue\nC. green');
    expect(request.messages[0]?.content).toContain('Reply with the letter of the correct option only.');
  });

  it('model:<spec> answers from the full context and reports usage and cost', async () => {
    const model = createMockLanguageModel({
      reply: { text: ' B ', usage: { inputTokens: 50, outputTokens: 1 }, costUsd: 0.002 },
    });
    const result = await evaluate({
      systems: [modelSystem(model)],
      dataset: [
        {
          id: 'x',
          context: 'The door is blue.',
          question: 'Colour?',
          choices: ['red', 'blue'],
          answer: 'blue',
        },
      ],
      evaluators: [multipleChoiceAccuracy()],
    });
    expect(result.rows[0]?.scores).toEqual({ mc_accuracy: 1 });
    expect(result.rows[0]?.metadata).toMatchObject({ inputTokens: 50, outputTokens: 1, costUsd: 0.002 });
    expect(result.summary['model:mock:model']?.compression_ratio).toBe(1);
    expect(model.calls[0]?.messages[0]?.content).toContain('The door is blue.');
  });

  it('compactor:<method> compacts, then the answering model sees only the compacted text', async () => {
    const definition = findMethod('truncate-last-n');
    if (!definition) throw new Error('truncate-last-n is a built-in method');
    const compactor = instantiateMethod(definition, { keepTurns: 1 });
    const model = createMockLanguageModel({ reply: 'Osaka' });
    const context = 'Old note: the office is in Kyoto.\n\nNew note: the office moved to Osaka.';
    const result = await evaluate({
      systems: [compactorSystem(compactor, { answerModel: model })],
      dataset: [{ id: 1, context, question: 'Where is the office?', answer: 'Osaka' }],
      evaluators: [answerQuality()],
    });
    const prompt = model.calls[0]?.messages[0]?.content ?? '';
    expect(prompt).toContain('Osaka');
    expect(prompt).not.toContain('Kyoto');
    expect(result.rows[0]?.scores.exact_match).toBe(1);
    expect(result.rows[0]?.contextTokens.processed).toBeLessThan(result.rows[0]?.contextTokens.original ?? 0);
    expect(result.config.systems).toEqual([
      {
        name: 'compactor:truncate-last-n',
        config: expect.objectContaining({ method: 'truncate-last-n', model: 'mock:model' }),
      },
    ]);
  });
});

describe('llmJudge', () => {
  it('asks for a 1-5 rubric score as structured output and maps it to 0..1', async () => {
    const judge = createMockLanguageModel({ reply: '{"score": 4, "reason": "minor omission"}' });
    const scores = await llmJudge(judge).score(
      { id: 1, context: 'c', question: 'Q?', answer: 'gold' },
      { response: 'almost gold' },
    );
    expect(scores).toEqual({ judge_score: 4, judge: 0.75 });
    expect(judge.calls[0]?.schema).toBeDefined();
    expect(judge.calls[0]?.messages[0]?.content).toContain('Reference answer(s):\n- gold');
  });

  it('an out-of-range verdict fails the row, not the run', async () => {
    const judge = createMockLanguageModel({ reply: '{"score": 9, "reason": "?"}' });
    const result = await evaluate({
      systems: [{ name: 's', process: async () => ({ response: 'r' }) }],
      dataset: [{ id: 1, context: 'c', answer: 'a' }],
      evaluators: [llmJudge(judge)],
    });
    expect(result.rows[0]?.error?.message).toMatch(/^llm_judge: /);
    expect(result.summary.s?.failed).toBe(1);
  });
});

describe('registry', () => {
  it('lists every built-in by kind and makes user registrations resolvable', async () => {
    const registry = createEvaluationRegistry();
    expect(registry.list('system')).toEqual(['compactor', 'identity', 'model', 'proxy', 'truncate']);
    expect(registry.list('evaluator')).toContain('answer_quality');
    expect(registry.list('reporter')).toEqual(['csv', 'html', 'json', 'jsonl', 'table']);
    registry.register('system', 'shout', () => ({
      name: 'shout',
      process: async (example) => ({ response: example.context.toUpperCase() }),
    }));
    const system = await registry.get('system', 'shout')(undefined, {
      createModel: () => createMockLanguageModel({ reply: '' }),
    });
    expect((await system.process({ id: 1, context: 'hi' }, {})).response).toBe('HI');
    expect(() => registry.get('metric', 'nope')).toThrow(
      'metric "nope": unknown metric; known: compression_ratio',
    );
    expect(() => registry.register('dataset', 'a:b', {} as never)).toThrow('not a valid name');
    // A fresh registry does not see another's registrations.
    expect(createEvaluationRegistry().has('system', 'shout')).toBe(false);
  });
});
