import { ValidationError } from '../../src/errors.js';

/** Runs `run` and returns the issues of the ValidationError it throws; fails when it throws nothing else. */
export function issuesOf(run: () => unknown): { where: string; message: string }[] {
  try {
    run();
  } catch (error) {
    if (error instanceof ValidationError) return [...error.issues];
    throw error;
  }
  throw new Error('expected a ValidationError');
}
