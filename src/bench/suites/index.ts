/** compactkit bench/suites: versioned sets of templates, the shipped ones and folders of a user's own. */
export { builtInSuiteNames, builtInSuitesDirectory, resolveSuite } from './built-in-suites.js';
export { loadSuite, SUITE_MANIFEST } from './load-suite.js';
export type { Suite } from './suite.js';
export {
  type SuiteSelection,
  type SuiteWarning,
  suiteDifficultyWarnings,
} from './suite-difficulty-warnings.js';
