/** Marks a message the engine wrote (a summary or a step digest), so tools and tests can tell it from originals. */
export const SUMMARY_ID_PREFIX = 'compaction-summary:';
