import { z } from 'zod';
import { ownKeyRecord } from '../../validation/own-key-record.js';

/*
 * CompactBench's template-v1 format (template-v1.schema.json), exactly as strict: the same required fields,
 * patterns, enums and minimums, and no unknown keys anywhere (the schema's additionalProperties: false), plus
 * compactkit's extensions (docs/templates.md), each an optional field of the object it belongs to. The one
 * loosened rule: a variable may give `choices` instead of a `generator`. Names are the YAML names.
 */

/** template-v1's `identifier` shape: a letter or `_`, then letters, digits or `_`. */
const IDENTIFIER_PATTERN = /^[a-zA-Z_]\w*$/;
/** template-v1's template key: like an identifier, but `-` is allowed after the first character. */
const TEMPLATE_KEY_PATTERN = /^[a-zA-Z_][\w-]*$/;
/** template-v1's version: three dot-separated numbers, `1.0.0`. */
const VERSION_PATTERN = /^\d+\.\d+\.\d+$/;

function matching(pattern: RegExp, explanation: string) {
  return z.string().regex(pattern, {
    error: (issue) => `expected ${explanation} (pattern ${pattern.source}), got ${quoteShort(issue.input)}`,
  });
}

/** Quotes what was found, cut short: a whole paragraph pasted into a key would drown the message. */
function quoteShort(input: unknown): string {
  const text = String(input);
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
}

const nonEmptyString = z.string().min(1, { error: 'must not be empty' });

/** The difficulty levels a policy may name. */
export const DIFFICULTIES = ['easy', 'medium', 'hard', 'elite'] as const;

function difficultyMap<Value extends z.ZodType>(value: Value) {
  return z.strictObject({
    easy: value.optional(),
    medium: value.optional(),
    hard: value.optional(),
    elite: value.optional(),
  });
}

const difficultyPolicySchema = z.strictObject({
  distractor_turns: difficultyMap(z.int().min(0)).optional(),
  paraphrase_depth: difficultyMap(z.int().min(0)).optional(),
  override_timing: difficultyMap(z.string()).optional(),
  // compactkit extension: the transcript's approximate size per level.
  target_tokens: difficultyMap(z.int().min(1)).optional(),
});

const variableName = matching(
  IDENTIFIER_PATTERN,
  'a name of letters, digits and _, not starting with a digit',
);

const variableSchema = z
  .strictObject({
    name: variableName,
    // template-v1 requires a generator; compactkit's `choices` extension stands in for it.
    generator: nonEmptyString.optional(),
    like: variableName.optional(),
    choices: z.array(nonEmptyString).min(1, { error: 'must list at least one choice' }).optional(),
  })
  .superRefine((variable, context) => {
    if (variable.generator === undefined && variable.choices === undefined) {
      context.addIssue({ code: 'custom', path: ['generator'], message: 'is required (or give `choices`)' });
    }
    if (variable.generator !== undefined && variable.choices !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['choices'],
        message: 'give either `generator` or `choices`, not both',
      });
    }
    if (variable.like !== undefined && variable.choices !== undefined) {
      context.addIssue({
        code: 'custom',
        path: ['like'],
        message: '`like` needs a generator, not `choices`',
      });
    }
  });

/** The roles a template turn may have; `distractor_block` expands to filler turns at generation. */
export const TEMPLATE_TURN_ROLES = ['user', 'assistant', 'system', 'distractor_block'] as const;

/** compactkit extension: how a `distractor_block`'s filler is cut, exchanges between user turns or loop steps. */
export const BLOCK_SHAPES = ['exchanges', 'steps'] as const;

/** compactkit extension: the main language of the repository a `distractor_block`'s tools work in. */
export const BLOCK_LANGUAGES = ['typescript', 'python', 'go'] as const;

// compactkit extension: a tool call an assistant turn makes, with the output its paired tool message carries.
const toolCallSchema = z.strictObject({
  name: nonEmptyString,
  arguments: ownKeyRecord(z.unknown()).optional(),
  output: z.string(),
  is_error: z.boolean().optional(),
  bury_tokens: difficultyMap(z.int().min(0)).optional(),
});

