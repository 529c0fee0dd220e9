import type { JSONSchema7, OutputInterface } from 'ai';

/**
 * An AI SDK output specification that asks the provider for JSON (with the schema when given: json_schema or
 * Anthropic's structured output) but returns the raw text, so compactkit validates and repairs it itself.
 */
export function jsonTextOutput(schema: JSONSchema7 | undefined): OutputInterface<string, string, never> {
  return {
    name: 'json-text',
    responseFormat: Promise.resolve(
      schema === undefined ? { type: 'json' as const } : { type: 'json' as const, schema, name: 'response' },
    ),
    parseCompleteOutput: async ({ text }) => text,
    parsePartialOutput: async ({ text }) => ({ partial: text }),
    createElementStreamTransform: () => undefined,
  };
}
