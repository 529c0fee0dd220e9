/**
 * Roles of people: a sentence gives one only when it assigns a named person to a responsibility ("Dana Reyes
 * owns the billing jobs", "the release manager is Tom Okoye", "ask Ines Marsh about the schema"). A role word
 * elsewhere in a sentence does not: "the plan where Dana Reyes signs off on each deploy is shelved" describes a
 * plan, and filing it as Dana's role would keep the dropped plan alive under the entities.
 */

// Two capitalised words; a third ("Developer Experience Squad") is read past, the first two name it.
const NAME = `([A-Z][a-z]+(?:[-'][A-Za-z]+)? [A-Z][a-z]+(?:[-'][A-Za-z]+)?)(?: [A-Z][a-z]+)?`;
// What may stand between a name and its role in one clause: "Sanne Horvat wrote the parser and is its owner".
const SAME_CLAUSE = '(?: (?:from|of|on|in|at) [^.;:!?,]{1,30}?| [^.;:!?]{0,60}? (?:and|but))?';

// The patterns are case-sensitive, so a name is two capitalised words; a role word may open a sentence
// ("Reviewer: Tom Okoye"), so its first letter is matched in either case.
function eitherCase(pattern: string): string {
  return pattern.replace(/(?<![\\\w])([a-z])/g, (letter: string) => `[${letter.toUpperCase()}${letter}]`);
}

const ROLE_NOUN = `(?:owner|co-owner|maintainer|on[- ]call(?: engineer)?|approver|reviewer|release (?:manager|captain|driver)|(?:tech(?:nical)? |team |project |engineering )?lead|manager|point of contact|contact|keyholder|admin(?:istrator)?|sponsor|decision[- ]maker|assignee|pager(?: duty)?|go-to (?:person|engineer)|dri|sme|expert)`;

// A first name on its own ("Priya"), for the patterns that also say it is a person.
const FIRST_NAME = "([A-Z][a-z]+(?:[-'][A-Za-z]+)?)";
// Role verbs after "who" or a pronoun: "who owns", "she handles".
const ROLE_VERB_BARE =
  '(?:owns|maintains|handles|runs|leads|manages|covers|approves|reviews|signs off|looks after|takes care of|knows)\\b';

const ROLE_VERB = `(?:owns|co-owns|maintains|handles|runs|leads|manages|covers|approves|reviews|reviewed|requested changes|left (?:comments|a review|review comments)|approved (?:the|this|that|it|#)|signs off(?: on)?|looks after|takes care of|is responsible for|is in charge of|is accountable for|is on[- ]call|carries (?:its|the) pager|holds the pager|has the pager|knows (?:the|our|everything)|(?:is|'s) (?:taking|picking up|handling|owning|covering|leading|running|driving|doing)|will (?:own|handle|run|lead|manage|cover|approve|review|sign off|look after|take care of|take|pick up|drive|do))`;

// Where a clause starts: the sentence's start, a clause mark, or a linking word.
const CLAUSE_START = String.raw`(?:^|[,;:(—–]\s*|\b(?:and|but|so|now|actually|also|then|while|whereas|with) )`;

const ASSIGNMENTS: readonly RegExp[] = [
  // "Dana Reyes owns the billing jobs", "…, and Tom Okoye now handles releases"
  new RegExp(
    `${CLAUSE_START}${NAME}${SAME_CLAUSE}(?: (?:now|also|still|currently|usually|alone|herself|himself|themselves))* ${ROLE_VERB}\\b`,
    'g',
  ),
  // "Dana Reyes is the owner", "Tom Okoye will be our release manager", "Ines Marsh as reviewer"
  new RegExp(
    `${CLAUSE_START}${NAME}${SAME_CLAUSE} (?:is|'s|will be|becomes|remains|stays|as|has been) (?:now |still |also |actually |currently |officially )?(?:the |our |their |a |an )?(?:[\\w-]+ ){0,2}${ROLE_NOUN}\\b`,
    'g',
  ),
  // "the owner is Dana Reyes", "Reviewer: Tom Okoye", "on-call this week (holds the pager): Ines Marsh"
  new RegExp(
    `\\b${eitherCase(ROLE_NOUN)}\\b(?:[^:=—–.;!?]|\\.(?=\\S)){0,50}?(?: is| will be|:|=|—|–| -)\\s*${NAME}`,
    'g',
  ),
  // "(Ewan Dizon is the mobile one, easy to mix up)", "Thandiwe Moyo's the one who signs off on releases": who
  // someone is, given in passing to tell people apart or to say whom to go to.
  new RegExp(
    `${CLAUSE_START}${NAME}(?: is|'s|(?<='s)) (?:the|our|their) (?:(?:[\\w-]+ ){1,2}(?:one|person|guy|dev|developer|engineer|designer|folks?)\\b|(?:one|person) (?:who|that) ${ROLE_VERB_BARE})`,
    'g',
  ),
  // "Dana Reyes -> the exporter" (a split of work written as a list)
  new RegExp(`${CLAUSE_START}${NAME}\\s*(?:->|→|=>)\\s*\\S`, 'g'),
  // "ask Dana Reyes about the schema", "escalate to Tom Okoye"
  new RegExp(
    `\\b${eitherCase('(?:ask|ping|page|contact|talk to|check with|loop in|escalate to|go to|reach out to)')} ${NAME}\\b`,
    'g',
  ),
  // "approval goes to Dana Reyes", "the exporter is owned by Tom Okoye"
  new RegExp(
    `\\b(?:goes|go|routes?|escalates?|falls|belongs|(?:is|are) assigned|assigned|handed(?: over)?|moves?|moved) to ${NAME}`,
    'g',
  ),
  new RegExp(
    `\\b(?:owned|handled|run|maintained|approved|reviewed|led|managed|covered|signed off) by ${NAME}`,
    'g',
  ),
  // "the release manager, Tom Becker, …", "our DBA Ines Marsh"
  new RegExp(`\\b${eitherCase('(?:our|the|their|your)')} (?:[\\w-]+ ){0,2}${ROLE_NOUN}(?:,| ) ?${NAME}`, 'g'),
  // "Dana Reyes, our platform lead, …"
  new RegExp(`${NAME}, (?:our|the|their|a|an|your) (?:[\\w-]+ ){0,2}${ROLE_NOUN}\\b`, 'g'),
  // "Driftwood Hardware processes the card payments": a name doing a standing piece of work.
  new RegExp(
    `${CLAUSE_START}${NAME} (?:now |also |still )?(?!(?:wants|says|thinks|asks|asked|likes|needs|knows|agrees|prefers|suggests|mentions|mentioned|said|is|was|has|had)\\b)[a-z]+s (?:the|all|every|our|its|their|any) `,
    'g',
  ),
];

