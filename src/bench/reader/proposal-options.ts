import { optionStems, readOptionReference, resolveOptionReference } from './option-reference.js';
import type { MessageUnit } from './transcript-messages.js';

/** One option of a proposal: its sentences (or pieces of one), and its label when it has one ("B", "1"). */
export interface ProposalOption {
  units: MessageUnit[];
  text: string;
  label: string | undefined;
  stems: ReadonlySet<string>;
}

/**
 * What a message proposes: two or more options (one maybe recommended), or a single recommendation (one
 * option, recommended). `arguedAgainst` holds the sentences of a single recommendation's message that weigh
 * an alternative ("Raising the timeout would hide the error", "Doing it at once means…"); the rest of the
 * message is context ("The build fails on the lint step").
 */
export interface Proposal {
  options: ProposalOption[];
  recommended: number | undefined;
  arguedAgainst: MessageUnit[];
}

// How an author says which way they would go: "what I'd do is…", "I'd suggest…", "my pick is…", "we should…",
// "how about…", "Proposal: …", and "I'd" before a verb of doing ("I'd stage it", "Since we run X, I'd store it there").
const RECOMMENDS =
  /\b(?:what I'?d do is|I'?d (?:suggest|recommend|propose|go with|go for|pick|choose|rather|lean towards?|prefer)|I (?:would )?(?:suggest|recommend|propose)|my (?:pick|recommendation|vote|suggestion|proposal|preference) (?:is|would be)|the (?:better|best|safer|simplest|right) (?:option|fix|approach|choice|way|bet) (?:is|would be)|better to|(?:we|you) (?:should|could)(?! not\b| never\b)|how about|what if we|the fix (?:is|would be) to|my plan (?:is|would be))\b|^(?:my )?(?:proposal|recommendation|suggestion|plan)\s*:/i;

// "I'd" and "I would" before a verb: a recommendation, unless the verb says something else ("I'd need",
// "I'd have to", "I'd like to know", "I'd already checked").
const I_WOULD_DO =
  /\bI(?:'?d| would) (?!(?:need|have|had|like|love|be|been|guess|expect|imagine|hate|think|say|want|already|never|not|also|probably|forgotten|seen|done|missed|assumed|hoped|rather not|prefer not|wait)\b)[a-z]+/i;

// An option labelled at the start of its line: "A: …", "Option 2 — …", "(b) …", "**Option A:** …".
const LABELLED =
  /^\**(?:option\s+([a-e]|[1-9]|one|two|three|four|five)\b\**\s*[:.)—–-]?|([A-E])\s*[:)]|\(([a-eA-E1-9])\))\**\s*/i;

// A line that introduces alternatives: "Three ways to do it:", "Options:", "We could go either way:".
const INTRODUCES_OPTIONS =
  /\b(?:options?|ways?|approaches|alternatives|choices|possibilities|candidates|routes|paths|either|could)\b[^:]*:$/i;

// Sentences that open the first of several options and those that open another one.
const OPENS_FIRST =
  /^(?:one (?:option|way|approach|fix|route|choice|idea)\b|option (?:one|1|a)\b|the first (?:option|way|approach) is\b|first(?:ly)?,|we (?:can|could)\b|you (?:can|could)\b|either\b)/i;
const OPENS_ANOTHER =
  /^(?:or\b|alternatively\b|the other\b|another (?:option|way|approach|fix|route)\b|option (?:two|2|b|three|3|c)\b|second(?:ly)?,|third(?:ly)?,|the (?:second|third) (?:option|way|approach) is\b|a third\b)/i;
const COUNTS: Record<string, number> = { two: 2, three: 3, four: 4, '2': 2, '3': 3, '4': 4 };
const COUNT = 'two|three|four|2|3|4';
// What candidates are called when counted.
const CANDIDATES =
  'options|ways|approaches|alternatives|choices|candidates|types|kinds|sizes|variants|designs|libraries|tools|providers|plans|setups|vendors|services';

