import type { CaseItem } from '../case/types.js';
import type { TargetEvidence } from '../target/target.js';
import { answerQuestionItem } from './answer-question-item.js';
import { namesIn } from './answer-shapes.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { commonWordsOf } from './question-scores.js';

// A task that is about reaching someone: "addressed by name", "to the right person", "say whom you page",
// "and who approves it". Asking for a team or a channel is not asking for a person.
const ADDRESSES_SOMEONE =
  /\b(?:addressed|by (?:full )?name|the right person|the person (?:who|that)|whom|who (?:approves|decides|signs|owns|reviews|can|should|to))\b/i;

// "Hi Ana Lima": a greeting capitalised at the start of a message is no part of the name.
const GREETING = /^(?:hi|hello|hey|dear|thanks|thank you|ping|ask|cc)\s+/i;

function sameName(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}

/**
 * The tempting default of a task that addresses someone ("Draft the sign-off request, addressed by name"),
 * with the person the notes tie to the task in place of the one it names, when those differ: an agent with
 * notes looks up whom to ask rather than asking whoever comes to mind. Undefined when the task addresses no
 * one, the default names no one, or the notes name no one else for it.
 */
export function addressedAsNotesSay(
  parsed: ParsedArtifact,
  item: CaseItem,
  temptingDefault: string,
): { response: string; evidence: TargetEvidence[] } | undefined {
  if (!ADDRESSES_SOMEONE.test(item.prompt)) return undefined;
  const common = commonWordsOf(parsed);
  const addressed = namesIn(temptingDefault, common).map((name) => name.replace(GREETING, ''));
  const first = addressed[0];
  if (first === undefined) return undefined;
  // The task asked as the question an agent would ask its notes: who is it, for this?
  const asked = answerQuestionItem(parsed, {
    ...item,
    prompt: `Who is it, for this: ${item.prompt.replace(/[.?!\s]+$/, '')}?`,
    answerFormat: 'short',
    check: { kind: 'contains_normalized', value: first },
  });
  if (asked.evidence.length === 0) return undefined;
  const inNotes = namesIn(asked.response, common);
  // The notes name the person the default already addresses first, or nobody else: the default stands.
  if (inNotes.length === 0 || sameName(inNotes[0] as string, first)) return undefined;
  const person = inNotes.find((name) => !addressed.some((other) => sameName(name, other)));
  if (person === undefined) return undefined;
  return { response: `Next step: ${temptingDefault.split(first).join(person)}`, evidence: asked.evidence };
}
