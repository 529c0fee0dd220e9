/**
 * What a question asks about, as people say it otherwise: "What is still unclear?" is answered by "I can't
 * tell which one finance expects", "Who refused …?" by "Amal won't hand out credentials". Neither shares a
 * word with the question; each idiom is a plain English way of stating what the question names.
 */

interface AskedIdiom {
  /** How a question names it. */
  asked: RegExp;
  /** How a passage states it. */
  stated: RegExp;
}

const IDIOMS: readonly AskedIdiom[] = [
  // Not knowing: an open question is stated as what someone cannot tell or is not sure of.
  {
    asked: /\b(?:unclear|unknown|unsure|not (?:sure|clear|known)|uncertain|open questions?)\b/i,
    stated:
      /\b(?:I|we)\s+(?:still\s+|really\s+)?(?:can[’']?t|cannot|couldn[’']?t|don[’']?t|do not|didn[’']?t)\s+(?:tell|say|know|figure out|work out)\b|\bnot (?:sure|clear)\b|\bunclear\b|\bno idea\b|\bopen question\b/i,
  },
  // Refusing: stated as what someone will not do ("won't give", "is not going to sign").
  {
    asked: /\b(?:refus\w*|declin\w*|turn(?:ed|s)? down|said no|says no|won[’']?t agree)\b/i,
    stated: /\b(?:won[’']?t|will not|refus\w*|declin\w*|not going to|said no|says no)\b/i,
  },
  // Still to be done: stated as what something is waiting for or has not had yet.
  {
    asked:
      /\b(?:still (?:open|pending|outstanding)|left to do|still to do|remains? (?:open|to do)|unfinished)\b/i,
    stated:
      /\bwaiting (?:for|on)\b|\bawaiting\b|\bpending\b|\bblocked (?:on|by)\b|\bnot (?:yet )?(?:merged|reviewed|approved|deployed|released|shipped)\b|\bhas(?:n[’']?t| not) been (?:merged|reviewed|approved|deployed|released|shipped)\b/i,
  },
  // Taken back: what was ruled out is stated by the correction that took it back ("wait, no, that's the one
  // with the leak").
  {
    asked: /\b(?:ruled out|taken back|retracted|the wrong one)\b/i,
    stated:
      /\b(?:wait,? no|no,? wait|that[’']?s the one with|not that one|scratch that|typo|I meant|misremembered|wrong (?:one|version|number))\b/i,
  },
  // Having to wait: stated as what it runs until, or clashes with ("the numbers aren't final until it's done").
  {
    asked: /\b(?:wait(?:s|ing)? (?:for|on)|have to wait|has to wait|depends? on)\b/i,
    stated:
      /\buntil\b[^.;]{0,60}\b(?:done|finished|final|complete|completed|ready|over|through|merged)\b|\b(?:clash(?:es)?|collides?) with\b|\bonly after\b|\bonce\b[^.;]{0,40}\b(?:is|are|has|have)\s+(?:done|finished|ready|merged)\b/i,
  },
];

/**
 * The patterns of the passages that state what the question asks about in other words, one per idiom the
 * question uses (none for most questions).
 */
export function statedIdioms(prompt: string): RegExp[] {
  return IDIOMS.filter((idiom) => idiom.asked.test(prompt)).map((idiom) => idiom.stated);
}