// "Noor Haddad reported the crash", "Ravi Menon won't give them access": who a report or a refusal came from, whom
// to go back to about it. Only people: "Quillstone Outfitters reported a bug" is a customer, not a role.
const REPORTER = new RegExp(
  `${CLAUSE_START}${NAME} (?:also |already |just )?(?:says|said|reported|reports|confirmed|confirms|mentioned|noticed|flagged|spotted|found|tells me|told (?:me|us)|refuses|refused|declined|vetoed|won'?t (?:give|allow|approve|sign|let)|will not (?:give|allow|approve|sign|let))\\b`,
  'g',
);
// Last words of organisations' names: a company, a shop or a team reports things too, and is no person.
const ORGANISATION =
  /\s(?:inc|ltd|llc|gmbh|group|labs?|media|logistics|outfitters|foods?|mobility|hardware|software|systems|solutions|partners|holdings|bank|health|insurance|studios?|technologies|tech|networks|capital|motors|retail|airlines?|energy|industries|services|consulting|ventures|works|team|squad|platform|support)$/i;

// "ask Priya, she owns the exporter", "Priya (who runs billing)": a first name alone, then a pronoun or "who".
const BY_PRONOUN = new RegExp(
  `\\b${FIRST_NAME}(?: [A-Z][a-z]+)?(?:,| \\(|\\s[—–-])\\s*(?:who|she|he|they)(?:'s| is| are)? (?:now |also |still )?(?:${ROLE_VERB}|(?:the |our |their |a |an )?(?:[\\w-]+ ){0,2}${ROLE_NOUN}\\b|${ROLE_VERB_BARE})`,
  'g',
);

const HAS_NAME = /[A-Z][a-z]+(?:[-'][A-Za-z]+)? [A-Z][a-z]/;
// "Priya, she owns …": a first name alone counts only before a pronoun or "who".
const NAMES_BY_PRONOUN = /[,(—–-]\s*(?:who|she|he|they)\b/;

// A sentence that drops a plan describes the plan; any role word in it belongs to the plan. ("Approval goes
// to Dana instead of Tom" replaces a role, and is one.)
const DROPS_PLAN =
  /\b(?:shelved|scrapped|ditched|nixed|abandoned|binned|cancell?ed|off the table|won'?t fly)\b/i;

/**
 * A cheap first test for long tool outputs, whose lines are many: a word every role statement in them uses.
 * ("Driftwood Hardware processes the payments" needs none, and is found in what people say, not in outputs.)
 */
export const ROLE_HINT =
  /owner|owns|maintain|handle|runs\b|lead|manage|cover|approv|review|requested changes|left (?:comments|a review)|sign|look|take|charge|accountab|call|pager|contact|admin|sponsor|decision|assign|go-to|\bdri\b|\bsme\b|expert|\bask\b|ping|page|talk|check with|loop in|escalat|reach out|goes to|routes? to|belongs|handed|->|→|=>|\bby [A-Z]|\bwho\b|\bshe\b|\bhe\b|\bthey\b/i;

/** Whether a sentence could name someone a role goes to: every pattern below needs what this tests. */
export function mayNamePerson(sentence: string): boolean {
  return HAS_NAME.test(sentence) || NAMES_BY_PRONOUN.test(sentence);
}

/** The names a sentence assigns a responsibility to; none when it only mentions a role in passing. */
export function assignedRoleNames(sentence: string, isName: (name: string) => boolean): string[] {
  // Every pattern needs a name; most sentences (and tool output lines) have none, and cost one test.
  const twoWordName = HAS_NAME.test(sentence);
  if (!(twoWordName || NAMES_BY_PRONOUN.test(sentence)) || DROPS_PLAN.test(sentence)) return [];
  const names: string[] = [];
  for (const pattern of twoWordName ? [...ASSIGNMENTS, BY_PRONOUN] : [BY_PRONOUN]) {
    for (const match of sentence.matchAll(pattern)) {
      // "Thandiwe Moyo's the one who …": the name without its "'s".
      const name = match[1]?.replace(/'s$/, '');
      if (name === undefined || !/^[A-Z]/.test(name) || !isName(name) || names.includes(name)) continue;
      names.push(name);
    }
  }
  for (const match of sentence.matchAll(REPORTER)) {
    const name = match[1];
    if (name === undefined || ORGANISATION.test(name) || !isName(name) || names.includes(name)) continue;
    names.push(name);
  }
  return names;
}
