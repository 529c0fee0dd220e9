import type { SectionField } from '../summary-sections.js';

/** What each section of a sectioned summary holds, as the model is told. */
export const SECTION_GUIDE: Readonly<Record<SectionField, string>> = {
  intent: 'what the user is trying to achieve overall, including any change of goal',
  keyConcepts:
    'facts that stay true: names, numbers, ports, versions, environments, and the technical ideas in play',
  filesAndCode:
    'each file, function, command or snippet that matters, with what was done to it; keep paths and commands exact',
  errorsAndFixes: 'errors that came up and how each was fixed or worked around; say when one is still open',
  userInstructions:
    'instructions and preferences of the user that still apply and are not prohibitions; quote rules word for word',
  prohibitions: 'everything the user said must never (or no longer) be done, quoted word for word',
  decisions: 'decisions that are settled and in force now, each in its latest form only',
  superseded: 'plans or decisions that were dropped or replaced, so that nobody goes back to them',
  pendingTasks: 'what was asked for and is not done yet, and open questions',
  deferredTasks: 'work the user put off on purpose, to pick up later',
  currentWork: 'what was being done at the very end',
  nextStep: 'the next step, only when it follows directly from what the user asked last',
};

/** The guide as prompt lines, one `- field: meaning` per section. */
export function sectionGuideLines(): string {
  return Object.entries(SECTION_GUIDE)
    .map(([field, meaning]) => `- ${field}: ${meaning}`)
    .join('\n');
}

/** Rules for the items of every section. */
export const ITEM_RULES = [
  'Each item is one short statement that makes sense on its own (name the thing, do not say "it").',
  'Keep exact values exact: names, numbers, paths, commands, ports, versions and error text.',
  'Put each item in one section only, and leave a section as an empty list when nothing belongs there.',
].join('\n');
