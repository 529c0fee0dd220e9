import { ValidationError, type ValidationIssue } from '../errors.js';
import type { ExportOptions } from './conversion-types.js';
import { describeAttachment } from './describe-attachment.js';
import type { Attachment } from './types.js';

/** Collects the parts a target format cannot hold, as placeholders or as issues to throw together. */
export interface UnsupportedParts {
  /** Returns placeholder text in placeholder mode; otherwise records an issue and returns undefined. */
  handle(attachment: Attachment, where: string, reason: string): string | undefined;
  /** Records a problem that is not about an attachment, to be thrown with the others. */
  reject(where: string, message: string): void;
  /** Throws one ValidationError listing every recorded issue, if there were any. */
  throwIfAny(): void;
}

/** Creates the policy for one conversion run from the caller's `onUnsupportedPart` option. */
export function createUnsupportedParts(options: ExportOptions | undefined): UnsupportedParts {
  const issues: ValidationIssue[] = [];
  const placeholder = options?.onUnsupportedPart === 'placeholder';
  return {
    handle(attachment, where, reason) {
      if (placeholder) return describeAttachment(attachment);
      issues.push({
        where,
        message: `${reason}; pass { onUnsupportedPart: 'placeholder' } to replace it with a text placeholder`,
      });
      return undefined;
    },
    reject(where, message) {
      issues.push({ where, message });
    },
    throwIfAny() {
      if (issues.length > 0) throw new ValidationError(issues);
    },
  };
}

/** Appends placeholder lines to a message's text, keeping the text first as compactkit messages do. */
export function appendPlaceholders(content: string, placeholders: readonly string[]): string {
  if (placeholders.length === 0) return content;
  return [content, ...placeholders].filter((line) => line !== '').join('\n');
}
