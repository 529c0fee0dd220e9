const STOPWORDS = new Set(
  'about above after again also another anything because been before being below between both could does doing down during each else every from further have having here into itself just more most much must only other over same should some such than that their them then there these they this those through under until very were what when where which while will with would your yours ours this that the and for are but not you was our out can had her his its may now off one too use used using want wants need needs still says said make made like take'.split(
    ' ',
  ),
);

/** The content words of a text: lower case, four letters or more, not a stopword, a plural `s` dropped. */
export function topicWords(text: string): Set<string> {
  const words = new Set<string>();
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}_]{4,}/gu) ?? []) {
    if (STOPWORDS.has(word)) continue;
    words.add(word.length > 4 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word);
  }
  return words;
}

/** How many content words two texts share, not counting the words of `except`. */
export function sharedTopicWords(a: string, b: string, except = ''): number {
  const left = topicWords(a);
  const skip = topicWords(except);
  let shared = 0;
  for (const word of topicWords(b)) if (left.has(word) && !skip.has(word)) shared++;
  return shared;
}

/** How many of `b`'s words `a` has too, not counting `except`: `sharedTopicWords` on words already found. */
export function sharedCount(
  a: ReadonlySet<string>,
  b: ReadonlySet<string>,
  except: ReadonlySet<string>,
): number {
  let shared = 0;
  for (const word of b) if (a.has(word) && !except.has(word)) shared++;
  return shared;
}
