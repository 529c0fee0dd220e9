/**
 * The phrases the structured-state extractor sorts sentences by. Each is a regular expression over lower-cased
 * text with word boundaries, written for how people state rules, decisions and tasks in coding sessions; the
 * tests feed phrasings beyond these lists to keep them honest.
 */

/** A prohibition: something the agent must not do. */
export const PROHIBITION =
  /\b(?:never|don'?t|do not|does not|must not|mustn'?t|must never|should not|shouldn'?t|can'?t|cannot|may not|won'?t|will not|under no circumstances|off the table|off[- ]limits|not allowed|not permitted|forbidden|prohibited|banned|avoid|stay away from|steer clear|refrain from|no longer (?:valid|allowed|supported)|not an option|out of the question|whatever (?:you|we) do|do not edit|keep (?:your hands )?off|hands[- ]off|hold off|non[- ]starter|no need to|let'?s not|(?:remember|make sure|be careful|take care|careful|please|try|need|needs|agreed|told you|asked you) not to|hard no|no-go|nope)\b|^no (?!(?:rush|worries|problem|pressure|hurry|big deal|idea|doubt|wonder)\b)[a-z]|\bleave (?:[\w./@'-]+ ){1,5}?(?:alone|be|untouched|as[- ]is|as it is|the way it is|in place)\b|\bkeep (?:[\w./@'-]+ ){1,5}?out of\b|\b(?:stays?|remains?|is to (?:stay|remain)) (?:as[- ]is|untouched|frozen|unchanged|put|where it is)\b|\bi'?d (?:rather|prefer) (?:we |you |it )?(?:not|didn'?t|leave|avoid|skip|stay)\b|\b(?:isn'?t|aren'?t|is not|are not|wasn'?t|never) (?:allowed|permitted|ok(?:ay)?|acceptable|welcome|an option|on the table|up for (?:debate|discussion))\b|\b(?:nobody|no one|none of us) (?:should|may|can|must|is to|gets to|(?!has\b|is\b|was\b|knows\b|seems\b|wants\b|likes\b|needs\b)\w+s\b)|\b(?:we'?re|we are|i'?m|i am|you'?re|you are) not (?:\w+ing|going to)\b|\b(?:we|you) aren'?t (?:\w+ing|going to)\b|\b(?:is|are|stays?|remains?|'s) (?:now )?(?:frozen|locked(?: down)?|read-only|reserved for|sacred|untouchable|hands[- ]off|off[- ]limits|a bad idea|a terrible idea|dangerous)\b|\bstop (?:\w+ing)\b|\b(?:absolutely|definitely|certainly) not\b|\bnot a chance\b|\bthe last thing (?:we|i) want\b|\b(?:stay|stays|keep) (?:out of|away from|clear of)\b|\bleave (?:[\w./@'-]+ ){1,4}?to (?:the |our )?\w+\b|\bnot to be\b|(?<!(?:there'?s|there is|found|see|saw|is|was) )\bnothing that (?:\w+s|(?:would|could|might|will) \w+)\b|\b(?:treat|handle|keep) (?:[\w./@'-]+ ){1,4}?as read-only\b|\b(?:can|may|should|must|is to|are to) only\b|^only (?!if\b|when\b|once\b|after\b)|\bonly (?:the |our )?[\w-]+(?: [\w-]+)? (?:may|can|should|gets to|get to|is allowed to|are allowed to)\b|\breserved for\b|\b(?:that'?s|it'?s) a (?:hard |firm )?no(?![-\w])|\ba no from me\b|\b(?:i'?m|we'?re|i am|we are) against\b|\b(?:isn'?t|is not|won'?t be|will not be|not) happening\b|\bwon'?t happen\b|\bdiscouraged\b|\bnot something (?:we|you|i)\b|\bunder no (?:condition|account)s?\b|\bresist the (?:urge|temptation)\b|\boff the (?:cards|menu)\b/;

/**
 * Words at least one of which every {@link PROHIBITION} match holds, at a word start: a cheap first test, so the
 * long pattern runs only on the few lines and sentences that could match it (most tool output holds none).
 * Keep it a superset: a phrase added to PROHIBITION needs its word here unless one listed already covers it.
 */
const PROHIBITION_HINT =
  /\b(?:no|never|don|mustn|shouldn|can|won|isn|aren|wasn|off|forbid|prohibit|banned|avoid|stay|steer|refrain|whatever|leave|keep|remain|rather|prefer|frozen|locked|read-only|reserved|sacred|untouchable|bad idea|terrible idea|dangerous|stop|last thing|only|against|discouraged|resist)/;

// A "not" that gives a purpose ("read the guide so we don't get bounced", "so as not to wake the pager"): it says
// why something is done, and forbids nothing.
const PURPOSE_NOT =
  /\bso (?:that )?(?:we|you|i|it|they|nobody|no one)(?:'ll| will)? (?:don'?t|do not|won'?t|will not|can'?t|cannot|never|aren'?t|are not)\b[^,.;:!?]*|\b(?:so as|in order) not to\b[^,.;:!?]*/g;

// A "not" that tells what the speaker knows or grasps ("I don't get the scheduler at all", "we can't tell why"):
// a state of mind, which forbids nothing.
const KNOWING_NOT =
  /\b(?:i|we)(?: really| just| still)? (?:don'?t|do not|can'?t|cannot) (?:get|understand|know|see|follow|remember|recall|tell)\b[^,.;:!?]*/g;

/** Whether lower-cased text states a prohibition ({@link PROHIBITION}), testing the cheap hint first. */
export function forbids(lower: string): boolean {
  if (!PROHIBITION_HINT.test(lower)) return false;
  if (!PROHIBITION.test(lower)) return false;
  return !lower.includes(' not') && !lower.includes("n't")
    ? true
    : PROHIBITION.test(lower.replace(PURPOSE_NOT, ' ').replace(KNOWING_NOT, ' '));
}

/** A positive hard rule: something the agent must always do. */
export const REQUIREMENT =
  /\b(?:always|must|has to|have to|needs? to be|required|requires|mandatory|make sure|ensure|only ever|at all times|from now on|going forward|to the letter|(?:house|hard|team|standing|golden) rules?|policy(?![\w-]|\.\w))(?<![\w/.-]policy)/;

/**
 * A standing requirement on a whole class of things, as opposed to one piece of work: "anything over 750 EUR
 * needs a second approver", "every migration has to be reviewed by the DBA", "all public endpoints require a
 * rate limit". Its "needs" does not ask for a task to be done once.
 */
export const STANDING_REQUIREMENT =
  /(?:^|[.;:]\s+|,\s+(?:and |but |so )?)(?:anything|everything|any|every|each|all)\b[^,;.!?]{0,60}? (?:needs?|requires?|must|has to|have to|is to|are to)\b/;

/** An exception to a rule: it permits, so it is kept beside the rule, not under prohibitions. */
export const EXCEPTION =
  /\b(?:except|exception|unless|only (?:once|if|when|after)|the one case|carve[- ]out|apart from|other than|aside from|save for|excluding|as long as|provided that)\b/;

/** Words that settle something: a sentence with one is a decision even when what it settles is a "not". */
export const DECIDES =
  /\b(?:decided|decision|agreed|settled (?:on|it)|we(?:'ve| have)? concluded|final (?:call|answer|decision)|it'?s settled)\b/;

/** A decision or a plan being settled. */
export const DECISION =
  /(?:^|\b(?:current|new|the|our) )plan(?: for [^:]{1,40})?:|\bapproach:|\b(?:we'?re|we are|i'?m|i am) going to\b|\bgo ahead with\b|\bwe should\b|\bis the way to go\b|\b(?:let'?s|let us|we'?ll|we will|we go with|go(?:ing)? with|decided|decision|agreed|settled on|chose|chosen|pick(?:ed)?|opt(?:ed)? for|stick with|the plan is|plan is to|we use|use .+ (?:as|for)|final answer|approved)\b/;

/**
 * A choice named by itself, with no verb of deciding: "Kubernetes CronJob it is, same schedule", "WebSockets
 * with uWebSockets.js, I'd say", "I'd go with the queue", "my vote is Redis".
 */
export const NAMES_OWN_CHOICE =
  /^(?!(?:what|how|where|when|who|which|why|that|this|so|whatever|as|if|here|there|it)\b)[^,;:?]{2,40}? it is(?=\s*(?:[,;.!—–]|$))|^[^,;:?]{2,60}?,? i'?d say[.!]?$|\bi'?d (?:go|vote) (?:with|for)\b|\bi'?d pick\b|\bmy (?:vote|pick) (?:is|goes)\b/;

/**
 * A change of an earlier plan or statement: the newer one stands, the older one is superseded. "The corrected
 * port" names the result of a correction made before; only "corrected" as a verb revises.
 */
export const OVERRIDE =
  /\b(?:scratch that|instead|rather than|actually|correction|(?<!\b(?:the|a|an|its|our|their|my|your|this|that) )corrected|switch(?:ed|ing)? (?:to|from|over)|changed? (?:my|our) mind|on second thought|no longer|not anymore|replac(?:e|ed|ing) .+ with|reverse|revert(?:ing)? to|forget (?:the|what|about)|(?:ignore|disregard) (?:the|what|my)|wrong|(?<!\b(?:a|the|one|some|any|no) )typo(?=\s*[,:;.!—–-]|$)|my typo|(?:i|we) made a typo|typo on my (?:part|end|side)|(?:that|this|it)(?: was|'s| is) a typo|(?:sorry|oops),? a typo|mistake|update:)\b/;

/** An open task, a next step or something blocked. */
export const TASK =
  /\b(?:(?:(?:a )?(?:two|three|four|five|few|couple of|\d+) )?things? (?:(?:for|to do|on) )?(?:today|tonight|tomorrow|this (?:week|morning|afternoon|sprint))|(?:for|on) (?:today|the list|my plate)\s*:|to-?do(?: list)?\s*:|(?:check ?list|punch ?list|(?<!repro(?:duction)? )steps)(?=\s*:)|still (?:need|needs|open|pending|missing|to do|has to|have to|left|todo)|todo|to-do|pending|left to do|remaining|remains|next step|follow[- ]up|pick (?:it|this|that) up|not (?:done|finished) yet|blocked|waiting (?:on|for)|tracked in|open (?:item|task|question)|worth (?:a |another )?(?:look|check)|worth (?:checking|looking (?:at|into)|investigating)|needs? (?:real |a |an |to )|has to be|have to be|before (?:we|the|it|anything) (?:merge|ship|release|go|reach)|missing)\b/;

/** Something put off on purpose. */
export const DEFERRAL =
  /\b(?:later|postpone[ds]?|defer(?:red)?|park(?:ed)?|punt(?:ed)?|next (?:sprint|week|month|quarter|release)|after the (?:release|launch|freeze|demo)|for now,? (?:skip|leave)|out of scope for now|not now|some other time|come back to)\b/;

/** A role of a person or team. */
export const ROLE =
  /\b(?:owner|owns|maintainer|maintains|on[- ]call|carries (?:its|the) pager|holds the pager|escalation|contact|approver|approves|sign[- ]off|signs off|reviewer|reviews|release manager|lead|manager|responsible for|in charge of|point of contact|keyholder|admin)\b/;

/** A report of work done on a file or an artifact. */
export const CHANGE =
  /\b(?:created|modified|edited|wrote|added|removed|deleted|renamed|moved|fixed|patched|updated|bumped|committed|regenerated|generated|migrated|changed)\b/;

/** A report of a failure. */
export const FAILURE =
  /\b(?:error|errors|fail(?:s|ed|ing)?|failure|exception|traceback|panic|fatal|crash(?:es|ed)?|exit(?:s|ed)? (?:with )?(?:code )?[1-9]|non-zero|timed? out|refused|denied|broken|red|rejects|rejected|never (?:arrives?|arrived|fires?|fired|shows? up|comes? (?:in|through)|completes?|finishes)|(?:doesn'?t|does not|won'?t) (?:work|arrive|fire|load|start|connect|build)|stopped working)\b/;

/** A limit or threshold: a comparison right before a number, or a limit named with its value. */
export const THRESHOLD =
  /\b(?:below|above|under|over|at least|at most|no more than|less than|more than|up to|exceed(?:s|ing)?)\s+(?:[a-z]+\s+)?\d|\b(?:limits?|threshold|maximum|minimum|max|min|cap|quota)\b(?![-_.])\s*[:=]?\s*[\w.]*\d/;

/** A request of the moment ("find every use of X", "can you run the tests"): it states nothing that lasts. */
export const REQUEST =
  /^(?:(?:can|could|would) you |please |i'?d like to see |let me see |show me |walk me through |tell me |remind me |find |run |read |open |check |list |look |grep |search |explain |give me |what'?s |what is |which |where |how (?:do|does|did|is|are|was|were|can|could|should|would|will|to|much|many|long|often) )/;

/** A concrete value a fact is made of: a number, a path, a URL, code, an identifier, a version, a name or a day. */
export const VALUE =
  /\d|`[^`]+`|\/[\w.-]+|https?:\/\/|\b[\w.-]+\.(?:ts|js|py|go|rs|java|ya?ml|json|toml|sql|md|sh|cfg|ini|env|lock)\b|\b[A-Z][A-Z0-9]*_[A-Z0-9_]+\b|\b[a-z]+[A-Z]\w*\b|\b[A-Z][a-z]+ [A-Z][a-z]+\b|\b(?:[Mm]on|[Tt]ues|[Ww]ednes|[Tt]hurs|[Ff]ri|[Ss]atur|[Ss]un)day\b/;

// A quantity in words ("seven years", "eight attempts", "two approvals"); "one" is left out, as it is more often
// a pronoun ("the one exception") than a count.
const QUANTITY_IN_WORDS =
  /\b(?:two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|sixty|ninety|hundred|thousand|a dozen|half an?) [a-z]/i;
// A name written in code: snake_case, or dotted ("billing_profile.time_zone", "tenant_ref").
const CODE_NAME = /\b[a-z][a-z0-9]*_[a-z0-9_.]*[a-z0-9]\b/;

/** Whether a statement carries a concrete value: a number, in digits or words, a path, a name in code, a day. */
export function holdsValue(text: string): boolean {
  return VALUE.test(text) || QUANTITY_IN_WORDS.test(text) || CODE_NAME.test(text);
}

/** True when the sentence is a question (and so states nothing by itself). */
export function isQuestion(sentence: string): boolean {
  return /\?\s*$/.test(sentence);
}
