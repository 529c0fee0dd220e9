import type { Prng } from '../random/prng.js';
import type { AvoidGuard } from './avoid-guard.js';
import type { Workspace } from './workspace.js';

/** What every tool of filler works with. */
export interface FillerContext {
  readonly prng: Prng;
  readonly guard: AvoidGuard;
  readonly workspace: Workspace;
}

/** One tool call of filler with its result, and the words the assistant says about it. */
export interface ToolRun {
  /** Tool name, e.g. `read_file`. */
  readonly name: string;
  readonly arguments: Readonly<Record<string, string | number | boolean>>;
  readonly output: string;
  /** Estimated cl100k tokens of `output`. */
  readonly outputTokens: number;
  readonly isError: boolean;
  /** What the assistant is doing, lower case, for its lead-in: "reading `src/ledger/posting.ts`". */
  readonly lead: string;
  /** One sentence about the result for the assistant's reply. */
  readonly note: string;
  /** What the user might have asked for to get this call. */
  readonly request: string;
}

/** Makes one tool run whose output is about `targetTokens` tokens. */
export type ToolKind = (context: FillerContext, targetTokens: number) => ToolRun;
