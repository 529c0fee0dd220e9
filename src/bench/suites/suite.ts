import type { LoadedTemplate } from '../template/load-template-directory.js';

/** A named, versioned set of templates: what a benchmark run draws its cases from. */
export interface Suite {
  /** e.g. `elite`; part of every case seed. */
  key: string;
  /** Semantic version of the suite as a whole; scores are only compared within one version. */
  version: string;
  description: string;
  /** The folder it was loaded from, or the template file for a one-file suite. */
  directory: string;
  /** Sorted by path relative to the folder. */
  templates: LoadedTemplate[];
}