// A sentence after the options that compares or sums them up: it belongs to none.
const CLOSES_OPTIONS =
  /^(?:the (?:first|former|second|latter)\b|both\b|either (?:way|one|works|fixes)\b|neither\b|I'?d\b|I would\b|my (?:pick|vote|recommendation)\b|which\b|thoughts\b|your call\b)/i;

// "Either X, or Y" in one sentence.
const EITHER_OR = /^(.*?\beither\b)(.+?),?\s+or\s+(.+)$/i;

// After a recommendation, a sentence about what an alternative would do ("Doing it in one statement would hold
// locks for hours", "Everyone at once means…") is the alternative argued against, not part of the advice.
const CONSEQUENCE = /\b(?:would|means|risks?|could)\b/i;
// A sentence that weighs an alternative against the advice: what it would do, or what is wrong with it.
const WEIGHS_ALTERNATIVE =
  /\b(?:would|means|risks?|could|but|only hides|hides|instead of|rather than|too (?:slow|risky|expensive))\b/i;

function isRecommendation(text: string): boolean {
  return RECOMMENDS.test(text) || I_WOULD_DO.test(text);
}

function option(units: MessageUnit[], label?: string): ProposalOption {
  const text = units.map((unit) => unit.text).join(' ');
  return { units, label, text, stems: new Set(optionStems(text)) };
}

/** Options labelled at the start of their lines ("A: …", "Option 2: …"), each running to the end of its line. */
function labelledOptions(units: readonly MessageUnit[]): {
  options: ProposalOption[];
  used: Set<MessageUnit>;
} {
  const options: ProposalOption[] = [];
  const used = new Set<MessageUnit>();
  let current: MessageUnit[] | undefined;
  let label: string | undefined;
  const close = () => {
    if (current !== undefined) options.push(option(current, label));
    current = undefined;
  };
  for (const unit of units) {
    const match = unit.opensLine ? LABELLED.exec(unit.text) : null;
    if (match !== null) {
      close();
      label = (match[1] ?? match[2] ?? match[3] ?? '').toLowerCase();
      current = [{ ...unit, text: unit.text.slice(match[0].length) }];
      used.add(unit);
    } else if (unit.opensLine) close();
    else if (current !== undefined) {
      current.push(unit);
      used.add(unit);
    }
  }
  close();
  return { options, used };
}

/** The lines after a line that introduces alternatives ("Three ways to do it:"), one option a line. */
function listedOptions(units: readonly MessageUnit[]): { options: ProposalOption[]; used: Set<MessageUnit> } {
  const intro = units.findIndex(
    (unit, index) => INTRODUCES_OPTIONS.test(unit.text) && units[index + 1]?.opensLine === true,
  );
  if (intro < 0) return { options: [], used: new Set() };
  const lines: MessageUnit[][] = [];
  for (const unit of units.slice(intro + 1)) {
    if (unit.opensLine) lines.push([unit]);
    else lines.at(-1)?.push(unit);
  }
  // A closing line that recommends ("I'd go with the second") is no option.
  const last = lines.at(-1);
  if (last !== undefined && lines.length > 2 && isRecommendation(last[0]?.text ?? '')) lines.pop();
  return { options: lines.map((line) => option(line)), used: new Set(lines.flat()) };
}

/** Options written as running sentences: "We can X. Or we can Y.", "One way is X. The other is Y.". */
function inlineOptions(units: readonly MessageUnit[]): { options: ProposalOption[]; used: Set<MessageUnit> } {
  for (const unit of units) {
    const match = EITHER_OR.exec(unit.text);
    if (match === null || (match[2] as string).trim().split(/\s+/).length < 2) continue;
    const first = { ...unit, text: `${match[1]}${match[2]}`.trim() };
    const second = { ...unit, text: (match[3] as string).trim() };
    return { options: [option([first]), option([second])], used: new Set([unit]) };
  }
  const start = units.findIndex((unit) => OPENS_FIRST.test(unit.text));
  if (start < 0) return { options: [], used: new Set() };
  const groups: MessageUnit[][] = [[units[start] as MessageUnit]];
  for (const unit of units.slice(start + 1)) {
    if (OPENS_ANOTHER.test(unit.text)) groups.push([unit]);
    else if (CLOSES_OPTIONS.test(unit.text) || isRecommendation(unit.text)) break;
    else groups.at(-1)?.push(unit);
  }
  if (groups.length < 2) return { options: [], used: new Set() };
  return { options: groups.map((group) => option(group)), used: new Set(groups.flat()) };
}

// A sentence announcing a number of candidates, then described one a sentence: "I benchmarked two instance
// types.", "Three libraries fit:". A count of other things ("it took two minutes") announces no options.
const COUNTED_INTRO = new RegExp(
  `\\b(?:(${COUNT})\\s+(?:[\\w-]+\\s+)?(?:${CANDIDATES})|(?:benchmarked|compared|tried|tested|measured|evaluated|looked at|considered|priced)\\s+(?:the\\s+)?(${COUNT})\\s+(?:[\\w-]+\\s+)?[\\w-]+s)\\b`,
  'i',
);

/** Options announced by a count ("two types"), one sentence each, as many as announced. */
function countedOptions(units: readonly MessageUnit[]): {
  options: ProposalOption[];
  used: Set<MessageUnit>;
} {
  const none = { options: [], used: new Set<MessageUnit>() };
  const intro = units.findIndex((unit) => COUNTED_INTRO.test(unit.text));
  if (intro < 0) return none;
  const match = COUNTED_INTRO.exec((units[intro] as MessageUnit).text) as RegExpExecArray;
  const count = COUNTS[((match[1] ?? match[2]) as string).toLowerCase()] as number;
  const candidates = units.slice(intro + 1, intro + 1 + count);
  if (
    candidates.length < count ||
    candidates.some((unit) => CLOSES_OPTIONS.test(unit.text) || isRecommendation(unit.text))
  ) {
    return none;
  }
  return { options: candidates.map((unit) => option([unit])), used: new Set(candidates) };
}

// Where a recommendation of several changes joins them: "add pagination, and while we're at it rename…".
// A bare "and" inside one change ("a page of 50 items and a cursor parameter") joins no two changes.
const JOINS_PARTS = /,\s+and\s+(?:while we'?re at it,?\s+|also\s+|then\s+)?|;\s+(?:and\s+|also\s+)?/i;

/**
 * A single recommendation read as the changes it joins ("add pagination, and while we're at it rename the
 * path"), each a piece of its sentence: the options a yes to one part ("pagination yes") picks among.
 * Undefined when it holds one change.
 */
export function recommendationParts(proposal: Proposal): Proposal | undefined {
  const recommended = proposal.options[0];
  if (proposal.options.length !== 1 || recommended === undefined) return undefined;
  const parts = recommended.units.flatMap((unit) =>
    unit.text.split(JOINS_PARTS).map((text) => ({ ...unit, text: text.trim() })),
  );
  if (parts.length < 2) return undefined;
  return { options: parts.map((part) => option([part])), recommended: undefined, arguedAgainst: [] };
}

/**
 * Reads what an assistant's message proposes: options laid out (labelled, listed after an introducing line,
 * or in running sentences) and the one it recommends, if any ("I'd go with B", or a recommending sentence
 * inside one option); else a single recommendation, from the recommending sentence to the end of the advice.
 * Undefined when the message proposes nothing.
 */
export function readProposal(units: readonly MessageUnit[]): Proposal | undefined {
  for (const read of [labelledOptions, listedOptions, inlineOptions, countedOptions]) {
    const { options, used } = read(units);
    if (options.length < 2) continue;
    const inside = options.findIndex((entry) => entry.units.some((unit) => isRecommendation(unit.text)));
    let recommended: number | undefined = inside >= 0 ? inside : undefined;
    if (recommended === undefined) {
      for (const unit of units.filter((entry) => !used.has(entry))) {
        if (!isRecommendation(unit.text)) continue;
        const reference = readOptionReference(unit.text);
        if (reference === undefined) continue;
        recommended = resolveOptionReference(reference, options, undefined);
        if (recommended !== undefined) break;
      }
    }
    return { options, recommended, arguedAgainst: [] };
  }
  const at = units.findIndex((unit) => isRecommendation(unit.text));
  if (at < 0) return undefined;
  let end = at + 1;
  while (end < units.length && !CONSEQUENCE.test((units[end] as MessageUnit).text)) end++;
  return {
    options: [option(units.slice(at, end))],
    recommended: 0,
    arguedAgainst: [...units.slice(0, at), ...units.slice(end)].filter((unit) =>
      WEIGHS_ALTERNATIVE.test(unit.text),
    ),
  };
}
