import { type AskedValue, askedValue, type ValueKind, withoutUntilWhen } from './value-kinds.js';

/**
 * The kind of value a question asks for, read from how it is asked; `bound` is what ends a period ("until
 * when …?"), an event as often as a date.
 */
export type AnswerShape = 'person' | 'number' | 'identifier' | 'bound';

/** How a question is asked: what kind of value answers it, what it quotes, whether it wants a yes or a no. */
export interface QuestionShape {
  /** The kinds of value the question asks for; two for "who …, and how long …?". */
  wants: readonly AnswerShape[];
  /** Phrases the question quotes ("when the user said 'given that rule'"), as written. */
  quoted: readonly string[];
  /**
   * What kind of statement the question asks for: a rule ("which rule were they pointing at?"), a decision
   * or preference ("what is the specific preference?"), or neither.
   */
  asksFor: 'rule' | 'decision' | undefined;
  /** A question that starts with an auxiliary ("Does …", "Should we …"): answered by the clause about it. */
  yesNo: boolean;
  /**
   * The nouns that name the kind of value asked for ("file" in "Which file holds …?"): they say what kind of
   * answer is wanted, not what it is about, so they are no topic word.
   */
  kindWords: readonly string[];
  /** The particular kind of value asked for ("how long": a duration), when the question names one. */
  value: AskedValue | undefined;
}

