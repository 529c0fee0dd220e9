import { classifyMention } from '../scoring/mentions.js';

// The clauses of an action a reader of the refusal may take one by one: "check the cache first, otherwise
// fetch it and store it for 15 minutes" holds two steps.
const CLAUSE_BREAK = /\s*[,;]\s*|\s+(?=(?:otherwise|else|then)\s)/iu;
const CONNECTIVE = /^(?:otherwise|else|and then|then|and|or)\s+/iu;

/**
 * A refusal that restates the action ("I will not A, otherwise B: …") can read as doing a clause of it ("B"
 * after "otherwise" reads as a step of its own): such a refusal names the action as "that" instead. Other
 * responses are returned as they are.
 */
export function refusalWithoutSteps(response: string, action: string): string {
  const opening = `I will not ${action}`;
  if (!response.startsWith(opening)) return response;
  const clauses = action
    .split(CLAUSE_BREAK)
    .map((clause) => clause.trim().replace(CONNECTIVE, ''))
    .filter((clause) => clause !== '');
  if (clauses.length < 2 || clauses.every((clause) => classifyMention(response, clause) !== 'affirmed'))
    return response;
  return `I will not do that${response.slice(opening.length)}`;
}
