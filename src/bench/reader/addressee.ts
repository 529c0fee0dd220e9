import type { CaseItem } from '../case/types.js';
import type { TargetEvidence } from '../target/target.js';
import { answerQuestionItem } from './answer-question-item.js';
import { namesIn } from './answer-shapes.js';
import { contentStems } from './content-words.js';
import type { ParsedArtifact } from './parse-artifact-text.js';
import { commonWordsOf } from './prompt-names.js';
import { withoutHeader } from './tool-exchanges.js';

// A task that is about reaching someone: "addressed by name", "to the right person", "say whom you page",
// "and who approves it", "requests the review" (of someone). Asking for a team or a channel is not asking for
// a person.
const ADDRESSES_SOMEONE =
  /\b(?:addressed|by (?:full )?name|the right person|the person (?:who|that)|whom|who (?:approves|decides|signs|owns|reviews|can|should|to)|request(?:s|ing)? (?:a |the |their )?(?:[\w-]+ )?(?:review|approval|sign-?off))\b/i;

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
  // "--reviewer 'Ana Lima'": the closing quote is no part of the name.
  const addressed = namesIn(temptingDefault, common).map((name) =>
    name.replace(GREETING, '').replace(/(?<!s)['’]$/, ''),
  );
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
  // "Ana runs the fleet, Ben approves access": the person is the one named in the clause most about the task.
  const clause = clauseAbout(
    asked.evidence.flatMap((evidence) => withoutHeader(evidence.text).split(CLAUSE_END)),
    new Set(contentStems(item.prompt)),
    (piece) => namesIn(piece, common).length > 0,
    roleWording(item.prompt),
  );
  if (clause === undefined) return undefined;
  // "Ines Nilsson's on call": the name, without the possessive.
  const person = (namesIn(clause, common)[0] as string).replace(/['’]s$/, '');
  // The notes give the person the default already addresses: the default stands.
  if (addressed.some((name) => sameName(name, person))) return undefined;
  const step = temptingDefault
    .split(first)
    .join(person)
    .replace(/[.!?\s]+$/, '');
  // The passage is quoted whole: it often says how to reach them too ("requests go through Teleport").
  const source = asked.evidence.find((evidence) => evidence.text.includes(clause)) ?? asked.evidence[0];
  const quote = withoutHeader(source?.text ?? clause).trim();
  return { response: `Next step: ${step} (the notes: "${quote}")`, evidence: asked.evidence };
}

// Where a sentence divides into clauses that may each give someone a role.
const CLAUSE_END = /[,;:]\s+|\s+(?:—|–)\s+|(?<=[.!?])\s+/;

// The role a task asks for ("the person who decides") and the ways a note gives someone that role in other
// words: "the design calls are Ana's", "it's Ben's call", "pricing is up to Ana", "Ben has the final say".
const ROLES: readonly { asked: RegExp; given: RegExp }[] = [
  {
    asked: /\b(?:decides?|decision|makes? the call|has the (?:final )?say)\b/i,
    given:
      /\b(?:decid\w*|decisions?|calls?|(?:final )?say|up to|sign(?:s|ed)?[- ]?off|approv\w*|chooses?|picks?)\b/i,
  },
  {
    asked: /\b(?:approves?|approval|signs? off|sign-?off)\b/i,
    given: /\b(?:approv\w*|sign(?:s|ed)?[- ]?off|okays?|green-?lights?)\b/i,
  },
  {
    asked: /\bowns?\b|\bowner\b/i,
    given: /\b(?:owns?|owners?|belongs?|maintain\w*|theirs|his|hers)\b|\p{Lu}\p{Ll}+['’]s\b/u,
  },
  { asked: /\breview(?:s|er)?\b/i, given: /\breview\w*\b/i },
];

// A clause that gives the asked role outweighs one that only shares two of the task's words: the role is what
// the task asks for, its words only tell which task.
const ROLE_WEIGHT = 2.5;

/** How notes give the role a task asks for, when it asks for one ("addressed to whoever approves it"). */
function roleWording(prompt: string): RegExp | undefined {
  return ROLES.find((role) => role.asked.test(prompt))?.given;
}

/**
 * The piece sharing most content words with the task, among those `holds` admits, a piece giving the asked
 * role counting `ROLE_WEIGHT` more; the first on a tie.
 */
function clauseAbout(
  pieces: readonly string[],
  stems: ReadonlySet<string>,
  holds: (piece: string) => boolean,
  role: RegExp | undefined,
): string | undefined {
  let best: { piece: string; shared: number } | undefined;
  for (const piece of pieces) {
    if (!holds(piece)) continue;
    const shared =
      contentStems(piece).filter((stem) => stems.has(stem)).length + (role?.test(piece) ? ROLE_WEIGHT : 0);
    if (best === undefined || shared > best.shared) best = { piece, shared };
  }
  return best?.piece;
}
