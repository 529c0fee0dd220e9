import { loadCompactor } from '../compactors/index.js';
import { ValidationError } from '../errors.js';
import { registerBuiltInDatasets } from './datasets/built-in-datasets.js';
import type { HubDownloadOptions } from './datasets/hub-download.js';
import { answerQuality } from './evaluators/answer-quality.js';
import { codeExecution } from './evaluators/code-execution.js';
import { ifeval } from './evaluators/ifeval/ifeval.js';
import { llmJudge } from './evaluators/llm-judge.js';
import { mathEquivalence } from './evaluators/math-equivalence.js';
import { multipleChoiceAccuracy } from './evaluators/multiple-choice-accuracy.js';
import { nliLabelMatch } from './evaluators/nli-label-match.js';
import { retention } from './evaluators/retention.js';
import { summarizationQuality } from './evaluators/summarization-quality.js';
import {
  compressionRatio,
  costOfPass,
  latency,
  meanScore,
  passRate,
  perDatasetBreakdown,
  tokenEfficiency,
} from './metrics/built-in-metrics.js';
import { Registry } from './registry.js';
import { formatHtml, formatJson, formatTable } from './reporters.js';
import { compactorSystem } from './systems/compactor-system.js';
import { identitySystem } from './systems/identity-system.js';
import { modelSystem, proxySystem } from './systems/model-system.js';
import { truncateSystem } from './systems/truncate-system.js';

/** `name:argument` needs its argument. */
function required(system: string, argument: string | undefined, example: string): string {
  if (argument === undefined || argument === '')
    throw new ValidationError([
      { where: `--system ${system}`, message: `needs an argument, e.g. ${example}` },
    ]);
  return argument;
}

/**
 * A registry holding every built-in dataset, system, evaluator, metric and reporter. Each call makes a new one, so
 * registrations never leak between callers.
 */
export function createEvaluationRegistry(options: { hub?: HubDownloadOptions } = {}): Registry {
  const registry = new Registry();
  registerBuiltInDatasets(registry, options.hub);
  registry
    .register('system', 'identity', () => identitySystem())
    .register('system', 'truncate', (argument) => {
      const maxTokens = Number(argument ?? '1024');
      if (!Number.isInteger(maxTokens) || maxTokens < 0)
        throw new ValidationError([
          {
            where: `--system truncate:${argument}`,
            message: 'expected a whole number of tokens, e.g. truncate:512',
          },
        ]);
      return truncateSystem({ maxTokens });
    })
    .register('system', 'model', (argument, context) =>
      modelSystem(context.createModel(required('model', argument, 'model:openai:gpt-4o-mini'))),
    )
    .register('system', 'proxy', (argument) =>
      proxySystem(required('proxy', argument, 'proxy:http://127.0.0.1:8080/v1')),
    )
    .register('system', 'compactor', async (argument, context) => {
      const compactor = await loadCompactor(
        required('compactor', argument, 'compactor:structured-state'),
        context.methodOptions ?? {},
      );
      return compactorSystem(compactor, {
        ...(context.model ? { answerModel: context.model } : {}),
        ...(compactor.needsModel && context.model ? { methodModel: context.model } : {}),
      });
    });
  registry
    .register('evaluator', 'answer_quality', () => answerQuality())
    .register('evaluator', 'summarization_quality', () => summarizationQuality())
    .register('evaluator', 'multiple_choice_accuracy', () => multipleChoiceAccuracy())
    .register('evaluator', 'math_equivalence', () => mathEquivalence())
    .register('evaluator', 'nli_label_match', () => nliLabelMatch())
    .register('evaluator', 'retention', () => retention())
    .register('evaluator', 'ifeval', () => ifeval())
    .register('evaluator', 'code_execution', ({ allowCodeExecution }) =>
      codeExecution({ allowExecution: allowCodeExecution === true }),
    )
    .register('evaluator', 'llm_judge', ({ judge }) => {
      if (!judge)
        throw new ValidationError([
          { where: 'evaluator llm_judge', message: 'needs a judge model: pass --judge <model spec>' },
        ]);
      return llmJudge(judge);
    });
  registry
    .register('metric', 'mean_score', ({ scoreField }) => meanScore({ scoreField }))
    .register('metric', 'pass_rate', (options) => passRate(options))
    .register('metric', 'compression_ratio', () => compressionRatio())
    .register('metric', 'cost_of_pass', (options) => costOfPass(options))
    .register('metric', 'latency', () => latency())
    .register('metric', 'per_dataset', ({ scoreField }) => perDatasetBreakdown({ scoreField }))
    .register('metric', 'token_efficiency', ({ scoreField }) => tokenEfficiency({ scoreField }));
  registry
    .register('reporter', 'table', formatTable)
    .register('reporter', 'json', formatJson)
    .register('reporter', 'jsonl', (result) => result.toJSONL())
    .register('reporter', 'csv', (result) => result.toCSV())
    .register('reporter', 'html', formatHtml);
  return registry;
}
