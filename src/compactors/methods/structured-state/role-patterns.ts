/**
 * Roles of people: a sentence gives one only when it assigns a named person to a responsibility ("Dana Reyes
 * owns the billing jobs", "the release manager is Tom Okoye", "ask Ines Marsh about the schema"). A role word
 * elsewhere in a sentence does not: "the plan where Dana Reyes signs off on each deploy is shelved" describes a
 * plan, and filing it as Dana's role would keep the dropped plan alive under the entities.
 */

const NAME = `([A-Z][a-z]+(?:[-'][A-Za-z]+)? [A-Z][a-z]+(?:[-'][A-Za-z]+)?)`;

const ROLE_NOUN = `(?:owner|co-owner|maintainer|on[- ]call(?: engineer)?|approver|reviewer|release (?:manager|captain|driver)|(?:tech(?:nical)? |team |project |engineering )?lead|manager|point of contact|contact|keyholder|admin(?:istrator)?|sponsor|decision[- ]maker|assignee|go-to (?:person|engineer)|dri|sme|expert)`;

const ROLE_VERB = `(?:owns|co-owns|maintains|handles|runs|leads|manages|covers|approves|reviews|signs off(?: on)?|looks after|takes care of|is responsible for|is in charge of|is accountable for|is on[- ]call|carries (?:its|the) pager|holds the pager|has the pager|knows (?:the|our|everything)|(?:is|'s) (?:taking|picking up|handling|owning|covering|leading|running|driving|doing)|will (?:own|handle|run|lead|manage|cover|approve|review|sign off|look after|take care of|take|pick up|drive|do))`;

// Where a clause starts: the sentence's start, a clause mark, or a linking word.
const CLAUSE_START = String.raw`(?:^|[,;:(—–]\s*|\b(?:and|but|so|now|actually|also|then|while|whereas) )`;

const ASSIGNMENTS: readonly RegExp[] = [
  // "Dana Reyes owns the billing jobs", "…, and Tom Okoye now handles releases"
  new RegExp(
    `${CLAUSE_START}${NAME}(?: (?:now|also|still|currently|usually|alone|herself|himself|themselves))* ${ROLE_VERB}\\b`,
    'g',
  ),
  // "Dana Reyes is the owner", "Tom Okoye will be our release manager", "Ines Marsh as reviewer"
  new RegExp(
    `${CLAUSE_START}${NAME} (?:is|'s|will be|becomes|remains|stays|as|has been) (?:now |still |also )?(?:the |our |their |a |an )?(?:[\\w-]+ ){0,2}${ROLE_NOUN}\\b`,
    'gi',
  ),
  // "the owner is Dana Reyes", "Reviewer: Tom Okoye", "on call this week — Ines Marsh"
  new RegExp(
    `\\b${ROLE_NOUN}(?: (?:for|of|on) [^,.;:]{1,40}?)?(?: this (?:week|sprint|month|quarter|release))?(?: is| will be|:|=|—|–| -)\\s*${NAME}`,
    'gi',
  ),
  // "Dana Reyes -> the exporter" (a split of work written as a list)
  new RegExp(`${CLAUSE_START}${NAME}\\s*(?:->|→|=>)\\s*\\S`, 'g'),
  // "ask Dana Reyes about the schema", "escalate to Tom Okoye"
  new RegExp(
    `\\b(?:ask|ping|contact|talk to|check with|loop in|escalate to|go to|reach out to) ${NAME}\\b`,
    'gi',
  ),
];

// A sentence that drops or replaces a plan describes the plan; any role word in it belongs to the plan.
const DROPS_PLAN =
  /\b(?:shelved|scrapped|ditched|nixed|abandoned|dropped|binned|cancell?ed|off the table|won'?t fly|no longer|instead of|rather than|scratch that|forget (?:the|about))\b/i;

/** The names a sentence assigns a responsibility to; none when it only mentions a role in passing. */
export function assignedRoleNames(sentence: string, isName: (name: string) => boolean): string[] {
  if (DROPS_PLAN.test(sentence)) return [];
  const names: string[] = [];
  for (const pattern of ASSIGNMENTS) {
    for (const match of sentence.matchAll(pattern)) {
      const name = match[1];
      if (name === undefined || !/^[A-Z]/.test(name) || !isName(name) || names.includes(name)) continue;
      names.push(name);
    }
  }
  return names;
}
