import type { ProbeType } from './probe-types.js';

/**
 * The criteria each probe type is judged on. Every type touches accuracy or context, its own dimension, a
 * completeness criterion and an instruction criterion, so each of the six dimensions gets scores from real
 * probes; artifact trail is scored by artifact probes and by recall of key details, as in the seed.
 */
export const PROBE_CRITERIA: Record<ProbeType, readonly string[]> = {
  recall: [
    'accuracy_factual',
    'accuracy_technical',
    'artifact_key_details',
    'completeness_coverage',
    'instruction_format',
  ],
  artifact: [
    'artifact_files_created',
    'artifact_files_modified',
    'context_artifact_state',
    'accuracy_factual',
    'completeness_depth',
    'instruction_format',
  ],
  continuation: [
    'continuity_work_state',
    'continuity_todo_state',
    'context_conversation_state',
    'completeness_coverage',
    'instruction_constraints',
  ],
  decision: [
    'continuity_reasoning',
    'context_conversation_state',
    'accuracy_factual',
    'completeness_depth',
    'instruction_constraints',
  ],
};
