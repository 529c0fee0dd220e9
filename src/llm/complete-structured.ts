import type { JSONSchema7 } from 'ai';
import type { z } from 'zod';
import type { Message } from '../messages/types.js';
import { addUsage, generateStep, type Step, type StepInput } from './generate-step.js';
import { jsonTextOutput } from './json-text-output.js';
import { parseStructuredReply } from './parse-structured-reply.js';
import { StructuredOutputError } from './structured-output-error.js';
import { toJsonSchema } from './to-json-schema.js';
import type { ProviderErrorContext } from './to-provider-error.js';
import type { Completion } from './types.js';

/** How the provider is asked for JSON. */
export interface StructuredOptions {
  /** Send the JSON schema as the response format; otherwise JSON mode with the schema in the system prompt. */
  nativeSchema: boolean;
  context: ProviderErrorContext;
}

/**
 * Asks for JSON matching the schema and validates it with zod. An invalid reply gets ONE repair retry that
 * shows the model its reply and the validation error; still invalid is a `StructuredOutputError` with the text.
 */
export async function completeStructured<T>(
  schema: z.ZodType<T>,
  input: StepInput,
  options: StructuredOptions,
): Promise<Completion<T>> {
  const started = performance.now();
  const jsonSchema = await responseSchema(schema);
  const output = jsonTextOutput(options.nativeSchema ? jsonSchema : undefined);
  const system = options.nativeSchema ? input.system : withSchemaInstruction(input.system, jsonSchema);
  const first = await generateStep({ ...input, system, output }, options.context);
  const firstResult = parseStructuredReply(first.text, schema);
  if (firstResult.success) return toCompletion(first, firstResult.value, first.usage, started);

  const repairMessages: Message[] = [
    ...input.messages,
    { role: 'assistant', content: first.text },
    { role: 'user', content: repairPrompt(firstResult.message) },
  ];
  const second = await generateStep({ ...input, system, output, messages: repairMessages }, options.context);
  const usage = addUsage(first.usage, second.usage);
  const secondResult = parseStructuredReply(second.text, schema);
  if (secondResult.success) return toCompletion(second, secondResult.value, usage, started);
  throw new StructuredOutputError({
    modelId: options.context.modelId,
    rawText: second.text,
    validationMessage: secondResult.message,
    attempts: 2,
    usage,
  });
}

/** The message that feeds the validation error back to the model. */
export function repairPrompt(validationMessage: string): string {
  return (
    `Your previous reply was rejected because ${validationMessage}\n\n` +
    'Reply again with only the corrected JSON value that matches the schema, with no other text.'
  );
}

async function responseSchema(schema: z.ZodType): Promise<JSONSchema7> {
  try {
    // The SDK's conversion adds what strict json_schema modes need (e.g. additionalProperties: false).
    const { zodSchema } = await import('ai');
    return await zodSchema(schema).jsonSchema;
  } catch {
    return toJsonSchema(schema) as JSONSchema7;
  }
}

function withSchemaInstruction(system: string | undefined, jsonSchema: JSONSchema7): string {
  const instruction =
    'Reply with only a JSON value, no other text, that matches this JSON Schema:\n' +
    JSON.stringify(jsonSchema);
  return system === undefined || system === '' ? instruction : `${system}\n\n${instruction}`;
}

function toCompletion<T>(step: Step, value: T, usage: Step['usage'], started: number): Completion<T> {
  return {
    text: step.text,
    object: value,
    usage,
    latencyMs: Math.round(performance.now() - started),
    finishReason: step.finishReason,
  };
}