const turnSchema = z
  .strictObject({
    role: z.enum(TEMPLATE_TURN_ROLES),
    template: z.string().optional(),
    tags: z.array(z.string()).optional(),
    count: z.union([z.string(), z.int()]).optional(),
    tool_calls: z.array(toolCallSchema).min(1, { error: 'must list at least one call' }).optional(),
    shape: z.enum(BLOCK_SHAPES).optional(),
    language: z.enum(BLOCK_LANGUAGES).optional(),
  })
  .superRefine((turn, context) => {
    for (const key of ['shape', 'language'] as const) {
      if (turn[key] === undefined || turn.role === 'distractor_block') continue;
      context.addIssue({
        code: 'custom',
        path: [key],
        message: `only a distractor_block has a ${key}, this turn is ${turn.role}`,
      });
    }
    if (turn.tool_calls !== undefined && turn.role !== 'assistant') {
      context.addIssue({
        code: 'custom',
        path: ['tool_calls'],
        message: `only an assistant turn makes tool calls, this one is ${turn.role}`,
      });
    }
  });

const transcriptSchema = z.strictObject({
  turns: z.array(turnSchema),
});

const groundTruthSchema = z.strictObject({
  immutable_facts: z.array(z.string()).optional(),
  locked_decisions: z.array(z.string()).optional(),
  forbidden_behaviors: z.array(z.string()).optional(),
  unresolved_items: z.array(z.string()).optional(),
  deferred_items: z.array(z.string()).optional(),
  entity_map: ownKeyRecord(z.string()).optional(),
});

/** compactkit extension: how the target is asked to answer an item. */
export const ANSWER_FORMATS = ['free', 'short', 'list'] as const;

const evaluationItemSchema = z.strictObject({
  key: matching(IDENTIFIER_PATTERN, 'a key of letters, digits and _, not starting with a digit'),
  type: nonEmptyString,
  prompt: nonEmptyString,
  expected: ownKeyRecord(z.unknown()),
  answer_format: z.enum(ANSWER_FORMATS).optional(),
  tempting_default: nonEmptyString.optional(),
  cues: z.array(nonEmptyString).optional(),
});

const templateSchema = z.strictObject({
  key: matching(TEMPLATE_KEY_PATTERN, 'a key of letters, digits, _ and -, starting with a letter or _'),
  family: matching(IDENTIFIER_PATTERN, 'a family name of letters, digits and _, not starting with a digit'),
  version: z
    .string({
      // `version: 1.0` is a number in YAML, and the plain message would not say why a version is wrong.
      error: (issue) =>
        issue.input === undefined
          ? undefined
          : `expected a string like "1.0.0", got ${String(issue.input)}; quote it`,
    })
    .regex(VERSION_PATTERN, {
      error: (issue) =>
        `expected a version like 1.0.0 (pattern ${VERSION_PATTERN.source}), got ${quoteShort(issue.input)}`,
    }),
  difficulty_policy: difficultyPolicySchema,
  variables: z.array(variableSchema).optional(),
  transcript: transcriptSchema,
  ground_truth: groundTruthSchema,
  evaluation_items: z.array(evaluationItemSchema).min(1, { error: 'must list at least one item' }),
  // compactkit extensions: a note for readers of the file, and user turns for drift cycles.
  description: z.string().optional(),
  continuation: z.array(nonEmptyString).min(1, { error: 'must list at least one turn' }).optional(),
});

/** A template-v1 YAML document as written: one top-level `template` mapping, snake_case names. */
export const templateDocumentSchema = z.strictObject(
  { template: templateSchema },
  {
    error: (issue) =>
      issue.code === 'invalid_type' ? 'expected a YAML mapping with a top-level `template` key' : undefined,
  },
);

/** A template-v1 document as validated, before `toTemplate` renames it. */
export type TemplateDocument = z.output<typeof templateDocumentSchema>;