// Asking what something is called: a team's or a service's name is written as a person's is.
const ASKS_WHAT_CALLED = /\bwhat(?:'s| is| are| was| were)\s+(?:\w+\s+){1,3}called\b/i;

/** Whether a question asks what something is called ("What is that team called?"). */
export function asksWhatCalled(prompt: string): boolean {
  return ASKS_WHAT_CALLED.test(prompt);
}

// Asking for a person, or for what something is called: "who", "whose", "which colleague", "the name of the
// owner", "what is the team called".
const WANTS_PERSON =
  /\b(?:who|whom|whose)\b|\bwhat(?:'s| is| are| was| were)\s+(?:\w+\s+){1,3}called\b|\bwhich\s+(?:person|colleague|teammate|engineer|developer|owner|reviewer|lead|contact|manager|member|one of us)\b|\bname\s+of\s+the\s+(?:person|owner|lead|reviewer|contact)\b/i;
// "Which customer …?" asks for a firm's name, written as a person's is ("Hollowmere Bakery"), when the firm is
// what is asked for: the noun is the question's head, followed by a possessive, a verb or a function word, not
// by the noun it qualifies ("which customer emails …?" asks for emails). Not "which team": a team is as often
// named by common words ("the data team").
const WANTS_FIRM =
  /\bwhich\s+(?:customer|client|tenant|vendor|supplier|company|partner|merchant|organi[sz]ation)(?:['’]s\b|\s+(?:is|are|was|were|has|had|does|did|do|will|would|can|could|should|must|may|might|we|you|they|the|a|an|our|their|in|on|at|for|from|to|with|by|of|\w+ed)\b|\s*\?)/i;

// Asking for a quantity, a time or an identifier written with digits; "what does a breach cost us?" too.
const WANTS_NUMBER =
  /\bwhat\s+(?:does|do|did|will|would)\s+(?:\w+\s+){1,4}cost\b|\bhow\s+(?:long|many|much|big|large|often|fast|slow|high|low|old|far)\b|\bwhen\s+(?:is|was|are|were|did|does|do|will|would|should|can|could)\b|\b(?:what|which)\s+(?:\w+\s+)?(?:port|version|number|percentage|percent|limit|size|timeout|threshold|amount|price|cost|date|day|time|deadline|budget|rate|count|ticket|id|release|value)\b/i;

// "When can it run at the earliest?", "how soon can we ship?": what the thing waits for, the clause that bounds
// the wait ("hold off until Marcus is back on Tuesday"), answers it.
const ASKS_EARLIEST = /\b(?:at the earliest|earliest|how soon|no sooner than)\b/i;

// Asking for something written as an identifier: a file, a branch, a command, a table.
const WANTS_IDENTIFIER =
  /\b(?:which|what)\s+(?:\w+\s+)?(files?|path|folder|directory|module|script|branch|command|endpoint|url|flag|package|image)\b/i;

// "Which file holds X?", "in which module does X live?": the verb says where X is, not what X is about.
const PLACING_VERB = /\b(?:holds?|contains?|keeps?|stores?|defines?|lives?|sits?)\b/gi;

// A quotation: straight or curly quotes around at least two words.
const QUOTED = /(?:^|[\s(:])['‘"“]([^'’"”]+?\s[^'’"”]+?)['’"”](?=$|[\s.,;:?!)—-])/g;

// Outside the quotes: "what rule", "the specific preference", "which constraint".
const ASKS_RULE =
  /\b(?:rules?|constraints?|polic(?:y|ies)|restrictions?|requirements?|guidelines?|prohibitions?)\b/i;
const ASKS_DECISION = /\b(?:preferences?|decisions?|instructions?|choices?|plans?)\b/i;

const AUXILIARY =
  /^(?:does|do|did|is|are|was|were|should|shall|can|could|will|would|has|have|had|may|must)\b/i;

// The broad shape each particular kind of value is of.
const BROAD_SHAPE: Record<ValueKind, AnswerShape> = {
  duration: 'number',
  clock: 'number',
  moment: 'number',
  count: 'number',
  ticket: 'number',
  branch: 'identifier',
  file: 'identifier',
  commit: 'identifier',
  region: 'identifier',
  image: 'identifier',
  size: 'number',
};

/** The broad shape a particular kind of value is of ("branch": an identifier). */
export function broadShapeOf(kind: ValueKind): AnswerShape {
  return BROAD_SHAPE[kind];
}

/** Reads how a question is asked (see `QuestionShape`). */
export function questionShape(prompt: string): QuestionShape {
  const wants: AnswerShape[] = [];
  if (WANTS_PERSON.test(prompt) || WANTS_FIRM.test(prompt)) wants.push('person');
  const bounded = withoutUntilWhen(prompt);
  if (bounded !== prompt || ASKS_EARLIEST.test(prompt)) wants.push('bound');
  if (WANTS_NUMBER.test(bounded)) wants.push('number');
  const identifier = WANTS_IDENTIFIER.exec(prompt);
  if (identifier !== null) wants.push('identifier');
  // "In which of our files …?", "how many rows …?": the particular kind implies the broad one.
  const value = askedValue(prompt);
  const broad = value === undefined ? undefined : BROAD_SHAPE[value.kind];
  if (broad !== undefined && !wants.includes(broad)) wants.push(broad);
  const quoted = Array.from(prompt.matchAll(QUOTED), (match) => match[1] as string);
  // "Does A own B?" but not "Does the team know who owns B?" (a wh-word makes it an open question).
  const yesNo = AUXILIARY.test(prompt.trim()) && wants.length === 0;
  const unquoted = prompt.replace(QUOTED, ' ');
  const asksFor = ASKS_RULE.test(unquoted) ? 'rule' : ASKS_DECISION.test(unquoted) ? 'decision' : undefined;
  const kindWords =
    identifier === null
      ? []
      : [(identifier[1] as string).toLowerCase(), ...Array.from(prompt.matchAll(PLACING_VERB), (m) => m[0])];
  return { wants, quoted, asksFor, yesNo, kindWords, value };
}

// A question's clause: what follows the last sentence break (or colon) before its question mark.
const QUESTION_CLAUSE = /(?:^|[.!?:;]\s)([^.!?:;]*)\?/;
// A word that asks for something not yet known: "what's left …?", "who do I ask …?", "how do we …?".
const WH_WORD = /\b(?:what|what's|whats|which|who|whom|whose|where|when|why|how)\b/i;
// A transcript line's speaker header: "[turn 4] user:".
const SPEAKER = /^\[turn \d+\] \w+:\s*/;
// A sentence ended before the question: the passage states something first ("It has 340 million rows. How …?").
const SENTENCE_END = /[.!;](?:\s|$)/;
// What may follow the question and still leave it the whole message: a short sign-off ("No rush.").
const MAX_SIGN_OFF_WORDS = 6;

/**
 * Whether a passage is an open question and nothing more ("Morning: so, what's next on the move? No rush."):
 * its words name what is not known, so it states nothing about them. A yes-or-no question ("mock it with
 * nock?") still puts something forward, and a statement the question follows ("It has 340 million rows. How
 * would you run it?") is a statement all the same.
 */
export function asksOpenQuestion(text: string): boolean {
  const body = text.replace(SPEAKER, '');
  const match = QUESTION_CLAUSE.exec(body);
  if (match === null || !WH_WORD.test(match[1] as string)) return false;
  if (SENTENCE_END.test(body.slice(0, match.index + 1))) return false;
  const after = body.slice(match.index + match[0].length).trim();
  return after === '' || after.split(/\s+/).length <= MAX_SIGN_OFF_WORDS;
}

// "Who from legal …?", "who at IT …?", "which of the SRE folks …?": the group the person asked for is in.
const ASKED_GROUP =
  /\bwho\s+(?:from|at|in|on)\s+(?:the\s+)?([\w-]+(?:\s+team)?)\b|\bwhich\s+of\s+the\s+([\w-]+)\s+(?:folks|people|team)\b/i;

/** The group a "who" question names the person by ("Who from legal weighed in?": "legal"), if any. */
export function askedGroup(prompt: string): string | undefined {
  const match = ASKED_GROUP.exec(prompt);
  return match === null ? undefined : (match[1] ?? match[2]);
}

// Asking what is still to be done: "what's left", "which task is still open", "what remains", "the next step",
// "what's still on the list".
const ASKS_REMAINING =
  /\b(?:still (?:open|pending|outstanding|to do|needs?)|still on (?:the |my |our |your )?(?:list|plate|agenda|to-?do list|board)|(?:is|are|'s) left|left to do|remains?|remaining|next step|what(?:'s| is) next|unfinished)\b/i;

/** Whether a question asks what is still to be done ("What is left before the review?"). */
export function asksWhatRemains(prompt: string): boolean {
  return ASKS_REMAINING.test(prompt);
}
