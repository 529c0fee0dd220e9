import type { ValidationIssue } from '../errors.js';
import { describeJsonType, isJsonObject, type JsonObject } from './json-values.js';

/**
 * Parses one JSONL line of an agent log into an object, or records why it cannot be: `file:17: not valid JSON
 * (Unexpected end of JSON input); the line is cut or corrupt`. Blank lines give undefined and no issue.
 */
export function parseLogLine(text: string, where: string, issues: ValidationIssue[]): JsonObject | undefined {
  if (text.trim() === '') return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    issues.push({ where, message: `not valid JSON (${reason}); the line is cut or corrupt` });
    return undefined;
  }
  if (!isJsonObject(value)) {
    issues.push({ where, message: `expected one JSON object per line, found ${describeJsonType(value)}` });
    return undefined;
  }
  return value;
}
