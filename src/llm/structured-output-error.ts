import { CompactkitError } from '../errors.js';
import type { Usage } from './types.js';

/** The structured fields of a `StructuredOutputError`. */
export interface StructuredOutputErrorFields {
  modelId: string;
  /** The last reply as the model sent it, so it is never lost. */
  rawText: string;
  /** Why the last reply was rejected: a JSON syntax error or the schema's issues. */
  validationMessage: string;
  /** Replies received: the first one and the repair attempt. */
  attempts: number;
  /** Tokens spent on all attempts, when the provider reported them. */
  usage?: Usage;
}

/** A structured reply was still not JSON matching the schema after one repair retry. */
export class StructuredOutputError extends CompactkitError {
  readonly modelId: string;
  readonly rawText: string;
  readonly validationMessage: string;
  readonly attempts: number;
  readonly usage: Usage | undefined;

  constructor(fields: StructuredOutputErrorFields, options?: { cause?: unknown }) {
    const problem = fields.validationMessage.replace(/\s*\n\s*/g, '; ');
    super(
      'structured_output_invalid',
      `${fields.modelId}: the reply does not match the schema after ${fields.attempts} attempts: ${problem}`,
      options,
    );
    this.name = 'StructuredOutputError';
    this.modelId = fields.modelId;
    this.rawText = fields.rawText;
    this.validationMessage = fields.validationMessage;
    this.attempts = fields.attempts;
    this.usage = fields.usage;
  }
}
